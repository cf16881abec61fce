import type { QuestionCategory } from "../items/questions";
import type { AreaAbilities } from "../scoring/area-abilities";
import { expectedRaw } from "../scoring/norms";
import { ageBands, iqScale, itemModel, referenceAgeBand } from "../scoring/norms-model";

/**
 * The reader's category profile (docs/decisions/0020-report-content.md; issue 29.1,
 * docs/decisions/0041-an-honest-profile.md): an area is a strength or a development area
 * only when its ability differs from the person's own overall ability beyond the 95 % bound
 * of that difference; otherwise the profile is even within what 40 questions can tell. Also
 * how each area compares with the average taker of the norms model, and how precisely each
 * area is known.
 */

/** The four areas in the test's (and the report's) order. */
export const reportCategories: readonly QuestionCategory[] = ["SM", "RA", "RE", "RL"];

/** The two-sided 95 % bound: a difference is claimed beyond this many standard errors. */
export const claimZ = 1.96;
/** IQ figures in words are rounded to this: ten questions cannot tell finer. */
export const iqStep = 5;
/** Within this many raw points of the average taker an area reads "close to the average". */
export const nearAverage = 1;

export type VersusAverage = "above" | "near" | "below";

export interface CategoryProfile {
  raw: Record<QuestionCategory, number>;
  /** The reader's raw mean over the four areas (0-10). */
  mean: number;
  /** Best minus worst raw area score. */
  spread: number;
  /**
   * Each area's ability minus the overall ability, in IQ points, rounded to `iqStep`
   * (positive: the area is above the person's own level).
   */
  difference: Record<QuestionCategory, number>;
  /** How precisely each area is known: half its 95 % interval in IQ points, rounded to `iqStep`. */
  margin: Record<QuestionCategory, number>;
  /** True when no area differs from the own level beyond the bound: nothing is named. */
  balanced: boolean;
  /** Areas above the own level beyond the bound, largest first. */
  strengths: QuestionCategory[];
  /** Areas below the own level beyond the bound, largest gap first. */
  developmentAreas: QuestionCategory[];
  /** The highest and lowest areas by ability (first in test order on ties), named even when balanced. */
  best: QuestionCategory;
  weakest: QuestionCategory;
  /**
   * What the norms model expects in each area from a person at IQ 100 in the age band.
   * The model's four areas have identical items, so this is its total split evenly.
   */
  averageTaker: Record<QuestionCategory, number>;
  versusAverage: Record<QuestionCategory, VersusAverage>;
}

/**
 * How far an area stands from the overall ability, in standard errors of that difference.
 * The area's ability is read with a prior centred on the overall one, and the overall one
 * contains the area's items, so the error of the difference is that of a subscore against a
 * total that includes it: sqrt(se_area^2 - se_overall^2), kept above 0.1.
 */
export function differenceZ(abilities: AreaAbilities, category: QuestionCategory): number {
  const area = abilities.byCategory[category];
  const se = Math.sqrt(Math.max(area.se ** 2 - abilities.overall.se ** 2, 0.01));
  return (area.theta - abilities.overall.theta) / se;
}

const roundToStep = (value: number) => Math.round(value / iqStep) * iqStep;

/** The raw score per area the norms model gives the middle of an age band ("unknown": 25-34). */
export function averageTakerRaw(ageBand: string = referenceAgeBand): number {
  const band =
    ageBands.find((candidate) => candidate.id === ageBand) ??
    ageBands.find((candidate) => candidate.id === referenceAgeBand);
  return expectedRaw(band?.meanAbility ?? 0) / itemModel.categories;
}

function byCategory<T>(value: (category: QuestionCategory) => T): Record<QuestionCategory, T> {
  return { SM: value("SM"), RA: value("RA"), RE: value("RE"), RL: value("RL") };
}

/** Categories ordered by `key`, descending; ties keep the test's order (sort is stable). */
function ordered(
  categories: readonly QuestionCategory[],
  key: (category: QuestionCategory) => number,
): QuestionCategory[] {
  return [...categories].sort((a, b) => key(b) - key(a));
}

export function categoryProfile(
  raw: Readonly<Record<QuestionCategory, number>>,
  abilities: AreaAbilities,
  ageBand: string = referenceAgeBand,
): CategoryProfile {
  const scores = byCategory((category) => raw[category]);
  const mean = reportCategories.reduce((sum, category) => sum + scores[category], 0) / 4;
  const spread =
    Math.max(...reportCategories.map((c) => scores[c])) -
    Math.min(...reportCategories.map((c) => scores[c]));
  const theta = (category: QuestionCategory) => abilities.byCategory[category].theta;
  const z = byCategory((category) => differenceZ(abilities, category));
  const best = ordered(reportCategories, theta)[0] as QuestionCategory;
  const weakest = ordered(reportCategories, (category) => -theta(category))[0] as QuestionCategory;
  const strengths = ordered(
    reportCategories.filter((category) => z[category] > claimZ),
    (category) => z[category],
  );
  const developmentAreas = ordered(
    reportCategories.filter((category) => z[category] < -claimZ),
    (category) => -z[category],
  );
  const average = averageTakerRaw(ageBand);
  const versusAverage = byCategory((category): VersusAverage => {
    const difference = scores[category] - average;
    if (Math.abs(difference) < nearAverage) return "near";
    return difference > 0 ? "above" : "below";
  });
  return {
    raw: scores,
    mean,
    spread,
    difference: byCategory((category) =>
      roundToStep(iqScale.sd * (theta(category) - abilities.overall.theta)),
    ),
    margin: byCategory((category) =>
      Math.max(iqStep, roundToStep(claimZ * iqScale.sd * abilities.byCategory[category].se)),
    ),
    balanced: strengths.length === 0 && developmentAreas.length === 0,
    strengths,
    developmentAreas,
    best,
    weakest,
    averageTaker: byCategory(() => average),
    versusAverage,
  };
}
