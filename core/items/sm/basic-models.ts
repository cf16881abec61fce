/** The two easiest SM models: a fixed step (arithmetic) and a fixed ratio (geometric). */
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { last, type PoolSpec, range, round, sequenceDraft, smParts, unroll } from "./pool.ts";

type Magnitude = "small" | "medium" | "large";

export type ArithmeticRadicals = {
  magnitude: Magnitude;
  direction: "up" | "down";
  visible: number;
};

/** Steps and the values every term and the key stay within; the key reaches `reach`. */
const arithmeticBands: Record<
  Magnitude,
  { steps: number[]; low: number; high: number; reach: number }
> = {
  small: { steps: range(2, 9), low: 1, high: 99, reach: 12 },
  medium: { steps: range(11, 99, round), low: 10, high: 999, reach: 100 },
  large: { steps: range(101, 999, round), low: 100, high: 9999, reach: 1000 },
};

/** 37 read as 73; one-digit steps have no such misreading (they stay as they are). */
const swapped = (step: number) => Number(String(step).split("").reverse().join(""));

export const arithmeticModel: ItemModel<ArithmeticRadicals, PoolSpec, number> = {
  id: "sm-arithmetic",
  summary: "Add (or take away) the same number each time.",
  radicals: {
    magnitude: ["small", "medium", "large"],
    direction: ["up", "down"],
    visible: [6, 5, 4],
  },
  incidentals: [
    "the step within its band",
    "the first term",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ magnitude, direction, visible }) => ({
    "larger-numbers": ["small", "medium", "large"].indexOf(magnitude),
    descending: direction === "down" ? 1 : 0,
    "fewer-terms": 6 - visible,
  }),
  generate(radicals, rng) {
    const band = arithmeticBands[radicals.magnitude];
    const size = rng.pick(band.steps);
    const step = radicals.direction === "up" ? size : -size;
    const span = size * radicals.visible;
    // Up: the key is the largest value; down: the smallest, kept clear of 0.
    const [min, max] =
      radicals.direction === "up"
        ? [Math.max(band.low + span, band.reach), band.high]
        : [Math.max(band.low, 12), Math.min(band.high - span, band.high)];
    if (min > max) return null;
    const key = rng.int(min, max);
    if (radicals.direction === "down" && key + span < band.reach) return null;
    const terms = Array.from(
      { length: radicals.visible },
      (_, i) => key - step * (radicals.visible - i),
    );
    const wrong = [
      key + step, // one step too many
      key + 2 * step,
      key + (step > 0 ? step + 1 : step - 1), // the step off by one, taken once more
      last(terms) + Math.sign(step) * swapped(size), // the step read with its digits swapped
    ];
    return sequenceDraft(
      "sm-arithmetic",
      { family: "arithmetic", step },
      terms,
      key,
      wrong,
      rng,
      radicals.magnitude !== "small",
    );
  },
  ...smParts,
};

type Ratio = "double" | "whole" | "halve" | "fraction";

export type GeometricRadicals = {
  ratio: Ratio;
  magnitude: "small" | "large";
  terms: "more" | "fewer";
};

/**
 * How many terms show: x3..x5 and x3/2 grow fast, so they show one term fewer than
 * doubling and halving, which keeps small numbers possible (and more of them).
 */
const visibleTerms = ({ ratio, terms }: GeometricRadicals) =>
  (ratio === "whole" || ratio === "fraction" ? 4 : 5) - (terms === "fewer" ? 1 : 0);

/** The ratios of each kind as times/over: x2; x3, x4, x5; /2, /3; x3/2, x2/3. */
const ratios: Record<Ratio, [number, number][]> = {
  double: [[2, 1]],
  whole: [
    [3, 1],
    [4, 1],
    [5, 1],
  ],
  halve: [
    [1, 2],
    [1, 3],
  ],
  fraction: [
    [3, 2],
    [2, 3],
  ],
};

/**
 * A geometric sequence with its visible terms and its key, all whole: the first term is
 * m times over^(terms shown), so that every division comes out even. Small keeps every number
 * under 1000; large reaches four digits.
 */
function geometricTerms(
  radicals: GeometricRadicals,
  rng: Rng,
): { times: number; over: number; terms: number[]; key: number } | null {
  const visible = visibleTerms(radicals);
  const choices: { times: number; over: number; m: number }[] = [];
  for (const [times, over] of ratios[radicals.ratio]) {
    const top = Math.max(times, over) ** visible;
    for (let m = 1; m * top <= 9999; m++) {
      const largest = m * top;
      // The key stays clear of 0, so that three wrong values can sit below it.
      if (m * times ** visible < 6) continue;
      if (radicals.magnitude === "small" ? largest <= 999 : largest >= 1000)
        choices.push({ times, over, m });
    }
  }
  if (choices.length === 0) return null;
  const { times, over, m } = rng.pick(choices);
  const first = m * over ** visible;
  const all = unroll([first], visible + 1, (t) => (last(t) * times) / over);
  return { times, over, terms: all.slice(0, -1), key: last(all) };
}

export const geometricModel: ItemModel<GeometricRadicals, PoolSpec, number> = {
  id: "sm-geometric",
  summary: "Multiply (or divide) by the same number each time.",
  radicals: {
    ratio: ["double", "whole", "halve", "fraction"],
    magnitude: ["small", "large"],
    terms: ["more", "fewer"],
  },
  incidentals: [
    "the ratio within its kind",
    "the first term",
    "the wrong values drawn",
    "the key's rank",
  ],
  design: ({ ratio, magnitude, terms }) => ({
    "rule:geometric": 1,
    "larger-ratio": ratio === "whole" ? 1 : 0,
    descending: ratio === "halve" ? 1 : 0,
    "fraction-ratio": ratio === "fraction" ? 1 : 0,
    "larger-numbers": magnitude === "large" ? 1 : 0,
    "fewer-terms": terms === "fewer" ? 1 : 0,
  }),
  generate(radicals, rng) {
    const built = geometricTerms(radicals, rng);
    if (!built) return null;
    const { times, over, terms, key } = built;
    const end = last(terms);
    const before = last(terms, 2);
    const difference = end - before;
    const wrong = [
      end + difference, // read as a fixed step
      key + (key - end), // one step too far, read as arithmetic from the key
      end + before, // the two last terms added
      (end * (times + 1)) / over, // the ratio one more
      over === 1 ? end * (times - 1) : (end * times) / (over + 1), // the ratio one less
      key - difference, // the last step subtracted from the key, not added to the last term
    ].filter(Number.isInteger);
    return sequenceDraft(
      "sm-geometric",
      { family: "geometric-fraction", times, over },
      terms,
      key,
      wrong,
      rng,
      radicals.magnitude === "large",
    );
  },
  ...smParts,
};
