import type { Rng } from "../rng.ts";

/**
 * Polyominoes for the rotation and mirror families (generator side): sets of unit squares
 * on a grid, x to the right and y downwards, kept normalized (smallest x and y are 0,
 * cells sorted) so that equal figures have equal JSON.
 */

export type Cell = [number, number];

export function normalize(cells: readonly Cell[]): Cell[] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([x, y]) => [x - minX, y - minY] as Cell)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

export function key(cells: readonly Cell[]): string {
  return normalize(cells)
    .map(([x, y]) => `${x},${y}`)
    .join(" ");
}

/** A quarter turn clockwise on screen (y points down), `turns` times. */
export function rotate(cells: readonly Cell[], turns: number): Cell[] {
  let out = cells.map(([x, y]) => [x, y] as Cell);
  for (let t = 0; t < ((turns % 4) + 4) % 4; t++) out = out.map(([x, y]) => [-y, x] as Cell);
  return normalize(out);
}

/** The mirror image across a vertical line (left and right swap). */
export function flipX(cells: readonly Cell[]): Cell[] {
  return normalize(cells.map(([x, y]) => [-x, y] as Cell));
}

/** The mirror image across a horizontal line (top and bottom swap). */
export function flipY(cells: readonly Cell[]): Cell[] {
  return normalize(cells.map(([x, y]) => [x, -y] as Cell));
}

/** The same key for figures that are rotations of each other. */
export function keyUpToRotation(cells: readonly Cell[]): string {
  return [0, 1, 2, 3].map((t) => key(rotate(cells, t))).sort()[0] as string;
}

/** The same key for figures that are rotations or mirror images of each other. */
export function keyUpToRotationAndMirror(cells: readonly Cell[]): string {
  return [keyUpToRotation(cells), keyUpToRotation(flipX(cells))].sort()[0] as string;
}

/** True when no rotation of the figure equals its mirror image. */
export function isChiral(cells: readonly Cell[]): boolean {
  return keyUpToRotation(cells) !== keyUpToRotation(flipX(cells));
}

const steps: Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

export function isConnected(cells: readonly Cell[]): boolean {
  if (cells.length === 0) return false;
  const set = new Set(cells.map(([x, y]) => `${x},${y}`));
  const first = cells[0] as Cell;
  const seen = new Set([`${first[0]},${first[1]}`]);
  const stack: Cell[] = [first];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as Cell;
    for (const [dx, dy] of steps) {
      const k = `${x + dx},${y + dy}`;
      if (set.has(k) && !seen.has(k)) {
        seen.add(k);
        stack.push([x + dx, y + dy]);
      }
    }
  }
  return seen.size === cells.length;
}

export function size(cells: readonly Cell[]): { width: number; height: number } {
  return {
    width: Math.max(...cells.map((c) => c[0])) + 1,
    height: Math.max(...cells.map((c) => c[1])) + 1,
  };
}

/** A random chiral polyomino of `count` squares that fits in a box of `maxSide`. */
export function randomChiral(rng: Rng, count: number, maxSide: number): Cell[] {
  for (let attempt = 0; attempt < 5000; attempt++) {
    const cells: Cell[] = [[0, 0]];
    const has = (x: number, y: number) => cells.some((c) => c[0] === x && c[1] === y);
    while (cells.length < count) {
      const [x, y] = rng.pick(cells);
      const [dx, dy] = rng.pick(steps);
      if (!has(x + dx, y + dy)) cells.push([x + dx, y + dy]);
    }
    const shape = normalize(cells);
    const { width, height } = size(shape);
    if (width > maxSide || height > maxSide || Math.min(width, height) < 2) continue;
    // A figure with a 2x2 block reads as a blob; allow at most one such block.
    if (blocks(shape) > 1) continue;
    if (isChiral(shape)) return shape;
  }
  throw new Error("no chiral polyomino found");
}

/** How many 2x2 blocks of squares the figure contains. */
export function blocks(cells: readonly Cell[]): number {
  const set = new Set(cells.map(([x, y]) => `${x},${y}`));
  return cells.filter(
    ([x, y]) =>
      set.has(`${x + 1},${y}`) && set.has(`${x},${y + 1}`) && set.has(`${x + 1},${y + 1}`),
  ).length;
}

/**
 * Every figure made by moving one square of `cells` to another free place next to the
 * rest: connected, chiral, and neither a rotation nor a mirror image of the original.
 * `maxDistance` limits how far the square travels (a subtler change when small).
 */
export function movedVariants(cells: readonly Cell[], maxDistance: number): Cell[][] {
  const original = keyUpToRotationAndMirror(cells);
  const { width, height } = size(cells);
  const seen = new Set<string>();
  const out: Cell[][] = [];
  cells.forEach((removed, index) => {
    const rest = cells.filter((_, i) => i !== index);
    if (!isConnected(rest)) return;
    const taken = new Set(cells.map(([x, y]) => `${x},${y}`));
    for (const [x, y] of rest) {
      for (const [dx, dy] of steps) {
        const cell: Cell = [x + dx, y + dy];
        if (taken.has(`${cell[0]},${cell[1]}`)) continue;
        const distance = Math.abs(cell[0] - removed[0]) + Math.abs(cell[1] - removed[1]);
        if (distance > maxDistance) continue;
        const moved = normalize([...rest, cell]);
        const k = key(moved);
        if (seen.has(k)) continue;
        seen.add(k);
        const box = size(moved);
        if (box.width > Math.max(width, height) || box.height > Math.max(width, height)) continue;
        if (blocks(moved) > 1) continue;
        if (!isChiral(moved) || keyUpToRotationAndMirror(moved) === original) continue;
        out.push(moved);
      }
    }
  });
  return out;
}
