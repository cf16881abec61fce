import type { CategorySolver } from "../model.ts";

/**
 * RA solver, written apart from the generators (bank v2's recipes and the pool's item
 * models): it never reads the rules a generator declares. For each attribute it infers,
 * from the eight visible cells alone, every rule that fits the two complete rows (and, read
 * the other way, the two complete columns) and the two visible cells of the third, and the
 * value each fitting rule predicts for the missing cell. An option fits when, for every
 * attribute, the fitting rules predict exactly one value and the option shows it. When two
 * readings predict different values the matrix has two defensible answers, and no option
 * fits (the instance then fails "exactly one" and is drawn again).
 */

interface AttributeReading {
  /** The attribute's key in a cell. */
  key: string;
  /** Ordered names (the level is the index), or null for a number stored as is. */
  names: readonly string[] | null;
  min: number;
  max: number;
}

/** Shape types by number of sides; the circle comes last. */
const shapeOrder = ["triangle", "square", "pentagon", "hexagon", "circle"] as const;

const shape = (key: string): AttributeReading => ({ key, names: shapeOrder, min: 0, max: 4 });
const level = (key: string, min: number, max: number): AttributeReading => ({
  key,
  names: null,
  min,
  max,
});

/** The attributes of a cell, per family (what a cell of that family draws). */
const familyAttributes: Record<string, readonly AttributeReading[]> = {
  matrix: [shape("type"), level("size", 0, 2), level("fill", 0, 3), level("number", 1, 4)],
  "matrix-nested": [
    shape("outer"),
    level("outerFill", 0, 3),
    shape("inner"),
    level("innerFill", 1, 3),
  ],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The attribute's value as an integer level, or null when it is not a valid value. */
function levelOf(attribute: AttributeReading, value: unknown): number | null {
  const index = attribute.names ? attribute.names.indexOf(String(value)) : value;
  if (typeof index !== "number" || !Number.isInteger(index)) return null;
  if (index < attribute.min || index > attribute.max) return null;
  return index;
}

type Line = readonly [number, number, number];
type Partial = readonly [number, number];

const isArithmeticLine = (l: Line) => l[1] - l[0] === l[2] - l[1];

/**
 * The values predicted for the third line's missing end by every rule that fits both
 * complete lines and the partial third line.
 */
function lineReadings(first: Line, second: Line, partial: Partial): number[] {
  const lines = [first, second];
  const [p0, p1] = partial;
  const out: number[] = [];
  // Constant in each line.
  if (lines.every((l) => l[0] === l[1] && l[1] === l[2]) && p0 === p1) out.push(p1);
  // Progression: the same step in every line.
  const step = first[1] - first[0];
  if (step !== 0 && lines.every((l) => l[1] - l[0] === step && l[2] - l[1] === step))
    if (p1 - p0 === step) out.push(p1 + step);
  // Each line an arithmetic sequence with a step of its own (a looser progression).
  if (lines.every(isArithmeticLine)) out.push(p1 + (p1 - p0));
  // Every line changes by the same two steps (not necessarily equal ones).
  const [d1, d2] = [first[1] - first[0], first[2] - first[1]];
  if (second[1] - second[0] === d1 && second[2] - second[1] === d2 && p1 - p0 === d1)
    out.push(p1 + d2);
  // Every line ends where it starts.
  if (lines.every((l) => l[0] === l[2])) out.push(p0);
  // Distribution: every line holds the same values (three distinct ones, or any multiset),
  // so the third line's missing one is what its two visible cells leave over.
  const sorted = (l: readonly number[]) => [...l].sort((a, b) => a - b).join();
  if (sorted(first) === sorted(second)) {
    const rest = [...first];
    for (const p of partial) {
      const at = rest.indexOf(p);
      if (at >= 0) rest.splice(at, 1);
    }
    if (rest.length === 1) out.push(rest[0] as number);
  }
  // Arithmetic: the third is the sum, or a difference, of the first two.
  if (lines.every((l) => l[2] === l[0] + l[1])) out.push(p0 + p1);
  if (lines.every((l) => l[2] === l[0] - l[1])) out.push(p0 - p1);
  if (lines.every((l) => l[2] === l[1] - l[0])) out.push(p1 - p0);
  return out;
}

/**
 * Diagonals: when the two complete wrapped diagonals parallel to one of the main diagonals
 * are each constant, the one through the missing cell is read as constant too.
 */
function diagonalReadings(at: (row: number, col: number) => number): number[] {
  const out: number[] = [];
  for (const turn of [1, 2]) {
    // Cells (r, (r * turn + k) % 3): turn 1 runs down-right, turn 2 down-left.
    const diagonal = (k: number) => [0, 1, 2].map((r) => at(r, (r * turn + k) % 3) as number);
    const through = [0, 1, 2].find((k) => (2 * turn + k) % 3 === 2) as number;
    const others = [0, 1, 2].filter((k) => k !== through).map(diagonal);
    const partial = diagonal(through).filter((_, r) => r !== 2);
    const constant = (l: number[]) => l.every((v) => v === l[0]);
    if (others.every(constant) && constant(partial)) out.push(partial[0] as number);
  }
  return out;
}

/** Every value predicted for the missing cell (index 8) from the rows and from the columns. */
export function inferredValues(levels: readonly number[], min: number, max: number): number[] {
  const at = (row: number, col: number) => levels[row * 3 + col] as number;
  const row = (r: number): Line => [at(r, 0), at(r, 1), at(r, 2)];
  const col = (c: number): Line => [at(0, c), at(1, c), at(2, c)];
  const predicted = [
    ...lineReadings(row(0), row(1), [at(2, 0), at(2, 1)]),
    ...lineReadings(col(0), col(1), [at(0, 2), at(1, 2)]),
    ...diagonalReadings(at),
  ];
  // A value no cell of this kind can show is not a reading a taker could pick.
  return [...new Set(predicted.filter((v) => v >= min && v <= max))];
}

export const solver: CategorySolver = {
  category: "RA",
  satisfies(item, option) {
    const attributes = familyAttributes[item.family];
    if (!attributes || !isRecord(item.spec) || !isRecord(option)) return false;
    const { cells } = item.spec;
    if (!Array.isArray(cells) || cells.length !== 8) return false;
    for (const attribute of attributes) {
      const visible = cells.map((cell) =>
        isRecord(cell) ? levelOf(attribute, cell[attribute.key]) : null,
      );
      if (visible.some((v) => v === null)) return false;
      const chosen = levelOf(attribute, option[attribute.key]);
      if (chosen === null) return false;
      const predicted = inferredValues(visible as number[], attribute.min, attribute.max);
      if (predicted.length !== 1 || predicted[0] !== chosen) return false;
    }
    return true;
  },
};
