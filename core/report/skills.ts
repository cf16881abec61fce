import type { QuestionCategory } from "../items/questions";
import { areaTitle } from "./areas";
import { type MessageRef, ref } from "./messages";
import type { CategoryProfile } from "./profile";
import type { ReportSection } from "./shape";

/**
 * One report section per area: what it measures, how the reader did, how to practise
 * (docs/decisions/0020-report-content.md).
 */

export type SkillTier = "low" | "mid" | "good" | "top" | "all";

/**
 * Tiers by raw score out of 10. 0-3 is around chance (guessing averages 2.5 of 10), so
 * it is worded as "not yet shown", never as a verdict; 9 and 10 mean the hardest items
 * fell, and 10 of 10 is said as what it is: all of them (issue 30.5).
 */
export function skillTier(raw: number): SkillTier {
  if (raw <= 3) return "low";
  if (raw <= 6) return "mid";
  if (raw <= 8) return "good";
  return raw >= 10 ? "all" : "top";
}

const tierText: Readonly<Record<SkillTier, MessageRef>> = {
  low: ref("premium_skill_tier_low"),
  mid: ref("premium_skill_tier_mid"),
  good: ref("premium_skill_tier_good"),
  top: ref("premium_skill_tier_top"),
  all: ref("premium_skill_tier_all"),
};

const measures: Readonly<Record<QuestionCategory, MessageRef>> = {
  SM: ref("premium_skill_sm_measures"),
  RA: ref("premium_skill_ra_measures"),
  RE: ref("premium_skill_re_measures"),
  RL: ref("premium_skill_rl_measures"),
};

const practice: Readonly<Record<QuestionCategory, readonly MessageRef[]>> = {
  SM: [
    ref("premium_skill_sm_practice_1"),
    ref("premium_skill_sm_practice_2"),
    ref("premium_skill_sm_practice_3"),
  ],
  RA: [
    ref("premium_skill_ra_practice_1"),
    ref("premium_skill_ra_practice_2"),
    ref("premium_skill_ra_practice_3"),
  ],
  RE: [
    ref("premium_skill_re_practice_1"),
    ref("premium_skill_re_practice_2"),
    ref("premium_skill_re_practice_3"),
  ],
  RL: [
    ref("premium_skill_rl_practice_1"),
    ref("premium_skill_rl_practice_2"),
    ref("premium_skill_rl_practice_3"),
  ],
};

/** Where the area stands against the reader's own level, as the general overview put it. */
function relativeText(category: QuestionCategory, profile: CategoryProfile): MessageRef {
  const difference = profile.difference[category];
  if (profile.strengths.includes(category)) {
    return ref("premium_skill_relative_strength", { diff: difference });
  }
  if (profile.developmentAreas.includes(category)) {
    return ref("premium_skill_relative_development", { diff: -difference });
  }
  return ref("premium_skill_relative_even");
}

export function skillSection(category: QuestionCategory, profile: CategoryProfile): ReportSection {
  const raw = profile.raw[category];
  return {
    id: `skill:${category}`,
    title: areaTitle[category],
    blocks: [
      { kind: "heading", text: ref("premium_skill_measures_heading") },
      { kind: "paragraph", text: measures[category] },
      { kind: "heading", text: ref("premium_skill_result_heading") },
      { kind: "paragraph", text: ref("premium_skill_score", { raw }) },
      { kind: "paragraph", text: tierText[skillTier(raw)] },
      { kind: "paragraph", text: relativeText(category, profile) },
      { kind: "heading", text: ref("premium_skill_practice_heading") },
      { kind: "list", items: [...practice[category]] },
    ],
  };
}
