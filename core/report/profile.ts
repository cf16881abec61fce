import type { QuestionCategory } from "../items/questions";
import { expectedRaw } from "../scoring/norms";
import { ageBands, itemModel, referenceAgeBand } from "../scoring/norms-model";

/**
 * The reader's category profile: where they did better or worse than their OWN mean, and
 * how each area compares with the average taker of the norms model
 * (docs/decisions/0020-report-content.md).
 */

/** The four areas in the test's (and the report's) order. */
export const reportCategories: readonly QuestionCategory[] = ["SM", "RA", "RE", "RL"];

/** A strength (development area) is at least this many raw points above (below) the own mean. */
export const deviationThreshold = 1.5;
/** A profile whose best and worst areas are at most this many raw points apart is balanced. */
export const balancedSpread = 2;
/** Within this many raw points of the average taker an area reads "close to the average". */
export const nearAverage = 1;

export type VersusAverage = "above" | "near" | "below";

export interface CategoryProfile {
  raw: Record<QuestionCategory, number>;
  /** The reader's own mean over the four areas (0-10). */
  mean: number;
  /** Each area's raw score minus the reader's own mean. */
  deviations: Record<QuestionCategory, number>;
  /** Best minus worst area. */
  spread: number;
  /** True when spread <= balancedSpread: then no strength or development area is named. */
  balanced: boolean;
  /** Areas >= deviationThreshold above the own mean, largest first. */
  strengths: QuestionCategory[];
  /** Areas >= deviationThreshold below the own mean, largest gap first. */
  developmentAreas: QuestionCategory[];
  /** The highest and lowest areas (first in test order on ties), named even when balanced. */
  best: QuestionCategory;
  weakest: QuestionCategory;
  /**
   * What the norms model expects in each area from a person at IQ 100 in the age band.
   * The model's four areas have identical items, so this is its total split evenly.
   */
  averageTaker: Record<QuestionCategory, number>;
  versusAverage: Record<QuestionCategory, VersusAverage>;
}

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
  ageBand: string = referenceAgeBand,
): CategoryProfile {
  const scores = byCategory((category) => raw[category]);
  const mean = reportCategories.reduce((sum, category) => sum + scores[category], 0) / 4;
  const deviations = byCategory((category) => scores[category] - mean);
  const best = ordered(reportCategories, (category) => scores[category])[0] as QuestionCategory;
  const weakest = ordered(reportCategories, (category) => -scores[category])[0] as QuestionCategory;
  const spread = scores[best] - scores[weakest];
  const balanced = spread <= balancedSpread;
  // With spread > 2 the best or the worst area is at least 1.5 from the mean, so an
  // unbalanced profile always names something.
  const strengths = balanced
    ? []
    : ordered(
        reportCategories.filter((category) => deviations[category] >= deviationThreshold),
        (category) => deviations[category],
      );
  const developmentAreas = balanced
    ? []
    : ordered(
        reportCategories.filter((category) => deviations[category] <= -deviationThreshold),
        (category) => -deviations[category],
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
    deviations,
    spread,
    balanced,
    strengths,
    developmentAreas,
    best,
    weakest,
    averageTaker: byCategory(() => average),
    versusAverage,
  };
}
