/**
 * A census of the SM pool on the checks' side (22 seeds per radical combination: 2,024
 * instances, about 2 s): context-blind choosers near chance (the issue allows 35 %; this
 * holds them to the 30 % it aims for) and many distinct instances. Figures in
 * docs/items/sm.md.
 */
import { describe, expect, it } from "vitest";
import { type AuditedItem, choosers, hitOf } from "../checks/audit.ts";
import { letters } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { models } from "./models.ts";

const seedsPerCombination = 22;

function sample(): { items: AuditedItem[]; distinct: number } {
  const items: AuditedItem[] = [];
  const seen = new Set<string>();
  for (const model of models)
    for (const radicals of radicalGrid(model))
      for (let s = 0; s < seedsPerCombination; s++) {
        const instance = drawInstance(model, radicals, `census-${s}`).instance;
        if (!instance) throw new Error(`${model.id}: no instance`);
        const draft = instance.draft as {
          answer: number;
          distractors: number[];
          family: string;
          spec: { terms: number[] };
        };
        const options = [draft.answer, ...draft.distractors];
        seen.add(JSON.stringify([draft.spec.terms, [...options].sort((a, b) => a - b)]));
        // The options in a seeded random order; the key's letter is where it lands.
        const order = createRng(`order:${instance.id}`).shuffle([0, 1, 2, 3]);
        const shown = order.map((i) => options[i] as number);
        items.push({
          code: model.id,
          category: "SM",
          draft: { family: draft.family, spec: draft.spec },
          expect: letters[order.indexOf(0)] as (typeof letters)[number],
          options: shown,
          features: shown.map((value) => ({ value })),
        });
      }
  return { items, distinct: seen.size };
}

const positions = [0, 1, 2, 3];
const nearest = (values: number[], i: number) =>
  Math.min(...values.filter((_, j) => j !== i).map((v) => Math.abs(v - (values[i] as number))));
const middles = (values: number[]) =>
  positions.filter((j) =>
    positions.some((i) =>
      positions.some(
        (k) =>
          (values[i] as number) < (values[j] as number) &&
          (values[j] as number) < (values[k] as number) &&
          (values[j] as number) * 2 === (values[i] as number) + (values[k] as number),
      ),
    ),
  );
const orAll = (picked: number[]) => (picked.length > 0 ? picked : positions);

/** Heuristics on numbers beyond the audit's: the options a taker who reads only them picks. */
const numberChoosers: Record<string, (values: number[]) => number[]> = {
  "one of the closest pair": (v) => {
    const gap = Math.min(...positions.map((i) => nearest(v, i)));
    return positions.filter((i) => nearest(v, i) === gap);
  },
  "the most isolated": (v) => {
    const gap = Math.max(...positions.map((i) => nearest(v, i)));
    return positions.filter((i) => nearest(v, i) === gap);
  },
  "the middle of three evenly spaced": (v) => orAll(middles(v)),
  "not the middle of three evenly spaced": (v) =>
    orAll(positions.filter((i) => !middles(v).includes(i))),
  "one with a neighbour within 2": (v) => orAll(positions.filter((i) => nearest(v, i) <= 2)),
  "the odd one out by parity": (v) => {
    const even = positions.filter((i) => (v[i] as number) % 2 === 0);
    const odd = positions.filter((i) => (v[i] as number) % 2 !== 0);
    return even.length === 1 ? even : odd.length === 1 ? odd : positions;
  },
  "the odd one out by last digit": (v) =>
    orAll(positions.filter((i) => !v.some((w, j) => j !== i && w % 10 === (v[i] as number) % 10))),
};

describe("the SM pool, sampled", () => {
  const { items, distinct } = sample();

  it("leaves every context-blind chooser at most 30 % right", () => {
    const rates = Object.entries(choosers).map(
      ([name, chooser]) =>
        [name, items.reduce((sum, item) => sum + hitOf(chooser, item), 0) / items.length] as const,
    );
    console.log(
      `SM sample of ${items.length}: ${rates.map(([n, r]) => `${n} ${(r * 100).toFixed(1)}%`).join(", ")}`,
    );
    for (const [name, rate] of rates) expect(rate, name).toBeLessThanOrEqual(0.3);
  });

  it("leaves other heuristics on the four numbers at most 30 % right", () => {
    for (const [name, chooser] of Object.entries(numberChoosers)) {
      const rate =
        items.reduce((sum, item) => {
          const picked = chooser(item.options as number[]);
          return sum + (picked.includes(letters.indexOf(item.expect)) ? 1 / picked.length : 0);
        }, 0) / items.length;
      expect(rate, name).toBeLessThanOrEqual(0.3);
    }
  });

  it("puts the key at every rank among the four numbers about equally often", () => {
    const ranks = [0, 0, 0, 0];
    for (const item of items) {
      const key = item.options[letters.indexOf(item.expect)] as number;
      const rank = (item.options as number[]).filter((v) => v < key).length;
      ranks[rank] = (ranks[rank] ?? 0) + 1;
    }
    for (const count of ranks) expect(count / items.length).toBeGreaterThan(0.2);
  });

  it("gives distinct instances", () => {
    expect(distinct / items.length).toBeGreaterThan(0.9);
  });
});
