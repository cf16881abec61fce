import { ageOn } from "../accounts/age";
import type { Letter, QuestionCategory } from "../items/questions";
import { normalCdf } from "./normal";
import { ageBandFor, normsRow } from "./norms";
import { iqScale, normsVersion, referenceAgeBand, unknownAgeBand } from "./norms-model";
import { iqLabel } from "./score-text";

/**
 * From answers to a score (PSYCHOMETRICS.md; docs/decisions/0009-norms-and-scoring.md).
 * Pure: the Worker reads the answers, the key and the owner, and stores what this returns.
 */

export type Band =
  | "giftedness"
  | "superior"
  | "above_average"
  | "average"
  | "dullness"
  | "slow"
  | "very_below_average";

export type PercentileMethod = "model" | "empirical";

const categories: readonly QuestionCategory[] = ["SM", "RA", "RE", "RL"];

/** Reliability assumed until KR-20 can be estimated from the site's own results. */
export const assumedReliability = 0.85;
/** 1.96 standard errors of measurement: 15 * sqrt(1 - 0.85) * 1.96 = 11.4 -> 11. */
export const intervalHalfWidth = Math.round(1.96 * iqScale.sd * Math.sqrt(1 - assumedReliability));

/** Bands of spec section 9; 49 (left out by the spec's "below 49") belongs to the lowest. */
export function bandOf(iq: number): Band {
  if (iq > 144) return "giftedness";
  if (iq >= 130) return "superior";
  if (iq >= 115) return "above_average";
  if (iq >= 85) return "average";
  if (iq >= 70) return "dullness";
  if (iq >= 50) return "slow";
  return "very_below_average";
}

export interface RawScores {
  total: number;
  byCategory: Record<QuestionCategory, number>;
}

/** Right answers per category and in total; codes outside the key count for nothing. */
export function rawScores(
  answers: Readonly<Record<string, Letter>>,
  key: Readonly<Record<string, Letter>>,
): RawScores {
  const byCategory = { SM: 0, RA: 0, RE: 0, RL: 0 } satisfies Record<QuestionCategory, number>;
  for (const [code, expected] of Object.entries(key)) {
    const category = code.slice(0, 2) as QuestionCategory;
    if (categories.includes(category) && answers[code] === expected) byCategory[category]++;
  }
  const total = Object.values(byCategory).reduce((sum, n) => sum + n, 0);
  return { total, byCategory };
}

export { iqLabel };

export interface ScoredAttempt {
  iq: number;
  /** "145+" at the ceiling, "≤55" at the floor, otherwise the number as text. */
  iqLabel: string;
  atCeiling: boolean;
  atFloor: boolean;
  interval: { low: number; high: number };
  band: Band;
  rawTotal: number;
  rawByCategory: Record<QuestionCategory, number>;
  normsVersion: string;
  ageBand: string;
  age: number | null;
}

export function scoreAttempt(input: {
  answers: Readonly<Record<string, Letter>>;
  key: Readonly<Record<string, Letter>>;
  dateOfBirth: string | null;
  testDate: Date;
}): ScoredAttempt {
  const raw = rawScores(input.answers, input.key);
  const age = input.dateOfBirth ? ageOn(input.dateOfBirth, input.testDate) : null;
  const ageBand = age === null ? unknownAgeBand : ageBandFor(age).id;
  const { iq } = normsRow(raw.total, age === null ? referenceAgeBand : ageBand);
  const atCeiling = iq >= iqScale.ceiling;
  const atFloor = iq <= iqScale.floor;
  const clamp = (value: number) => Math.min(iqScale.ceiling, Math.max(iqScale.floor, value));
  return {
    iq,
    iqLabel: iqLabel(iq),
    atCeiling,
    atFloor,
    interval: { low: clamp(iq - intervalHalfWidth), high: clamp(iq + intervalHalfWidth) },
    band: bandOf(iq),
    rawTotal: raw.total,
    rawByCategory: raw.byCategory,
    normsVersion,
    ageBand,
    age,
  };
}

/** This site's results to compare with: how many scored below, the same, and in all. */
export interface ResultSample {
  below: number;
  equal: number;
  total: number;
}

/**
 * Results a population needs on this site before its percentile is read from them
 * rather than from the model (PSYCHOMETRICS.md, method a).
 */
export const empiricalThreshold = 1000;

/**
 * Published means for the model (method b), on the UK = 100 scale our norms use:
 * the world is the scale's own reference; Brazil is Becker's NIQ dataset v1.3.3
 * (Lynn & Becker 2019), QNW+SAS, a contested estimate (see the ADR).
 */
export const populationMeans = { world: 100, brazil: 83.42 } as const;

/** Percent of a population scoring below `iq`, with the method used (one decimal). */
export function percentileAgainst(
  iq: number,
  populationMean: number,
  sample: ResultSample | null,
): { percentage: number; method: PercentileMethod } {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (sample && sample.total >= empiricalThreshold) {
    return {
      percentage: round(((sample.below + sample.equal / 2) / sample.total) * 100),
      method: "empirical",
    };
  }
  return {
    percentage: round(normalCdf((iq - populationMean) / iqScale.sd) * 100),
    method: "model",
  };
}
