import { iqScale } from "./norms-model";

/**
 * One way to show a score (issue 29.4): the IQ and both ends of its 95 % interval as labels,
 * the floor as "≤55" and the ceiling as "145+" wherever they fall, so the result page, the
 * report and its PDF, the certificate and the verification page read the same. The words
 * around them are the shared messages `score_interval_caption` and `score_interval_range`.
 */
/** "145+" at the ceiling, "≤55" at the floor: the test cannot tell scores beyond apart. */
export function iqLabel(iq: number): string {
  if (iq >= iqScale.ceiling) return `${iqScale.ceiling}+`;
  if (iq <= iqScale.floor) return `≤${iqScale.floor}`;
  return String(iq);
}

export interface ScoreLabels {
  iq: string;
  low: string;
  high: string;
}

export function scoreLabels(result: {
  iq: number;
  interval: { low: number; high: number };
}): ScoreLabels {
  return {
    iq: iqLabel(result.iq),
    low: iqLabel(result.interval.low),
    high: iqLabel(result.interval.high),
  };
}
