import type { Rng } from "../rng.ts";

/**
 * RA: the structured model of a 3x3 matrix item (generator side). Every cell holds
 * `number` copies of one figure with a shape type, a size and a fill; each attribute follows
 * one row-wise rule. Internally every attribute is a level (an integer); the spec stores the
 * shape type by name so that the JSON reads on its own.
 */

/** Ordered by number of sides (the circle last), so a progression on type is natural. */
export const shapeTypes = ["triangle", "square", "pentagon", "hexagon", "circle"] as const;
export type ShapeType = (typeof shapeTypes)[number];

export type Attribute = "type" | "size" | "fill" | "number";
export const attributes: readonly Attribute[] = ["type", "size", "fill", "number"];

/** Levels: type 0..4 (shapeTypes), size 0..2 (small..large), fill 0..3 (palette.fills), number 1..4. */
export const domains: Record<Attribute, { min: number; max: number }> = {
  type: { min: 0, max: 4 },
  size: { min: 0, max: 2 },
  fill: { min: 0, max: 3 },
  number: { min: 1, max: 4 },
};

export interface Cell {
  type: ShapeType;
  size: number;
  fill: number;
  number: number;
}

/** A row-wise rule as the spec states it (what the solver re-checks). */
export type Rule =
  | { kind: "constant" }
  | { kind: "progression"; step: number }
  | { kind: "distribute-three"; values: (string | number)[] }
  | { kind: "arithmetic"; op: "add" | "sub" };

export interface MatrixSpec {
  rules: Record<Attribute, Rule>;
  /** Cells 1..8 in reading order; the 9th (bottom-right) is the question. */
  cells: Cell[];
}

/** How the generator builds one attribute's 3x3 grid of levels. */
export type Template =
  /** The same value in every cell (optionally a given one). */
  | { kind: "fixed"; value?: number }
  /** Constant within each row, a different value in each row. */
  | { kind: "row-constant" }
  | { kind: "progression"; steps: number[] }
  /**
   * Each row a cyclic shift of the same three values; `shift` 1 or 2 (row to row). Two
   * attributes of one item with different shifts vary independently (a Graeco-Latin square).
   */
  | { kind: "distribute-three"; shift?: 1 | 2 }
  | { kind: "arithmetic"; ops: ("add" | "sub")[] };

export type Grid = number[][];

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function at(grid: Grid, row: number, col: number): number {
  return grid[row]?.[col] as number;
}

/** Builds one attribute's grid of levels and the rule that the spec will state. */
export function buildAttribute(
  attribute: Attribute,
  template: Template,
  rng: Rng,
): { grid: Grid; rule: Rule } {
  const { min, max } = domains[attribute];
  const values = range(min, max);
  const named = (levels: number[]) =>
    attribute === "type" ? levels.map((l) => shapeTypes[l] as string) : levels;
  switch (template.kind) {
    case "fixed": {
      const v = template.value ?? rng.pick(values);
      return { grid: [0, 1, 2].map(() => [v, v, v]), rule: { kind: "constant" } };
    }
    case "row-constant": {
      const picks = rng.shuffle(values).slice(0, 3);
      return { grid: picks.map((v) => [v, v, v]), rule: { kind: "constant" } };
    }
    case "progression": {
      const step = rng.pick(template.steps);
      const starts = values.filter((s) => s + 2 * step >= min && s + 2 * step <= max);
      let rowStarts: number[];
      if (starts.length >= 3) rowStarts = rng.shuffle(starts).slice(0, 3);
      else {
        do rowStarts = [0, 1, 2].map(() => rng.pick(starts));
        while (starts.length > 1 && new Set(rowStarts).size === 1);
      }
      return {
        grid: rowStarts.map((s) => [s, s + step, s + 2 * step]),
        rule: { kind: "progression", step },
      };
    }
    case "distribute-three": {
      const picks = rng.shuffle(values).slice(0, 3);
      const direction = template.shift ?? rng.pick([1, 2]);
      const grid = [0, 1, 2].map((r) =>
        [0, 1, 2].map((c) => picks[(c + direction * r) % 3] as number),
      );
      return {
        grid,
        rule: { kind: "distribute-three", values: named([...picks].sort((a, b) => a - b)) },
      };
    }
    case "arithmetic": {
      const op = rng.pick(template.ops);
      const triples: number[][] = [];
      for (const a of values)
        for (const b of values) {
          if (a < 1 || b < 1) continue;
          const c = op === "add" ? a + b : a - b;
          if (c >= Math.max(min, 1) && c <= max) triples.push([a, b, c]);
        }
      return { grid: rng.shuffle(triples).slice(0, 3), rule: { kind: "arithmetic", op } };
    }
  }
}

/**
 * Every rule a reader could infer from the first two rows (or the first two columns)
 * and the value it predicts for the missing cell. Used to reject ambiguous matrices:
 * all predictions must agree with the answer.
 */
export function predictions(grid: Grid): number[] {
  const rowLines = {
    first: [0, 1, 2].map((c) => at(grid, 0, c)),
    second: [0, 1, 2].map((c) => at(grid, 1, c)),
    partial: [at(grid, 2, 0), at(grid, 2, 1)],
  };
  const colLines = {
    first: [0, 1, 2].map((r) => at(grid, r, 0)),
    second: [0, 1, 2].map((r) => at(grid, r, 1)),
    partial: [at(grid, 0, 2), at(grid, 1, 2)],
  };
  const out: number[] = [];
  for (const { first, second, partial } of [rowLines, colLines]) {
    const lines = [first, second];
    const [p0, p1] = partial as [number, number];
    const fits = (test: (l: number[]) => boolean) => lines.every(test);
    if (fits((l) => l[0] === l[1] && l[1] === l[2]) && p0 === p1) out.push(p1);
    for (const d of [-2, -1, 1, 2])
      if (
        fits(
          (l) =>
            (l[1] as number) - (l[0] as number) === d && (l[2] as number) - (l[1] as number) === d,
        ) &&
        p1 - p0 === d
      )
        out.push(p1 + d);
    const set = [...first].sort().join();
    if (new Set(first).size === 3 && [...second].sort().join() === set && p0 !== p1) {
      const missing = first.filter((v) => v !== p0 && v !== p1);
      if (missing.length === 1) out.push(missing[0] as number);
    }
    if (fits((l) => l[2] === (l[0] as number) + (l[1] as number))) out.push(p0 + p1);
    if (fits((l) => l[2] === (l[0] as number) - (l[1] as number))) out.push(p0 - p1);
  }
  return out;
}
