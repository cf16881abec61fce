import type { ScoredResult } from "../attempts/attempt";
import { shareCouponPercent } from "../payments/checkout";
import { unknownAgeBand } from "../scoring/norms-model";
import { scoreLabels } from "../scoring/score-text";
import type { PercentileMethod } from "../scoring/scoring";
import { populationMeans } from "../scoring/scoring";
import { areaTitle, areaWord } from "./areas";
import { type MessageRef, type ReportMessageKey, ref } from "./messages";
import { type CategoryProfile, categoryProfile, reportCategories } from "./profile";
import type { ReportContent, ReportSection, ScoreRow } from "./shape";
import { skillSection } from "./skills";
import { bandGroup, suggestionTips } from "./suggestions";

/**
 * The premium report's content, derived from the stored result alone, in the spec's section
 * order (docs/decisions/0020-report-content.md). Language-neutral: render.ts gives it words.
 */

const bandName = (result: ScoredResult) => ref(`result_band_${result.band}`);

function cover(result: ScoredResult): ReportSection {
  const labels = scoreLabels(result);
  return {
    id: "cover",
    title: ref("premium_cover_title"),
    blocks: [
      { kind: "paragraph", text: ref("premium_cover_subtitle") },
      {
        kind: "figures",
        items: [
          {
            label: ref("premium_figure_iq"),
            value: ref("premium_figure_iq_value", { iq: result.iqLabel }),
          },
          {
            label: ref("score_interval_caption"),
            value: ref("score_interval_range", { low: labels.low, high: labels.high }),
          },
          { label: ref("premium_figure_band"), value: bandName(result) },
        ],
      },
    ],
  };
}

function scoreSentence(result: ScoredResult): MessageRef {
  const labels = scoreLabels(result);
  const inputs = { iq: result.iqLabel, low: labels.low, high: labels.high };
  if (result.atCeiling) return ref("premium_overview_score_ceiling", inputs);
  if (result.atFloor) return ref("premium_overview_score_floor", inputs);
  return ref("premium_overview_score", inputs);
}

function intelligenceOverview(result: ScoredResult): ReportSection {
  const age =
    result.ageBand === unknownAgeBand
      ? ref("premium_overview_age_unknown")
      : ref("premium_overview_age", { ageBand: result.ageBand });
  return {
    id: "intelligenceOverview",
    title: ref("premium_overview_title"),
    blocks: [
      { kind: "paragraph", text: ref("premium_overview_intro") },
      { kind: "paragraph", text: scoreSentence(result) },
      {
        kind: "paragraph",
        text: ref("premium_overview_band", {
          band: bandName(result),
          bandText: ref(`result_band_text_${result.band}`),
        }),
      },
      { kind: "paragraph", text: age },
      // The legal position (spec section 1), said once in the report.
      { kind: "paragraph", text: ref("premium_overview_notice") },
    ],
  };
}

const methodKey: Readonly<
  Record<"brazil" | "world", Readonly<Record<PercentileMethod, ReportMessageKey>>>
> = {
  brazil: { model: "premium_method_brazil_model", empirical: "premium_method_brazil_empirical" },
  world: { model: "premium_method_world_model", empirical: "premium_method_world_empirical" },
};

function scoreRow(profile: CategoryProfile, category: ScoreRow["category"]): ScoreRow {
  const row = {
    category,
    raw: profile.raw[category],
    averageTaker: profile.averageTaker[category],
    versus: profile.versusAverage[category],
  };
  const text = ref(`premium_score_${row.versus}`, {
    area: areaTitle[category],
    raw: row.raw,
    average: row.averageTaker,
    margin: profile.margin[category],
  });
  return { ...row, name: areaTitle[category], text };
}

/**
 * A percentage as precisely as a 40-question score knows it: whole percents (the person's
 * own interval spans many of them; PSYCHOMETRICS.md: no invented precision), and the last
 * percent at each end said in words, never "higher than 0 %" or "100 %". The stored result
 * keeps its tenth; only what is shown is rounded.
 */
export function shownPercentage(percentage: number): "top" | "bottom" | number {
  if (percentage >= 99) return "top";
  if (percentage < 1) return "bottom";
  return Math.round(percentage);
}

const percentFigure = (percentage: number): MessageRef => {
  const shown = shownPercentage(percentage);
  if (shown === "top") return ref("premium_figure_percent_top");
  if (shown === "bottom") return ref("premium_figure_percent_bottom");
  return ref("premium_figure_percent_value", { percent: shown });
};

const percentSentence = (population: "brazil" | "world", percentage: number): MessageRef => {
  const shown = shownPercentage(percentage);
  if (shown === "top" || shown === "bottom") return ref(`premium_results_${population}_${shown}`);
  return ref(`premium_results_${population}`, { percent: shown });
};

function results(result: ScoredResult, profile: CategoryProfile): ReportSection {
  const brazil = result.percentageBrazil;
  const world = result.percentageWorld;
  return {
    id: "results",
    title: ref("premium_results_title"),
    blocks: [
      {
        kind: "figures",
        items: [
          {
            label: ref("premium_figure_brazil"),
            value: percentFigure(brazil),
          },
          {
            label: ref("premium_figure_world"),
            value: percentFigure(world),
          },
        ],
      },
      { kind: "paragraph", text: percentSentence("brazil", brazil) },
      {
        kind: "paragraph",
        text: ref(methodKey.brazil[result.percentileMethod.brazil], {
          mean: populationMeans.brazil,
        }),
      },
      { kind: "paragraph", text: percentSentence("world", world) },
      { kind: "paragraph", text: ref(methodKey.world[result.percentileMethod.world]) },
      { kind: "paragraph", text: ref("premium_results_scores_intro") },
      { kind: "scores", rows: reportCategories.map((category) => scoreRow(profile, category)) },
      {
        kind: "paragraph",
        text: ref("premium_results_average_note", { average: profile.averageTaker.SM }),
      },
    ],
  };
}

function generalOverview(profile: CategoryProfile): ReportSection {
  const blocks: ReportSection["blocks"] = [
    { kind: "paragraph", text: ref("premium_general_mean", { mean: profile.mean }) },
  ];
  const list = (areas: readonly ScoreRow["category"][]) => areas.map((area) => areaWord[area]);
  if (profile.balanced) {
    const text =
      profile.spread === 0
        ? ref("premium_general_balanced_equal")
        : ref("premium_general_balanced");
    blocks.push({ kind: "paragraph", text });
  }
  if (profile.strengths.length > 0) {
    blocks.push({
      kind: "paragraph",
      text: ref("premium_general_strengths", { areas: list(profile.strengths) }),
    });
  }
  if (profile.developmentAreas.length > 0) {
    blocks.push({
      kind: "paragraph",
      text: ref("premium_general_development", { areas: list(profile.developmentAreas) }),
    });
  }
  return { id: "generalOverview", title: ref("premium_general_title"), blocks };
}

function generalAnalysis(result: ScoredResult, profile: CategoryProfile): ReportSection {
  const profileTexts: MessageRef[] = [];
  if (profile.balanced) profileTexts.push(ref("premium_analysis_profile_balanced"));
  if (profile.strengths.length > 0) {
    profileTexts.push(
      ref("premium_analysis_profile_lead", { areas: profile.strengths.map((c) => areaWord[c]) }),
    );
  }
  if (profile.developmentAreas.length > 0) {
    profileTexts.push(
      ref("premium_analysis_profile_held", {
        areas: profile.developmentAreas.map((c) => areaWord[c]),
      }),
    );
  }
  return {
    id: "generalAnalysis",
    title: ref("premium_analysis_title"),
    blocks: [
      { kind: "paragraph", text: ref(`premium_analysis_band_${bandGroup[result.band]}`) },
      ...profileTexts.map((text) => ({ kind: "paragraph" as const, text })),
      { kind: "paragraph", text: ref("premium_analysis_scope") },
    ],
  };
}

const habits: readonly MessageRef[] = [
  ref("premium_habit_sleep"),
  ref("premium_habit_exercise"),
  ref("premium_habit_reading"),
  ref("premium_habit_puzzles"),
  ref("premium_habit_spaced"),
  ref("premium_habit_focus"),
  ref("premium_habit_learning"),
];

function strengthening(): ReportSection {
  return {
    id: "strengthening",
    title: ref("premium_strengthening_title"),
    blocks: [
      { kind: "paragraph", text: ref("premium_strengthening_intro") },
      { kind: "list", items: [...habits] },
      { kind: "paragraph", text: ref("premium_strengthening_note") },
    ],
  };
}

function suggestions(result: ScoredResult, profile: CategoryProfile): ReportSection {
  const intro = profile.balanced
    ? ref("premium_suggestions_intro_balanced")
    : ref("premium_suggestions_intro_profile");
  return {
    id: "suggestions",
    title: ref("premium_suggestions_title"),
    blocks: [
      { kind: "paragraph", text: intro },
      { kind: "list", items: suggestionTips(profile, result.band, result.atCeiling) },
    ],
  };
}

function conclusion(result: ScoredResult, profile: CategoryProfile): ReportSection {
  const summary = profile.balanced
    ? ref("premium_conclusion_summary_balanced", { iq: result.iqLabel, band: bandName(result) })
    : ref("premium_conclusion_summary", {
        iq: result.iqLabel,
        band: bandName(result),
        best: areaWord[profile.best],
      });
  return {
    id: "conclusion",
    title: ref("premium_conclusion_title"),
    blocks: [
      { kind: "paragraph", text: summary },
      { kind: "paragraph", text: ref("premium_conclusion_snapshot") },
    ],
  };
}

function thanks(): ReportSection {
  return {
    id: "thanks",
    title: ref("premium_thanks_title"),
    blocks: [
      { kind: "paragraph", text: ref("premium_thanks_text") },
      // The page shows the two codes and the share action next to this sentence.
      { kind: "paragraph", text: ref("premium_thanks_coupons", { percent: shareCouponPercent }) },
    ],
  };
}

export function reportContent(result: ScoredResult): ReportContent {
  const profile = categoryProfile(result.rawByCategory, result.abilities, result.ageBand);
  return {
    profile,
    sections: [
      cover(result),
      intelligenceOverview(result),
      results(result, profile),
      generalOverview(profile),
      ...reportCategories.map((category) => skillSection(category, profile)),
      generalAnalysis(result, profile),
      strengthening(),
      suggestions(result, profile),
      conclusion(result, profile),
      thanks(),
    ],
  };
}
