/** SM models of middle difficulty: two sequences taking turns, and differences that change. */
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import {
  differences,
  last,
  type PoolRule,
  type PoolSpec,
  range,
  round,
  sequenceDraft,
  smParts,
  unroll,
} from "./pool.ts";

type Magnitude = "small" | "large";

const steps: Record<Magnitude, number[]> = { small: range(2, 9), large: range(11, 99, round) };
const starts: Record<Magnitude, [number, number]> = { small: [1, 40], large: [100, 999] };

export type InterleavedRadicals = {
  pairing: "same-direction" | "opposite-directions" | "arithmetic-geometric";
  magnitude: Magnitude;
  visible: number;
};

interface Turns {
  rule: PoolRule;
  /** The next term of each of the two sequences, from its terms so far. */
  next: [(sub: readonly number[]) => number, (sub: readonly number[]) => number];
  starts: [number, number];
  /** A wrong next term for a sequence: its step taken once more or its ratio plus one. */
  overshoot: [(sub: readonly number[]) => number, (sub: readonly number[]) => number];
}

function turns(radicals: InterleavedRadicals, rng: Rng): Turns {
  const [low, high] = starts[radicals.magnitude];
  const first = rng.int(low, high);
  const second = rng.int(low, high);
  const add = (step: number) => (sub: readonly number[]) => last(sub) + step;
  const twice = (step: number) => (sub: readonly number[]) => last(sub) + 2 * step;
  if (radicals.pairing === "arithmetic-geometric") {
    const step = rng.pick(steps[radicals.magnitude]);
    const times = rng.pick([2, 3]);
    const addAt = rng.int(0, 1);
    const small = rng.int(
      radicals.magnitude === "small" ? 1 : 10,
      radicals.magnitude === "small" ? 9 : 40,
    );
    const mul = (sub: readonly number[]) => last(sub) * times;
    const more = (sub: readonly number[]) => last(sub) * (times + 1);
    return addAt === 0
      ? {
          rule: { family: "interleaved-mixed", addAt, step, times },
          next: [add(step), mul],
          starts: [first, small],
          overshoot: [twice(step), more],
        }
      : {
          rule: { family: "interleaved-mixed", addAt, step, times },
          next: [mul, add(step)],
          starts: [small, first],
          overshoot: [more, twice(step)],
        };
  }
  const [a, b] = rng.shuffle(steps[radicals.magnitude]) as [number, number];
  const sign = radicals.pairing === "opposite-directions" ? -1 : 1;
  const evenStep = a;
  const oddStep = sign * b;
  // A falling sequence starts high enough to stay positive.
  const oddStart = sign < 0 ? second + b * radicals.visible : second;
  return {
    rule: { family: "interleaved", evenStep, oddStep },
    next: [add(evenStep), add(oddStep)],
    starts: [first, oddStart],
    overshoot: [twice(evenStep), twice(oddStep)],
  };
}

export const interleavedModel: ItemModel<InterleavedRadicals, PoolSpec, number> = {
  id: "sm-interleaved",
  summary: "Two sequences take turns: the odd places follow one rule, the even places another.",
  radicals: {
    pairing: ["same-direction", "opposite-directions", "arithmetic-geometric"],
    magnitude: ["small", "large"],
    visible: [8, 7, 6],
  },
  incidentals: [
    "the two steps (or step and ratio) within their band",
    "the first terms",
    "which sequence starts",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ pairing, magnitude, visible }) => ({
    "rule:interleaved": 1,
    "opposite-directions": pairing === "opposite-directions" ? 1 : 0,
    "mixed-kinds": pairing === "arithmetic-geometric" ? 1 : 0,
    "larger-numbers": magnitude === "large" ? 1 : 0,
    "fewer-terms": 8 - visible,
  }),
  generate(radicals, rng) {
    const t = turns(radicals, rng);
    const all = unroll(
      t.starts,
      radicals.visible + 1,
      (terms, i) => t.next[i % 2]?.(terms.filter((_, j) => j % 2 === i % 2)) ?? 0,
    );
    const terms = all.slice(0, -1);
    const key = last(all);
    const n = radicals.visible;
    const own = terms.filter((_, j) => j % 2 === n % 2);
    const other = terms.filter((_, j) => j % 2 !== n % 2);
    const nextOther = t.next[(n + 1) % 2]?.(other) ?? 0;
    const wrong = [
      last(terms) + (last(terms) - last(terms, 2)), // one sequence read, not two
      nextOther, // the other sequence's next term
      t.overshoot[n % 2]?.(own) ?? 0,
      last(own) + (nextOther - last(other)), // the other sequence's step
      key + (nextOther - last(other)),
    ];
    return sequenceDraft(
      "sm-interleaved",
      t.rule,
      terms,
      key,
      wrong,
      rng,
      radicals.magnitude === "large",
    );
  },
  ...smParts,
};

export type SecondOrderRadicals = {
  pattern: "growing" | "shrinking" | "third-order";
  magnitude: Magnitude;
  terms: "more" | "fewer";
};

/**
 * How many terms show: a third-order rule needs one more than a second-order one to be
 * seen three times (its third differences), so "more" and "fewer" count from there.
 */
const visibleTerms = ({ pattern, terms }: SecondOrderRadicals) =>
  (pattern === "third-order" ? 7 : 6) - (terms === "fewer" ? 1 : 0);

/** The first difference, its first change and the change of the change (third order). */
function differenceParameters(radicals: SecondOrderRadicals, rng: Rng) {
  const large = radicals.magnitude === "large";
  if (radicals.pattern === "third-order")
    return {
      d0: large ? rng.int(5, 30) : rng.int(1, 6),
      e0: large ? rng.int(5, 20) : rng.int(1, 4),
      j: large ? rng.int(2, 6) : rng.int(1, 3),
    };
  const k = large ? rng.int(3, 19) : rng.int(1, 5);
  if (radicals.pattern === "growing")
    return { d0: large ? rng.int(11, 60) : rng.int(1, 9), e0: k, j: 0 };
  // Shrinking differences that may cross zero: the sequence rises, then turns.
  return { d0: rng.int(k * 2, k * (visibleTerms(radicals) + 1)), e0: -k, j: 0 };
}

export const secondOrderModel: ItemModel<SecondOrderRadicals, PoolSpec, number> = {
  id: "sm-second-order",
  summary: "The differences between terms change by a fixed amount (or their own differences do).",
  radicals: {
    pattern: ["growing", "shrinking", "third-order"],
    magnitude: ["small", "large"],
    terms: ["more", "fewer"],
  },
  incidentals: [
    "the first difference and its change within their band",
    "the first term",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ pattern, magnitude, terms }) => ({
    "rule:second-order": 1,
    "rule:third-order": pattern === "third-order" ? 1 : 0,
    "shrinking-differences": pattern === "shrinking" ? 1 : 0,
    "larger-numbers": magnitude === "large" ? 1 : 0,
    "fewer-terms": terms === "fewer" ? 1 : 0,
  }),
  generate(radicals, rng) {
    const { d0, e0, j } = differenceParameters(radicals, rng);
    const n = visibleTerms(radicals);
    const diffs = unroll([d0], n, (d, i) => last(d) + e0 + (i - 1) * j);
    const lowest = Math.min(
      0,
      ...diffs.map((_, i) => diffs.slice(0, i + 1).reduce((a, b) => a + b, 0)),
    );
    const [low, high] = starts[radicals.magnitude];
    const start = rng.int(Math.max(low, 1 - lowest), Math.max(high, 1 - lowest));
    const all = unroll([start], n + 1, (t, i) => last(t) + (diffs[i - 1] as number));
    const terms = all.slice(0, -1);
    const key = last(all);
    const shown = differences(terms);
    const lastDiff = last(shown);
    const change = last(differences(shown));
    const wrong = [
      last(terms) + lastDiff, // the last difference again
      key + change,
      key - change,
      last(terms) + lastDiff + 2 * change,
    ];
    if (radicals.pattern === "third-order")
      wrong.push(last(terms) + lastDiff + change, key + j, key - j);
    const rule: PoolRule =
      radicals.pattern === "third-order"
        ? { family: "third-order" }
        : { family: "growing-difference", firstDifference: d0, increment: e0 };
    return sequenceDraft(
      "sm-second-order",
      rule,
      terms,
      key,
      wrong,
      rng,
      radicals.magnitude === "large",
    );
  },
  ...smParts,
};
