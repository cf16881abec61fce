/** The hardest SM models: each term from the terms before it by more than one operation. */
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import {
  last,
  type PoolRule,
  type PoolSpec,
  range,
  readable,
  round,
  sequenceDraft,
  smParts,
  unroll,
} from "./pool.ts";

type Magnitude = "small" | "large";
type Operation = "sum-of-two" | "multiply-add" | "alternating" | "sum-of-three";

export type CombinedRadicals = { operation: Operation; magnitude: Magnitude; visible: number };

interface Built {
  rule: PoolRule;
  all: number[];
  /** Values of plausible wrong rules, from the visible terms. */
  wrong: (terms: readonly number[], key: number) => number[];
}

const signed = (rng: Rng, values: readonly number[]) =>
  rng.pick(values) * (rng.int(0, 1) === 0 ? 1 : -1);

function build(radicals: CombinedRadicals, rng: Rng): Built {
  const large = radicals.magnitude === "large";
  const length = radicals.visible + 1;
  const fixedStep = (t: readonly number[]) => last(t) + (last(t) - last(t, 2));
  switch (radicals.operation) {
    case "sum-of-two": {
      const [low, high] = large ? [20, 150] : [1, 15];
      // Two different first terms: 1, 1, 2, 3... would read as the textbook sequence.
      const first = rng.int(low, high);
      const second = rng.pick(range(low, high, (v) => v === first));
      const all = unroll([first, second], length, (t) => last(t) + last(t, 2));
      return {
        rule: { family: "fibonacci" },
        all,
        wrong: (t, key) => [
          fixedStep(t),
          2 * last(t),
          key + last(t, 3),
          key - last(t, 3),
          last(t) + last(t, 3),
        ],
      };
    }
    case "sum-of-three": {
      const [low, high] = large ? [10, 60] : [1, 9];
      const all = unroll(
        [rng.int(low, high), rng.int(low, high), rng.int(low, high)],
        length,
        (t) => last(t) + last(t, 2) + last(t, 3),
      );
      return {
        rule: { family: "tribonacci" },
        all,
        wrong: (t, key) => [
          last(t) + last(t, 2),
          fixedStep(t),
          2 * last(t),
          key + last(t, 4),
          key - last(t, 2),
        ],
      };
    }
    case "multiply-add": {
      const factor = large ? rng.int(2, 4) : rng.int(2, 3);
      const addend = signed(rng, large ? range(11, 99, round) : range(1, 9));
      const start = large ? rng.int(10, 99) : rng.int(2, 12);
      const all = unroll([start], length, (t) => last(t) * factor + addend);
      return {
        rule: { family: "multiply-add", factor, addend },
        all,
        wrong: (t) => [
          last(t) * factor, // the addend missed
          last(t) * factor - addend, // its sign turned
          last(t) * factor + 2 * addend,
          (last(t) + addend) * factor, // the two operations swapped
          fixedStep(t),
          last(t) * (factor + 1) + addend,
        ],
      };
    }
    case "alternating": {
      const multiplyBy = large ? rng.int(2, 4) : rng.int(2, 3);
      const add = signed(rng, large ? range(11, 99, round) : range(2, 9));
      const timesAt = rng.int(0, 1);
      const start = large ? rng.int(10, 99) : rng.int(1, 9);
      const all = unroll([start], length, (t, i) =>
        (i - 1) % 2 === timesAt ? last(t) * multiplyBy : last(t) + add,
      );
      return {
        rule: { family: "alternating", multiplyBy, add, timesAt },
        all,
        wrong: (t, key) => {
          const timesNext = (t.length - 1) % 2 === timesAt;
          return [
            timesNext ? last(t) + add : last(t) * multiplyBy, // the same operation as the last step
            last(t) * multiplyBy + add, // both operations at once
            (last(t) + add) * multiplyBy,
            key + multiplyBy,
            key - multiplyBy,
            fixedStep(t),
          ];
        },
      };
    }
  }
}

export const combinedModel: ItemModel<CombinedRadicals, PoolSpec, number> = {
  id: "sm-combined",
  summary:
    "Each term comes from the terms before it by combined operations: sums of the previous terms, multiply then add, or two operations taking turns.",
  radicals: {
    operation: ["sum-of-two", "multiply-add", "alternating", "sum-of-three"],
    magnitude: ["small", "large"],
    visible: [6, 5],
  },
  incidentals: [
    "the first terms",
    "the factor and the number added within their band",
    "which operation comes first",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ operation, magnitude, visible }) => ({
    "rule:sum-of-two": operation === "sum-of-two" ? 1 : 0,
    "rule:two-operations": operation === "multiply-add" || operation === "alternating" ? 1 : 0,
    "taking-turns": operation === "alternating" ? 1 : 0,
    "rule:sum-of-three": operation === "sum-of-three" ? 1 : 0,
    "larger-numbers": magnitude === "large" ? 1 : 0,
    "fewer-terms": 6 - visible,
  }),
  generate(radicals, rng) {
    // Small keeps every number under 1000; large reaches three or four digits.
    const fits = (all: readonly number[]) =>
      all.every(readable) && (radicals.magnitude === "small" ? last(all) <= 999 : last(all) >= 100);
    let built = build(radicals, rng);
    for (let k = 0; k < 12 && !fits(built.all); k++) built = build(radicals, rng);
    if (!fits(built.all)) return null;
    const { rule, all, wrong } = built;
    const terms = all.slice(0, -1);
    const key = last(all);
    return sequenceDraft(
      "sm-combined",
      rule,
      terms,
      key,
      wrong(terms, key),
      rng,
      radicals.magnitude === "large",
    );
  },
  ...smParts,
};
