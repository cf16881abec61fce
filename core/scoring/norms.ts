import { inverseNormalCdf, normalCdf } from "./normal";
import {
  type AgeBand,
  ageBands,
  iqScale,
  itemDifficulty,
  itemModel,
  referenceAgeBand,
} from "./norms-model";

/**
 * The norms table: raw total (0-40) -> percentile -> IQ, per age band
 * (docs/decisions/0009-norms-and-scoring.md; PSYCHOMETRICS.md).
 *
 * Until the site has real results this is a stated model, not data. Each of the 40
 * items is modelled as a three-parameter logistic item: a person of ability theta
 * (reference population: N(0, 1)) answers it right with probability
 *   guessing + (1 - guessing) / (1 + exp(-1.7 * discrimination * (theta - difficulty)))
 * with guessing 1/4 (four options), and difficulties rising evenly within each category
 * from item 01 to item 10. A raw score is read back as the ability whose expected raw
 * score it is (true-score equating), so a score at chance (10 of 40) or below is the
 * ability "minus infinity": the bottom of the scale, never near 100.
 *
 * Fluid reasoning declines with age, so each age band has its mean ability in reference
 * units (cross-sectional declines of the size reported for matrix tests; the idea of
 * per-age norms follows Mensa Norway's test). The percentile is the share of the
 * person's own age band below them; IQ = 100 + 15 * inverse-normal(percentile),
 * rounded, kept within [55, 145]: a 40-item test cannot tell scores beyond three
 * standard deviations apart, so 145 is reported as "145+" and 55 as "≤55".
 *
 * The model's numbers (version, scale, item parameters, age bands) are in norms-model.ts.
 */

export const totalItems = itemModel.categories * itemModel.itemsPerCategory;

/** The raw total a person of this ability scores on average. */
export function expectedRaw(theta: number): number {
  const { guessing, discrimination, categories, itemsPerCategory } = itemModel;
  let perCategory = 0;
  for (let position = 0; position < itemsPerCategory; position++) {
    const logistic = 1 / (1 + Math.exp(-1.7 * discrimination * (theta - itemDifficulty(position))));
    perCategory += guessing + (1 - guessing) * logistic;
  }
  return perCategory * categories;
}

/** The ability whose expected raw score is `raw`; +-Infinity outside the model's range. */
export function abilityForRaw(raw: number): number {
  if (raw <= expectedRaw(Number.NEGATIVE_INFINITY) + 1e-9) return Number.NEGATIVE_INFINITY;
  if (raw >= totalItems) return Number.POSITIVE_INFINITY;
  let low = -12;
  let high = 12;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (expectedRaw(mid) < raw) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface NormsRow {
  raw: number;
  /** Share of the age band scoring below, 0-1. */
  percentile: number;
  iq: number;
}

function buildTable(band: AgeBand): NormsRow[] {
  const rows: NormsRow[] = [];
  for (let raw = 0; raw <= totalItems; raw++) {
    const percentile = normalCdf(abilityForRaw(raw) - band.meanAbility);
    const unbounded = iqScale.mean + iqScale.sd * inverseNormalCdf(percentile);
    const iq = Math.round(Math.min(iqScale.ceiling, Math.max(iqScale.floor, unbounded)));
    rows.push({ raw, percentile, iq });
  }
  return rows;
}

/** The whole table, one row per raw total for every age band. */
export const normsTable: Readonly<Record<string, readonly NormsRow[]>> = Object.fromEntries(
  ageBands.map((band) => [band.id, buildTable(band)]),
);

/** The age band of a whole-years age (under 16 cannot sign up; it reads as 16-17). */
export function ageBandFor(age: number): AgeBand {
  let found = ageBands[0] as AgeBand;
  for (const band of ageBands) if (age >= band.from) found = band;
  return found;
}

/** The row for a raw total in an age band (or the reference band for "unknown"). */
export function normsRow(raw: number, ageBand: string): NormsRow {
  const table = normsTable[ageBand] ?? normsTable[referenceAgeBand];
  const clamped = Math.max(0, Math.min(totalItems, Math.round(raw)));
  return (table as readonly NormsRow[])[clamped] as NormsRow;
}
