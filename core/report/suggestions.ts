import type { QuestionCategory } from "../items/questions";
import type { Band } from "../scoring/scoring";
import { areaWord } from "./areas";
import { type MessageRef, ref } from "./messages";
import type { CategoryProfile } from "./profile";

/**
 * The tips, chosen by rules (docs/decisions/0020-report-content.md): first the weakest
 * areas' tips (all-round tips for a balanced profile), then one to keep the top strength
 * sharp, then tips for the score's band.
 */

export type BandGroup = "high" | "above" | "average" | "low";

export const bandGroup: Readonly<Record<Band, BandGroup>> = {
  giftedness: "high",
  superior: "high",
  above_average: "above",
  average: "average",
  dullness: "low",
  slow: "low",
  very_below_average: "low",
};

const areaTip: Readonly<Record<QuestionCategory, MessageRef>> = {
  SM: ref("premium_tip_sm"),
  RA: ref("premium_tip_ra"),
  RE: ref("premium_tip_re"),
  RL: ref("premium_tip_rl"),
};

const challenge = [ref("premium_tip_high_challenge"), ref("premium_tip_high_teach")];

const bandTips: Readonly<Record<BandGroup, readonly MessageRef[]>> = {
  // Low scores: encouragement first, then how to take the test (most losses are avoidable).
  low: [
    ref("premium_tip_low_encourage"),
    ref("premium_tip_low_read"),
    ref("premium_tip_low_time"),
    ref("premium_tip_low_rest"),
  ],
  average: [ref("premium_tip_average_time"), ref("premium_tip_average_check")],
  above: challenge,
  high: challenge,
};

export function suggestionTips(
  profile: CategoryProfile,
  band: Band,
  atCeiling: boolean,
): MessageRef[] {
  const weakest =
    profile.developmentAreas.length > 0 ? profile.developmentAreas : [profile.weakest];
  const targeted = profile.balanced
    ? [ref("premium_tip_balanced_rotate"), ref("premium_tip_balanced_mix")]
    : weakest.map((category) => areaTip[category]);
  const top = profile.strengths[0];
  const strength = top ? [ref("premium_tip_strength", { area: areaWord[top] })] : [];
  const ceiling = atCeiling ? [ref("premium_tip_ceiling")] : [];
  return [...targeted, ...strength, ...bandTips[bandGroup[band]], ...ceiling];
}
