import type { Rng } from "../rng.ts";

/**
 * RA pool (issue 28), generator side: the 3x3 grid of every attribute of a matrix item model,
 * its unambiguity, and the 2x2 design of its options. Attributes are integer levels here;
 * a family (one figure group per cell, or a figure inside another) names them and draws them.
 */

/** The rules a reader must find, from the easiest kind to the hardest (Carpenter et al. 1990). */
export type RuleKind = "progression" | "distribute-three" | "arithmetic";
/** What an attribute does in a matrix: a rule to find, or a constant one (in a row, or everywhere). */
export type Role = RuleKind | "row-constant" | "fixed";
/** Whether a rule runs along the rows or down the columns. */
export type Direction = "rows" | "columns";
/** Every rule one way, or "crossed": some rules along the rows and others down the columns. */
export type Layout = Direction | "crossed";

export interface PoolAttribute {
  key: string;
  min: number;
  max: number;
  /** Whether the attribute is a count, the only kind that a sum or a difference may govern. */
  count: boolean;
}

export type Grid = number[][];
export type Levels = Record<string, number>;

const range = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** One attribute's grid of levels, built row-wise (the caller transposes for columns). */
export function buildGrid(attribute: PoolAttribute, role: Role, rng: Rng): Grid | null {
  const values = range(attribute.min, attribute.max);
  switch (role) {
    case "fixed": {
      const v = rng.pick(values);
      return [0, 1, 2].map(() => [v, v, v]);
    }
    case "row-constant":
      return rng
        .shuffle(values)
        .slice(0, 3)
        .map((v) => [v, v, v]);
    case "progression": {
      const step = rng.pick([1, -1]);
      const starts = values.filter((s) => values.includes(s + 2 * step));
      if (starts.length === 0) return null;
      return [0, 1, 2].map(() => {
        const s = rng.pick(starts);
        return [s, s + step, s + 2 * step];
      });
    }
    case "distribute-three": {
      const picks = rng.shuffle(values).slice(0, 3);
      // Each row the same three values in its own order (not always a Latin square: two
      // distributions in Latin squares are either tied or orthogonal, and then no option
      // design is fair); never the same order in every row (the columns would be constant).
      const rows = [0, 1, 2].map(() => rng.shuffle(picks));
      if (rows.every((row) => row.join() === rows[0]?.join())) return null;
      return rows;
    }
    case "arithmetic": {
      if (!attribute.count) return null;
      const op = rng.pick(["add", "sub"] as const);
      const triples: number[][] = [];
      for (const a of values)
        for (const b of values) {
          const c = op === "add" ? a + b : a - b;
          if (c >= attribute.min && c <= attribute.max) triples.push([a, b, c]);
        }
      return rng.shuffle(triples).slice(0, 3);
    }
  }
}

export const transpose = (grid: Grid): Grid =>
  [0, 1, 2].map((r) => [0, 1, 2].map((c) => grid[c]?.[r] as number));

type Line = [number, number, number];

/**
 * What each rule that fits two complete lines and a partial third predicts for its end:
 * constant, progression (one step, or two steps repeated line to line, or a step per line),
 * the same values in every line (a distribution), first equals last, sum and differences.
 */
function lineReadings(first: Line, second: Line, p0: number, p1: number, simple = false): number[] {
  const out: number[] = [];
  const lines = [first, second];
  const fits = (test: (l: Line) => boolean) => lines.every(test);
  const steps = (l: Line) => [l[1] - l[0], l[2] - l[1]] as const;
  const [d1, d2] = steps(first);
  if (fits((l) => l[0] === l[1] && l[1] === l[2]) && p0 === p1) out.push(p0);
  const progression = fits((l) => steps(l)[0] === d1 && steps(l)[1] === d2) && p1 - p0 === d1;
  if (progression && (!simple || d1 === d2)) out.push(p1 + d2);
  if (!simple && fits((l) => steps(l)[0] === steps(l)[1])) out.push(p1 + (p1 - p0));
  if ([...first].sort().join() === [...second].sort().join()) {
    const rest = [...first];
    for (const p of [p0, p1]) if (rest.includes(p)) rest.splice(rest.indexOf(p), 1);
    if (rest.length === 1) out.push(rest[0] as number);
  }
  if (!simple && fits((l) => l[0] === l[2])) out.push(p0);
  if (fits((l) => l[2] === l[0] + l[1])) out.push(p0 + p1);
  if (fits((l) => l[2] === l[0] - l[1])) out.push(p0 - p1);
  if (fits((l) => l[2] === l[1] - l[0])) out.push(p1 - p0);
  return out;
}

/**
 * Every value that a rule read along the rows or down the columns predicts for the missing
 * cell, within the attribute's levels. An unambiguous grid has exactly one.
 */
export function readings(
  grid: Grid,
  attribute: PoolAttribute,
  along: readonly Direction[] = ["rows", "columns"],
  simple = false,
): number[] {
  const g = (r: number, c: number) => grid[r]?.[c] as number;
  const rows = lineReadings(
    [g(0, 0), g(0, 1), g(0, 2)],
    [g(1, 0), g(1, 1), g(1, 2)],
    g(2, 0),
    g(2, 1),
    simple,
  );
  const cols = lineReadings(
    [g(0, 0), g(1, 0), g(2, 0)],
    [g(0, 1), g(1, 1), g(2, 1)],
    g(0, 2),
    g(1, 2),
    simple,
  );
  return [
    ...new Set([
      ...(along.includes("rows") ? rows : []),
      ...(along.includes("columns") ? cols : []),
    ]),
  ].filter((v) => v >= attribute.min && v <= attribute.max);
}

const directedKinds: readonly Role[] = ["progression", "arithmetic"];

/** Which way each attribute's rule runs: crossed layouts send progressions and sums both ways. */
function directions(
  attributes: readonly PoolAttribute[],
  roles: Record<string, Role>,
  layout: Layout,
  rng: Rng,
): Record<string, Direction> | null {
  if (layout !== "crossed") return Object.fromEntries(attributes.map((a) => [a.key, layout]));
  const directed = rng.shuffle(
    attributes.filter((a) => directedKinds.includes(roles[a.key] ?? "fixed")),
  );
  if (directed.length < 2) return null;
  const along: Record<string, Direction> = {};
  for (const a of attributes) along[a.key] = rng.pick(["rows", "columns"] as const);
  along[(directed[0] as PoolAttribute).key] = "rows";
  along[(directed[1] as PoolAttribute).key] = "columns";
  return along;
}

/**
 * Whether every direction the layout uses is needed: for each, some progression or sum
 * running that way has no simple reading the other way (a distribution of three reads the
 * same both ways; a progression down the columns still reads along the rows as "the same
 * two unequal steps in every row", a harder find than the step down the columns).
 */
function directionsNeeded(
  attributes: readonly PoolAttribute[],
  roles: Record<string, Role>,
  grids: Record<string, Grid>,
  along: Record<string, Direction>,
  layout: Layout,
): boolean {
  const needed = (way: Direction) => {
    const other: Direction = way === "rows" ? "columns" : "rows";
    const directed = attributes.filter(
      (a) => directedKinds.includes(roles[a.key] ?? "fixed") && along[a.key] === way,
    );
    return directed.some((a) => readings(grids[a.key] as Grid, a, [other], true).length === 0);
  };
  if (layout === "rows") return true;
  if (layout === "columns")
    return (
      !attributes.some((a) => directedKinds.includes(roles[a.key] ?? "fixed")) || needed("columns")
    );
  return needed("rows") && needed("columns");
}

/**
 * The nine cells' levels in reading order (the ninth is the key) and the way each
 * attribute's rule runs, or null when the grid is ambiguous or a direction is not needed.
 */
export function buildCells(
  attributes: readonly PoolAttribute[],
  roles: Record<string, Role>,
  layout: Layout,
  rng: Rng,
): { cells: Levels[]; along: Record<string, Direction> } | null {
  const along = directions(attributes, roles, layout, rng);
  if (!along) return null;
  // Beside distributions only, the constant runs across them (constant down each column of
  // row-wise distributions): constant along the same lines, it would make every pair of a
  // distributed value and the constant either new (the key's) or shown (a distractor's).
  const ruled = attributes.filter((a) => !["row-constant", "fixed"].includes(roles[a.key] ?? ""));
  if (layout !== "crossed" && ruled.every((a) => roles[a.key] === "distribute-three"))
    for (const a of attributes)
      if (roles[a.key] === "row-constant") along[a.key] = layout === "rows" ? "columns" : "rows";
  const grids: Record<string, Grid> = {};
  for (const attribute of attributes) {
    const built = buildGrid(attribute, roles[attribute.key] ?? "fixed", rng);
    if (!built) return null;
    const grid = along[attribute.key] === "columns" ? transpose(built) : built;
    const found = readings(grid, attribute);
    if (found.length !== 1 || found[0] !== grid[2]?.[2]) return null;
    grids[attribute.key] = grid;
  }
  if (!directionsNeeded(attributes, roles, grids, along, layout)) return null;
  const cells = Array.from({ length: 9 }, (_, i) =>
    Object.fromEntries(
      attributes.map((a) => [a.key, grids[a.key]?.[Math.floor(i / 3)]?.[i % 3] as number]),
    ),
  );
  if (tied(cells.slice(0, 8), attributes)) return null;
  return { cells, along };
}

/**
 * Whether, in the cells shown, one varying attribute's value tells another's (square always
 * dark, hexagon always mid-tone): two such rules read as one, and any option that changes
 * one of them without the other shows a pair the grid never shows, so no fair option design
 * exists.
 */
export function tied(visible: readonly Levels[], attributes: readonly PoolAttribute[]): boolean {
  const varies = attributes.filter((a) => new Set(visible.map((c) => c[a.key])).size > 1);
  const determines = (x: string, y: string) => {
    const seen = new Map<number, number>();
    for (const cell of visible) {
      const had = seen.get(cell[x] as number);
      if (had !== undefined && had !== cell[y]) return false;
      seen.set(cell[x] as number, cell[y] as number);
    }
    return true;
  };
  for (const x of varies)
    for (const y of varies) if (x !== y && determines(x.key, y.key)) return true;
  return false;
}

const sameLevels = (a: Levels, b: Levels, keys: readonly string[]) =>
  keys.every((k) => a[k] === b[k]);

/**
 * How the four options (the key first) look to a taker who does not find the rule, one
 * attribute and one pair of attributes at a time, as verify.ts tests them: per test, which
 * options show a value (or a pair of values) that no visible cell shows. A test gives the
 * key away when it spares the key and flags a distractor, or flags the key alone; then, or
 * when an option copies a cell, the verdict is null. Otherwise it is the fewest options that
 * a test splitting them flags (the key always among them): 4 when every test flags all four
 * options or none ("even": a taker who bets on either side is at chance), else 2 or 3 (a
 * taker who bets on the flagged side picks the key 1 time in 2 or 3).
 */
export function blindVerdict(
  options: readonly Levels[],
  visible: readonly Levels[],
  keys: readonly string[],
): number | null {
  if (options.some((o) => visible.some((cell) => sameLevels(cell, o, keys)))) return null;
  const tests: ((o: Levels) => boolean)[] = [];
  for (const k of keys) tests.push((o) => !visible.some((cell) => cell[k] === o[k]));
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++) {
      const a = keys[i] as string;
      const b = keys[j] as string;
      tests.push((o) => !visible.some((cell) => cell[a] === o[a] && cell[b] === o[b]));
    }
  let least = 4;
  for (const test of tests) {
    const [key, ...others] = options.map(test);
    const flagged = others.filter(Boolean).length;
    if (key ? flagged === 0 : flagged > 0) return null;
    if (key) least = Math.min(least, flagged + 1);
  }
  return least;
}

/** Heavier rules first: a design over the hardest rule's attribute tests that rule. */
const roleWeight: Record<Role, number> = {
  arithmetic: 3,
  "distribute-three": 2,
  progression: 1,
  "row-constant": 0,
  fixed: 0,
};

export type Design = [Levels, Levels, Levels];

/**
 * The three distractors: a 2x2 design over two attributes {(a,b), (a',b), (a,b'), (a',b')}
 * with a' and b' taken from the item, so that every value appears in exactly two options
 * (PSYCHOMETRICS.md). Among the designs over at least one rule-governed attribute, it keeps
 * only those where the four options look alike to a taker who does not find the rule: no
 * option copies a cell, and either all four or none show a value, or a pair of values, that
 * no cell shows. Of those it takes one over the heaviest rules, values from the grid first.
 */
export function designOptions(
  cells: readonly Levels[],
  attributes: readonly PoolAttribute[],
  roles: Record<string, Role>,
  rng: Rng,
  drawable: (levels: Levels) => boolean = () => true,
  evenOnly = false,
): { design: Design; spread: number } | null {
  const keys = attributes.map((a) => a.key);
  const visible = cells.slice(0, 8);
  const key = cells[8] as Levels;
  if (visible.some((cell) => sameLevels(cell, key, keys))) return null;
  const wrong = (attribute: PoolAttribute) => {
    const right = key[attribute.key];
    const shown = [...new Set(visible.map((c) => c[attribute.key] as number))].filter(
      (v) => v !== right,
    );
    const unseen = range(attribute.min, attribute.max).filter(
      (v) => v !== right && !shown.includes(v),
    );
    return [
      ...rng.shuffle(shown).map((v) => ({ v, shown: true })),
      ...rng.shuffle(unseen).map((v) => ({ v, shown: false })),
    ];
  };
  const weight = (a: PoolAttribute) => roleWeight[roles[a.key] ?? "fixed"];
  let best: { score: number; designs: Design[] } = { score: -1, designs: [] };
  for (let i = 0; i < attributes.length; i++)
    for (let j = i + 1; j < attributes.length; j++) {
      const x = attributes[i] as PoolAttribute;
      const y = attributes[j] as PoolAttribute;

      for (const a of wrong(x))
        for (const b of wrong(y)) {
          let score = (weight(x) + weight(y)) * 4 + (a.shown ? 1 : 0) + (b.shown ? 1 : 0);
          const design: Design = [
            { ...key, [x.key]: a.v },
            { ...key, [y.key]: b.v },
            { ...key, [x.key]: a.v, [y.key]: b.v },
          ];
          if (!design.every(drawable)) continue;
          const verdict = blindVerdict([key, ...design], visible, keys);
          if (verdict === null || (evenOnly && verdict < 4)) continue;
          // Even designs first, then splits that flag more options along with the key.
          score += verdict * 1000;
          if (score > best.score) best = { score, designs: [] };
          best.designs.push(design);
        }
    }
  return best.designs.length > 0
    ? { design: rng.pick(best.designs), spread: Math.floor(best.score / 1000) }
    : null;
}
