/**
 * A proposed `v2` norms table from a calibration (docs/decisions/0024-calibration.md),
 * the same shape as core/scoring/norms.ts's table (raw total -> percentile -> IQ per age band),
 * built the same way (true-score equating) but on the measured item parameters, with
 * the SEM from the measured KR-20. A person reviews it and commits it; nothing here
 * touches stored results.
 *
 * The age bands, the IQ scale and the v1 model are core's (core/scoring/norms-model.ts,
 * which Node loads because it has no imports).
 */

import { expectedTotal, type ItemParameters } from "../../core/scoring/irt.ts";
import { inverseNormalCdf, normalCdf } from "../../core/scoring/normal.ts";
import {
  ageBands,
  iqScale,
  itemDifficulty,
  itemModel,
  normsVersion,
  referenceAgeBand,
} from "../../core/scoring/norms-model.ts";

const v1AgeBands = ageBands;
/** The v1 model's items (a, b from -1.8 to 1.8 in each category, c) and its version. */
export const v1Model = {
  normsVersion,
  guessing: itemModel.guessing,
  discrimination: itemModel.discrimination,
  easiest: itemModel.easiest,
  hardest: itemModel.hardest,
} as const;

/** Finished attempts of one bank version before norms are proposed from them. */
export const minResultsForNorms = 1000;
/** Takers of an age band before its mean is measured rather than taken from v1's model. */
export const minResultsForBand = 200;

export interface NormsRow {
  raw: number;
  percentile: number;
  iq: number;
}

export interface ProposedAgeBand {
  id: string;
  from: number;
  /** Mean ability relative to the reference band, in the reference band's SD units. */
  meanAbility: number;
  takers: number;
  source: "measured" | "v1 model";
}

export interface NormsProposal {
  normsVersion: string;
  questionBankVersion: string;
  results: number;
  reliability: number;
  /** 15 * sqrt(1 - KR-20). */
  sem: number;
  /** round(1.96 * SEM): the +- of the 95% interval. */
  intervalHalfWidth: number;
  /** What ability 0 means on this table. */
  anchor: string;
  items: (ItemParameters & { code: string })[];
  ageBands: ProposedAgeBand[];
  table: Record<string, NormsRow[]>;
  /** The IQ the current table (v1) gives each raw total, per age band, for comparison. */
  current: { normsVersion: string; iq: Record<string, number[]> };
}

/** v1's item parameters for these codes (SM-01 ... RL-10: the number is the position). */
export function v1Items(codes: readonly string[]): ItemParameters[] {
  return codes.map((code) => ({
    a: v1Model.discrimination,
    b: itemDifficulty(Number(code.slice(3)) - 1),
    c: v1Model.guessing,
  }));
}

/** The ability whose expected total is `raw`; -Infinity at chance or below, +Infinity at the top. */
export function abilityForRaw(items: readonly ItemParameters[], raw: number): number {
  if (raw <= expectedTotal(items, Number.NEGATIVE_INFINITY) + 1e-9) return Number.NEGATIVE_INFINITY;
  if (raw >= items.length) return Number.POSITIVE_INFINITY;
  let low = -12;
  let high = 12;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (expectedTotal(items, mid) < raw) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** raw -> percentile -> IQ per band, abilities measured from `zero`. */
function buildTable(
  items: readonly ItemParameters[],
  zero: number,
  bands: readonly { id: string; meanAbility: number }[],
): Record<string, NormsRow[]> {
  const thetas = Array.from({ length: items.length + 1 }, (_, raw) => abilityForRaw(items, raw));
  return Object.fromEntries(
    bands.map((band) => [
      band.id,
      thetas.map((theta, raw): NormsRow => {
        const percentile = normalCdf(theta - zero - band.meanAbility);
        const unbounded = iqScale.mean + iqScale.sd * inverseNormalCdf(percentile);
        const iq = Math.round(Math.min(iqScale.ceiling, Math.max(iqScale.floor, unbounded)));
        return { raw, percentile, iq };
      }),
    ]),
  );
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * The scale's zero and each age band's mean ability from the takers' abilities: the
 * reference band's mean is the zero when it has enough takers, otherwise all takers' (the
 * fit's own zero); a band with enough takers is measured against it, the others keep the
 * v1 model's mean.
 */
export function measureAgeBands(takers: readonly { ability: number; ageBand: string }[]): {
  zero: number;
  ageBands: ProposedAgeBand[];
  anchor: string;
} {
  const inBand = (id: string) => takers.filter((t) => t.ageBand === id).map((t) => t.ability);
  const reference = inBand(referenceAgeBand);
  const zero = reference.length >= minResultsForBand ? mean(reference) : 0;
  const ageBands = v1AgeBands.map((band): ProposedAgeBand => {
    const abilities = inBand(band.id);
    const measured = abilities.length >= minResultsForBand;
    return {
      id: band.id,
      from: band.from,
      meanAbility: measured ? mean(abilities) - zero : band.meanAbility,
      takers: abilities.length,
      source: measured ? "measured" : "v1 model",
    };
  });
  const anchor =
    reference.length >= minResultsForBand
      ? `this site's takers aged ${referenceAgeBand} (mean 0, SD 1 of all takers of this version)`
      : `all of this site's takers of this version (too few aged ${referenceAgeBand} to anchor on them)`;
  return { zero, ageBands, anchor };
}

export function proposeNorms(input: {
  questionBankVersion: string;
  codes: readonly string[];
  items: readonly ItemParameters[];
  /** Each taker's ability estimate (EAP) and stored age band. */
  takers: readonly { ability: number; ageBand: string }[];
  reliability: number;
  now: Date;
}): NormsProposal {
  const { zero, ageBands, anchor } = measureAgeBands(input.takers);
  const table = buildTable(input.items, zero, ageBands);
  const v1Table = buildTable(v1Items(input.codes), 0, v1AgeBands);
  const sem = iqScale.sd * Math.sqrt(1 - input.reliability);
  const month = input.now.toISOString().slice(0, 7);
  return {
    normsVersion: `v2-calibrated-${month}-${input.questionBankVersion}`,
    questionBankVersion: input.questionBankVersion,
    results: input.takers.length,
    reliability: input.reliability,
    sem,
    intervalHalfWidth: Math.round(1.96 * sem),
    anchor,
    items: input.items.map((item, j) => ({ code: input.codes[j] as string, ...item })),
    ageBands,
    table,
    current: {
      normsVersion: v1Model.normsVersion,
      iq: Object.fromEntries(
        Object.entries(v1Table).map(([band, rows]) => [band, rows.map((row) => row.iq)]),
      ),
    },
  };
}
