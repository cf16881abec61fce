/**
 * The numbers of the norms model (norms.ts explains the model; docs/decisions/0009-norms-and-scoring.md):
 * its version, the IQ scale, the items' parameters and the age bands. Here, with no
 * imports, so that the calibration scripts (node) read the same numbers as the site.
 *
 * Any change to these numbers is a new `normsVersion`: results store the version they
 * were scored with and are never rescored.
 */

export const normsVersion = "v1-model-2026-11";

export const iqScale = { mean: 100, sd: 15, floor: 55, ceiling: 145 } as const;

export const itemModel = {
  guessing: 0.25,
  discrimination: 1.0,
  /** Item 01's and item 10's difficulty in each category, in reference SD units. */
  easiest: -1.8,
  hardest: 1.8,
  categories: 4,
  itemsPerCategory: 10,
} as const;

export interface AgeBand {
  id: string;
  /** Youngest age in whole years (inclusive). */
  from: number;
  /** The band's mean ability in reference-population SD units (25-34 is the reference). */
  meanAbility: number;
}

export const ageBands: readonly AgeBand[] = [
  { id: "16-17", from: 16, meanAbility: -0.1 },
  { id: "18-24", from: 18, meanAbility: 0 },
  { id: "25-34", from: 25, meanAbility: 0 },
  { id: "35-44", from: 35, meanAbility: -0.1 },
  { id: "45-54", from: 45, meanAbility: -0.25 },
  { id: "55-64", from: 55, meanAbility: -0.45 },
  { id: "65+", from: 65, meanAbility: -0.7 },
];

/** Used when the owner's date of birth is unknown; stored as the age band "unknown". */
export const referenceAgeBand = "25-34";
export const unknownAgeBand = "unknown";

/** The difficulty of the item at `position` (0-9) in its category: rising evenly. */
export function itemDifficulty(position: number): number {
  const { easiest, hardest, itemsPerCategory } = itemModel;
  return easiest + ((hardest - easiest) * position) / (itemsPerCategory - 1);
}
