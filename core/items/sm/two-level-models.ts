/**
 * The hardest SM model: a rule over a rule. The differences follow a rule of their own
 * (each the sum of the two before), two sequences take turns and one of them has growing
 * differences, or three operations take turns.
 */
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import {
  differences,
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

type Kind = "differences-sum" | "interleaved-growing" | "three-operations";

export type TwoLevelRadicals = {
  rule: Kind;
  magnitude: "small" | "large";
  terms: "more" | "fewer";
};

/** Each rule is shown with enough terms that every part of it is seen at least twice. */
const visibleTerms: Record<Kind, { more: number; fewer: number }> = {
  "differences-sum": { more: 6, fewer: 5 },
  "interleaved-growing": { more: 8, fewer: 7 },
  "three-operations": { more: 8, fewer: 7 },
};

interface Built {
  rule: PoolRule;
  all: number[];
  wrong: (terms: readonly number[], key: number) => number[];
}

const fixedStep = (t: readonly number[]) => last(t) + (last(t) - last(t, 2));

function differencesSum(large: boolean, length: number, rng: Rng): Built {
  const [low, high] = large ? [5, 40] : [1, 6];
  const d0 = rng.int(low, high);
  const d1 = rng.pick(range(low, high, (v) => v === d0));
  const diffs = unroll([d0, d1], length - 1, (d) => last(d) + last(d, 2));
  const start = large ? rng.int(100, 999) : rng.int(1, 30);
  const all = unroll([start], length, (t, i) => last(t) + (diffs[i - 1] as number));
  return {
    rule: { family: "differences-fibonacci" },
    all,
    wrong: (t, key) => {
      const d = differences(t);
      return [
        fixedStep(t), // the last difference again
        last(t) + 2 * last(d), // the difference doubled
        last(t) + last(d) + (last(d) - last(d, 2)), // read as growing by the last change
        last(t) + last(t, 2), // the terms summed, not the differences
        key + last(d, 3),
        key - last(d, 3),
      ];
    },
  };
}

function interleavedGrowing(large: boolean, length: number, rng: Rng): Built {
  // Four terms of the growing sequence show, so its change is seen twice.
  const growingAt = length - 1 === 7 ? 0 : rng.int(0, 1);
  const step = rng.pick(large ? range(11, 99, round) : range(2, 9));
  const firstDifference = large ? rng.int(5, 40) : rng.int(1, 6);
  const increment = large ? rng.int(3, 15) : rng.int(1, 4);
  const [low, high] = large ? [100, 999] : [1, 40];
  const starts = [rng.int(low, high), rng.int(low, high)];
  const all = unroll(starts, length, (t, i) => {
    const sub = t.filter((_, j) => j % 2 === i % 2);
    if (i % 2 !== growingAt) return last(sub) + step;
    return last(sub) + firstDifference + (sub.length - 1) * increment;
  });
  return {
    rule: { family: "interleaved-growing", growingAt, step, firstDifference, increment },
    all,
    wrong: (t, key) => {
      const n = t.length;
      const own = t.filter((_, j) => j % 2 === n % 2);
      const other = t.filter((_, j) => j % 2 !== n % 2);
      const otherStep = last(other) - last(other, 2);
      return [
        fixedStep(t), // one sequence read, not two
        last(own) + (last(own) - last(own, 2)), // its last step again
        last(other) + otherStep, // the other sequence's next term
        last(own) + otherStep,
        key + increment,
        key - increment,
      ];
    },
  };
}

type Operation = (x: number) => number;

function threeOperations(large: boolean, length: number, rng: Rng): Built {
  const add = rng.pick(large ? range(11, 60, round) : range(2, 9));
  const subtract = rng.pick(
    large ? range(11, 60, (v) => round(v) || v === add) : range(1, 9, (v) => v === add),
  );
  const multiplyBy = rng.int(2, 3);
  const phase = rng.int(0, 2);
  const start = large ? rng.int(20, 150) : rng.int(1, 9);
  const operations: Operation[] = [(x) => x + add, (x) => x * multiplyBy, (x) => x - subtract];
  const opAt = (step: number) => operations[(step + phase) % 3] as Operation;
  const all = unroll([start], length, (t, i) => opAt(i - 1)(last(t)));
  return {
    rule: { family: "three-operations", add, multiplyBy, subtract, phase },
    all,
    wrong: (t, key) => {
      const step = t.length - 1;
      return [
        opAt(step + 1)(last(t)), // the operation after it
        opAt(step + 2)(last(t)), // the operation before it, again
        opAt(step + 1)(key),
        key + multiplyBy,
        key - multiplyBy,
        fixedStep(t),
      ];
    },
  };
}

const builders: Record<Kind, (large: boolean, length: number, rng: Rng) => Built> = {
  "differences-sum": differencesSum,
  "interleaved-growing": interleavedGrowing,
  "three-operations": threeOperations,
};

export const twoLevelModel: ItemModel<TwoLevelRadicals, PoolSpec, number> = {
  id: "sm-two-level",
  summary:
    "A rule over a rule: the differences follow a rule of their own, two sequences take turns and one grows by growing steps, or three operations take turns.",
  radicals: {
    rule: ["differences-sum", "interleaved-growing", "three-operations"],
    magnitude: ["small", "large"],
    terms: ["more", "fewer"],
  },
  incidentals: [
    "the first terms",
    "the steps, factor and numbers added within their band",
    "which part comes first",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ rule, magnitude, terms }) => ({
    "rule:differences-sum": rule === "differences-sum" ? 1 : 0,
    "rule:interleaved-growing": rule === "interleaved-growing" ? 1 : 0,
    "rule:three-operations": rule === "three-operations" ? 1 : 0,
    "larger-numbers": magnitude === "large" ? 1 : 0,
    "fewer-terms": terms === "fewer" ? 1 : 0,
  }),
  generate(radicals, rng) {
    const large = radicals.magnitude === "large";
    const length = visibleTerms[radicals.rule][radicals.terms] + 1;
    const fits = (all: readonly number[]) =>
      all.every(readable) && (large ? last(all) >= 100 : last(all) <= 999);
    let built = builders[radicals.rule](large, length, rng);
    for (let k = 0; k < 12 && !fits(built.all); k++)
      built = builders[radicals.rule](large, length, rng);
    if (!fits(built.all)) return null;
    const terms = built.all.slice(0, -1);
    const key = last(built.all);
    return sequenceDraft(
      "sm-two-level",
      built.rule,
      terms,
      key,
      built.wrong(terms, key),
      rng,
      large,
    );
  },
  ...smParts,
};
