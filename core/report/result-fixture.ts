import type { ScoredResult } from "../attempts/attempt";
import type { QuestionCategory } from "../items/questions";
import { bankAbilities } from "../scoring/bank-abilities";
import { normsRow } from "../scoring/norms";
import { normsVersion, referenceAgeBand } from "../scoring/norms-model";
import {
  bandOf,
  intervalHalfWidth,
  iqLabel,
  percentileAgainst,
  populationMeans,
} from "../scoring/scoring";

/** A stored result as the Worker would keep it, from area scores alone (unit tests only). */
export function scoredResult(
  raw: Record<QuestionCategory, number>,
  overrides: Partial<ScoredResult> = {},
): ScoredResult {
  const rawTotal = raw.SM + raw.RA + raw.RE + raw.RL;
  const { iq } = normsRow(rawTotal, referenceAgeBand);
  const clamp = (value: number) => Math.min(145, Math.max(55, value));
  return {
    id: "attempt-1",
    finishedAt: "2026-11-24T12:00:00.000Z",
    iq,
    iqLabel: iqLabel(iq),
    atCeiling: iq >= 145,
    atFloor: iq <= 55,
    interval: { low: clamp(iq - intervalHalfWidth), high: clamp(iq + intervalHalfWidth) },
    band: bandOf(iq),
    rawTotal,
    rawByCategory: raw,
    normsVersion,
    ageBand: referenceAgeBand,
    percentageWorld: percentileAgainst(iq, populationMeans.world, null).percentage,
    percentageBrazil: percentileAgainst(iq, populationMeans.brazil, null).percentage,
    percentileMethod: { world: "model", brazil: "model" },
    abilities: bankAbilities(raw, referenceAgeBand),
    ...overrides,
  };
}
