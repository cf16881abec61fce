import type { Feature } from "../model.ts";

/**
 * Context-blind choosers: they see only the four options' visible attributes, never the
 * question. A good item bank leaves them near chance (25%). Each returns the indices of
 * the options it would pick (ties included), so accuracy counts 1/ties when right.
 */

type Features = Record<string, Feature>[];

function keys(options: Features): string[] {
  return [...new Set(options.flatMap((option) => Object.keys(option)))].sort();
}

function best(scores: number[], better: (a: number, b: number) => boolean): number[] {
  let top = scores[0] as number;
  for (const score of scores) if (better(score, top)) top = score;
  return scores.flatMap((score, index) => (score === top ? [index] : []));
}

/** Picks the option that holds the most common value of the most attributes. */
export function mostCommonValueChooser(options: Features): number[] {
  const scores = options.map(() => 0);
  for (const key of keys(options)) {
    const counts = new Map<string, number>();
    for (const option of options) {
      const value = JSON.stringify(option[key] ?? null);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const [first, second] = ranked;
    // A mode exists only when one value is strictly more common than any other.
    if (!first || first[1] < 2 || (second && second[1] === first[1])) continue;
    options.forEach((option, index) => {
      if (JSON.stringify(option[key] ?? null) === first[0])
        scores[index] = (scores[index] ?? 0) + 1;
    });
  }
  return best(scores, (a, b) => a > b);
}

function distance(a: Feature | undefined, b: Feature | undefined, range: number): number {
  if (typeof a === "number" && typeof b === "number")
    return range === 0 ? 0 : Math.abs(a - b) / range;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null) ? 0 : 1;
}

/** Picks the option most similar to the other three (smallest summed distance). */
export function mostSimilarChooser(options: Features): number[] {
  const allKeys = keys(options);
  const ranges = new Map(
    allKeys.map((key) => {
      const numbers = options.map((o) => o[key]).filter((v): v is number => typeof v === "number");
      return [key, numbers.length ? Math.max(...numbers) - Math.min(...numbers) : 0];
    }),
  );
  const scores = options.map((option, i) =>
    options.reduce(
      (sum, other, j) =>
        i === j
          ? sum
          : sum +
            allKeys.reduce(
              (d, key) => d + distance(option[key], other[key], ranges.get(key) ?? 0),
              0,
            ),
      0,
    ),
  );
  // Round so that float noise does not break real ties.
  return best(
    scores.map((s) => Math.round(s * 1e6) / 1e6),
    (a, b) => a < b,
  );
}

/** Expected accuracy of a chooser on one item whose right option is at `answer`. */
export function expectedHit(picked: number[], answer: number): number {
  return picked.includes(answer) ? 1 / picked.length : 0;
}

/**
 * True when the points (cells of a width x height frame) are their own mirror image
 * across the frame's vertical or horizontal midline: what a glance at a picture calls
 * "symmetric". Paper-fold sheets fold along those midlines.
 */
export function mirrorSymmetric(
  points: readonly (readonly [number, number])[],
  width: number,
  height: number,
): boolean {
  const set = new Set(points.map(([x, y]) => `${x},${y}`));
  const same = (reflect: (x: number, y: number) => [number, number]) =>
    points.every(([x, y]) => set.has(reflect(x, y).join(",")));
  return (
    points.length > 0 && (same((x, y) => [width - 1 - x, y]) || same((x, y) => [x, height - 1 - y]))
  );
}

/**
 * Picks the mirror-symmetric options when some but not all are (an unfolded sheet is
 * symmetric, so "pick the symmetric one" must not solve a paper-fold item). Takes one
 * flag per option. A check only: no generator may filter its items with it, or the
 * check could never fail (bank.test.ts makes sure).
 */
export function symmetricChooser(symmetric: readonly boolean[]): number[] {
  const picked = symmetric.flatMap((s, i) => (s ? [i] : []));
  return picked.length > 0 && picked.length < symmetric.length
    ? picked
    : symmetric.map((_, i) => i);
}
