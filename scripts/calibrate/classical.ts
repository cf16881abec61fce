/**
 * Classical item statistics of one question bank version's results
 * (docs/decisions/0024-calibration.md): share right, point-biserial correlation with the
 * rest score, distractor choice rates and who chooses them, KR-20 reliability.
 *
 * An unanswered item scores 0, as in the scoring (core/scoring/scoring.ts); its share is reported
 * apart as the omit rate.
 */
import type { Letter } from "../../core/items/questions.ts";

export const letters: readonly Letter[] = ["A", "B", "C", "D"];

/** One taker's chosen letter per item, in the order of `ResponseSet.items` (null: omitted). */
export interface Taker {
  choices: (Letter | null)[];
  /** Age band of the stored result ("unknown" without one). */
  ageBand: string;
}

export interface ResponseSet {
  /** Item codes, in bank order. */
  items: string[];
  /** The expected letter per item, same order. */
  key: Letter[];
  takers: Taker[];
}

/** 0/1 scores, one row per taker. */
export function scoreMatrix(set: ResponseSet): number[][] {
  return set.takers.map((taker) =>
    set.key.map((expected, j) => (taker.choices[j] === expected ? 1 : 0)),
  );
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length;
}

/** Population variance (divided by n), the convention of KR-20's p*q terms. */
function variance(values: readonly number[]): number {
  const m = mean(values);
  return mean(values.map((v) => (v - m) ** 2));
}

/** Pearson correlation; NaN when either variable does not vary. */
export function correlation(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * KR-20 = k/(k-1) * (1 - sum(p*q) / var(total)), variances divided by n.
 * `columns` picks the items (all by default); NaN when the total does not vary.
 */
export function kr20(scores: readonly number[][], columns?: readonly number[]): number {
  const cols = columns ?? (scores[0] ?? []).map((_, j) => j);
  const k = cols.length;
  if (k < 2 || scores.length === 0) return Number.NaN;
  const totals = scores.map((row) => cols.reduce((s, j) => s + (row[j] as number), 0));
  const totalVariance = variance(totals);
  if (totalVariance === 0) return Number.NaN;
  let sumPq = 0;
  for (const j of cols) {
    const p = mean(scores.map((row) => row[j] as number));
    sumPq += p * (1 - p);
  }
  return (k / (k - 1)) * (1 - sumPq / totalVariance);
}

export interface OptionStatistics {
  letter: Letter;
  isKey: boolean;
  /** Share of takers who chose it (omissions count in the denominator). */
  rate: number;
  /** Mean total score of those who chose it; null when nobody did. */
  meanTotal: number | null;
  /**
   * Correlation between choosing it and the rest score (total without this item). A
   * distractor should have a negative one: stronger takers avoid it.
   */
  restCorrelation: number;
  /** For a distractor: nobody chose it, or stronger takers do not avoid it. */
  flagged: boolean;
}

export interface ItemStatistics {
  code: string;
  key: Letter;
  /** Share right (classical difficulty). */
  p: number;
  omitRate: number;
  /** Point-biserial correlation of the item with the rest score. */
  restCorrelation: number;
  options: OptionStatistics[];
}

export function itemStatistics(set: ResponseSet): ItemStatistics[] {
  const scores = scoreMatrix(set);
  const totals = scores.map((row) => row.reduce((s, v) => s + v, 0));
  return set.items.map((code, j) => {
    const key = set.key[j] as Letter;
    const item = scores.map((row) => row[j] as number);
    const rest = totals.map((total, i) => total - (item[i] as number));
    const chosen = set.takers.map((t) => t.choices[j]);
    const options = letters.map((letter): OptionStatistics => {
      const picks = chosen.map((c) => (c === letter ? 1 : 0));
      const choosers = totals.filter((_, i) => picks[i] === 1);
      const restCorrelation = correlation(picks, rest);
      const isKey = letter === key;
      return {
        letter,
        isKey,
        rate: mean(picks),
        meanTotal: choosers.length === 0 ? null : mean(choosers),
        restCorrelation,
        flagged: !isKey && (choosers.length === 0 || !(restCorrelation < 0)),
      };
    });
    return {
      code,
      key,
      p: mean(item),
      omitRate: mean(chosen.map((c) => (c === null ? 1 : 0))),
      restCorrelation: correlation(item, rest),
      options,
    };
  });
}

/** KR-20 per category (the code's two-letter prefix) and for the whole bank. */
export function reliability(set: ResponseSet): {
  total: number;
  byCategory: Record<string, number>;
} {
  const scores = scoreMatrix(set);
  const byCategory: Record<string, number> = {};
  const categories = [...new Set(set.items.map((code) => code.slice(0, 2)))];
  for (const category of categories) {
    const columns = set.items.flatMap((code, j) => (code.startsWith(category) ? [j] : []));
    byCategory[category] = kr20(scores, columns);
  }
  return { total: kr20(scores), byCategory };
}
