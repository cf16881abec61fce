import type { CategorySolver } from "../model.ts";

/**
 * Checks RE items from the definitions of their rule families, apart from the generator:
 * - rotation: the option's squares equal the figure turned by some multiple of 90 degrees
 *   (position on the grid does not matter);
 * - mirror: the option's squares equal the figure reflected across the declared line;
 * - paper-fold: unfolding the punched holes fold by fold, last fold first, gives exactly
 *   the option's holes;
 * - paper-fold-lines (the pool's folds on any grid line): folding the sheet forward, square by
 *   square, each square of the sheet lands somewhere on the folded paper; it has a hole when
 *   it lands on a punched square. (The generator unfolds backwards; this folds forwards.)
 * - rotation-3d: the option's cubes equal the object's under one of the 24 turns of a cube
 *   (the signed permutation matrices of determinant +1), position in space aside;
 * - cube-net: a cube rolled under the sheet across the net picks up every square's symbol
 *   on the face that touches it; the option must be what one of the cube's 24 orientations
 *   shows on its top, front-left and front-right faces; where a square carries an arrow, the
 *   arrow drawn on the option must point at the face the folded arrow points at.
 */

type Point = [number, number];

function points(value: unknown): Point[] {
  if (!Array.isArray(value)) throw new Error("expected a list of squares");
  return value.map((p) => {
    if (!Array.isArray(p) || p.length !== 2 || !p.every(Number.isInteger))
      throw new Error("expected a square as [x, y]");
    return [p[0] as number, p[1] as number];
  });
}

/** A translation-free description of a set of squares. */
function signature(cells: Point[]): string {
  const left = Math.min(...cells.map(([x]) => x));
  const top = Math.min(...cells.map(([, y]) => y));
  const keys = cells.map(([x, y]) => `${x - left}:${y - top}`);
  if (new Set(keys).size !== keys.length) return "duplicate squares";
  return keys.sort().join("|");
}

function quarterTurns(cells: Point[]): Point[][] {
  const out: Point[][] = [cells];
  for (let t = 1; t < 4; t++) {
    const previous = out[t - 1] as Point[];
    // (x, y) -> (y, -x): a quarter turn; the direction does not matter over all four.
    out.push(previous.map(([x, y]) => [y, -x]));
  }
  return out;
}

function rotationFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const figure = points(spec.figure);
  const cells = points(option.cells);
  if (cells.length !== figure.length) return false;
  const wanted = signature(cells);
  return quarterTurns(figure).some((turned) => signature(turned) === wanted);
}

function mirrorFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const figure = points(spec.figure);
  const cells = points(option.cells);
  let image: Point[];
  if (spec.axis === "vertical") image = figure.map(([x, y]) => [-x, y]);
  else if (spec.axis === "horizontal") image = figure.map(([x, y]) => [x, -y]);
  else throw new Error("unknown mirror axis");
  return cells.length === figure.length && signature(cells) === signature(image);
}

function foldFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const side = spec.size;
  if (typeof side !== "number" || !Array.isArray(spec.folds) || !Array.isArray(spec.punched))
    throw new Error("bad paper-fold spec");
  if (!Array.isArray(option.holes)) throw new Error("bad paper-fold option");
  // Holes as "column,row"; unfolding a fold adds the reflection across that fold's line.
  let holes = new Set<string>(
    (spec.punched as number[]).map((i) => `${i % side},${Math.floor(i / side)}`),
  );
  for (const flap of [...(spec.folds as string[])].reverse()) {
    const next = new Set(holes);
    for (const h of holes) {
      const [c, r] = h.split(",").map(Number) as [number, number];
      if (flap === "left" || flap === "right") next.add(`${side - 1 - c},${r}`);
      else if (flap === "top" || flap === "bottom") next.add(`${c},${side - 1 - r}`);
      else throw new Error("unknown fold");
    }
    holes = next;
  }
  const shown = new Set(
    (option.holes as number[]).map((i) => `${i % side},${Math.floor(i / side)}`),
  );
  return shown.size === option.holes.length && shown.size === holes.size
    ? [...shown].every((h) => holes.has(h))
    : false;
}

type Point3 = [number, number, number];

/** The 24 proper rotations of the cube: signed permutation matrices with determinant +1. */
function cubeRotations(): ((p: Point3) => Point3)[] {
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const parity = [1, -1, -1, 1, 1, -1];
  const out: ((p: Point3) => Point3)[] = [];
  perms.forEach((perm, i) => {
    for (let signs = 0; signs < 8; signs++) {
      const s = [0, 1, 2].map((b) => ((signs >> b) & 1 ? -1 : 1));
      if ((parity[i] as number) * (s[0] as number) * (s[1] as number) * (s[2] as number) !== 1)
        continue;
      out.push(
        (p) => [0, 1, 2].map((a) => (s[a] as number) * (p[perm[a] as number] as number)) as Point3,
      );
    }
  });
  return out;
}

function signature3(cells: Point3[]): string {
  const min = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c[a] as number)));
  const keys = cells.map((c) => c.map((v, a) => v - (min[a] as number)).join(":"));
  if (new Set(keys).size !== keys.length) return "duplicate cubes";
  return keys.sort().join("|");
}

function rotation3dFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const read = (value: unknown): Point3[] => {
    if (!Array.isArray(value)) throw new Error("expected a list of cubes");
    return value.map((p) => {
      if (!Array.isArray(p) || p.length !== 3 || !p.every(Number.isInteger))
        throw new Error("expected a cube as [x, y, z]");
      return [p[0], p[1], p[2]] as Point3;
    });
  };
  const figure = read(spec.figure);
  const cells = read(option.cells);
  const rotations = cubeRotations();
  if (rotations.length !== 24) throw new Error("rotation group has the wrong size");
  if (cells.length !== figure.length) return false;
  const wanted = signature3(cells);
  return rotations.some((r) => signature3(figure.map(r)) === wanted);
}

/**
 * Where a square of the sheet lands once every fold is made: a fold moves the squares on
 * its flap to their reflection across the crease, and the flap must fit on the paper left.
 */
function landing(
  folds: { axis: string; at: number; flap: string }[],
  side: number,
  x: number,
  y: number,
): [number, number] {
  let [left, right, top, bottom] = [0, side, 0, side];
  let p: [number, number] = [x, y];
  for (const f of folds) {
    const vertical = f.axis === "vertical";
    if (!vertical && f.axis !== "horizontal") throw new Error("unknown crease");
    const [lo, hi] = vertical ? [left, right] : [top, bottom];
    if (!(Number.isInteger(f.at) && f.at > lo && f.at < hi))
      throw new Error("crease off the paper");
    const flapLength = f.flap === "low" ? f.at - lo : hi - f.at;
    if (flapLength * 2 > hi - lo)
      throw new Error("the flap is longer than the paper it folds onto");
    const c = vertical ? p[0] : p[1];
    const onFlap = f.flap === "low" ? c < f.at : c >= f.at;
    if (onFlap) p = vertical ? [2 * f.at - 1 - p[0], p[1]] : [p[0], 2 * f.at - 1 - p[1]];
    if (vertical) [left, right] = f.flap === "low" ? [f.at, right] : [left, f.at];
    else [top, bottom] = f.flap === "low" ? [f.at, bottom] : [top, f.at];
  }
  return p;
}

function foldLinesFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const side = spec.size;
  const folds = spec.folds as { axis: string; at: number; flap: string }[];
  if (typeof side !== "number" || !Array.isArray(folds) || !Array.isArray(spec.punched))
    throw new Error("bad paper-fold-lines spec");
  if (!Array.isArray(option.holes)) throw new Error("bad paper-fold option");
  const punched = new Set(spec.punched as number[]);
  const expected = new Set<number>();
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [lx, ly] = landing(folds, side, x, y);
      if (punched.has(ly * side + lx)) expected.add(y * side + x);
    }
  const shown = new Set(option.holes as number[]);
  return (
    shown.size === option.holes.length &&
    shown.size === expected.size &&
    [...shown].every((h) => expected.has(h))
  );
}

/**
 * Directions around a cube under the sheet: T touches the sheet (towards the viewer),
 * B is away from it; E, W, N, S are right, left, up and down on the screen.
 */
type Dir = "T" | "B" | "E" | "W" | "N" | "S";
type Orientation = Record<Dir, string>;

/** Rolling under the sheet one square to the east: the east face comes up to the sheet. */
function rollEast(o: Orientation): Orientation {
  return { ...o, T: o.E, W: o.T, B: o.W, E: o.B };
}
function rollWest(o: Orientation): Orientation {
  return { ...o, T: o.W, E: o.T, B: o.E, W: o.B };
}
function rollNorth(o: Orientation): Orientation {
  return { ...o, T: o.N, S: o.T, B: o.S, N: o.B };
}
function rollSouth(o: Orientation): Orientation {
  return { ...o, T: o.S, N: o.T, B: o.N, S: o.B };
}
/** A quarter turn about the axis through T and B. */
function spin(o: Orientation): Orientation {
  return { ...o, E: o.N, S: o.E, W: o.S, N: o.W };
}

/**
 * The folded cube: for each body face (named by its starting direction), its symbol; and for
 * a square with an arrow (`toward`: 0 right, 1 down, 2 left, 3 up on the flat net), the body
 * face the arrow points at: the face on that side of the cube while the square is under it.
 */
function foldNet(
  faces: { x: number; y: number; symbol: string; toward?: number }[],
): { painted: Map<string, string>; pointsAt: Map<string, string> } | null {
  const start = faces[0];
  if (!start || faces.length !== 6) return null;
  const painted = new Map<string, string>();
  const pointsAt = new Map<string, string>();
  const visited = new Set<string>();
  const walk = (x: number, y: number, o: Orientation) => {
    const here = faces.find((f) => f.x === x && f.y === y);
    if (!here || visited.has(`${x},${y}`)) return;
    visited.add(`${x},${y}`);
    if (painted.has(o.T)) return; // two squares on one face: not a net
    painted.set(o.T, here.symbol);
    if (here.toward !== undefined) {
      const side = (["E", "S", "W", "N"] as const)[here.toward];
      if (!side) throw new Error("an arrow points right, down, left or up");
      pointsAt.set(o.T, o[side]);
    }
    walk(x + 1, y, rollEast(o));
    walk(x - 1, y, rollWest(o));
    walk(x, y - 1, rollNorth(o));
    walk(x, y + 1, rollSouth(o));
  };
  walk(start.x, start.y, { T: "T", B: "B", E: "E", W: "W", N: "N", S: "S" });
  return painted.size === 6 && visited.size === 6 ? { painted, pointsAt } : null;
}

/**
 * Which face an arrow drawn on a face of the view points at, by the edge it is drawn toward
 * (the drawing's face vectors: on top, first the right face then the left face; on the left
 * face, the right face then down; on the right face, the left face then down).
 */
function drawnTarget(o: Orientation, at: string, edge: number): string | undefined {
  const order: Record<string, Dir[]> = {
    top: ["N", "E", "S", "W"],
    left: ["N", "B", "S", "T"],
    right: ["E", "B", "W", "T"],
  };
  const dir = order[at]?.[edge];
  return dir ? o[dir] : undefined;
}

function cubeFits(spec: Record<string, unknown>, option: Record<string, unknown>): boolean {
  const faces = spec.faces as { x: number; y: number; symbol: string; toward?: number }[];
  if (!Array.isArray(faces)) throw new Error("bad cube-net spec");
  if (new Set(faces.map((f) => f.symbol)).size !== 6) throw new Error("symbols must differ");
  const folded = foldNet(faces);
  if (!folded) throw new Error("not a cube net");
  const cube = folded.painted;
  const arrow = option.arrow as { at: string; edge: number } | undefined;
  // All 24 orientations: every face brought to T by rolls, then four spins about T-B.
  const orientations: Orientation[] = [];
  const seen = new Set<string>();
  const queue: Orientation[] = [{ T: "T", B: "B", E: "E", W: "W", N: "N", S: "S" }];
  while (queue.length > 0) {
    const o = queue.shift() as Orientation;
    const k = JSON.stringify(o);
    if (seen.has(k)) continue;
    seen.add(k);
    orientations.push(o);
    queue.push(rollEast(o), rollNorth(o), spin(o));
  }
  if (orientations.length !== 24) throw new Error("rotation group has the wrong size");
  // The viewer looks at the corner where T, E and N meet, with T on top: then E is the
  // front-left face and N the front-right one (E x N = T, as left x right = top in the
  // isometric drawing).
  // An arrow must also point where the folded cube's arrow points.
  return orientations.some((o) => {
    if (
      cube.get(o.T) !== option.top ||
      cube.get(o.E) !== option.left ||
      cube.get(o.N) !== option.right
    )
      return false;
    if (folded.pointsAt.size === 0) return arrow === undefined;
    if (!arrow) return false;
    const face = { top: o.T, left: o.E, right: o.N }[arrow.at];
    if (!face || !folded.pointsAt.has(face)) return false;
    return folded.pointsAt.get(face) === drawnTarget(o, arrow.at, arrow.edge);
  });
}

export const solver: CategorySolver = {
  category: "RE",
  satisfies(item, option) {
    const spec = item.spec as Record<string, unknown>;
    const opt = option as Record<string, unknown>;
    switch (item.family) {
      case "rotation":
        return rotationFits(spec, opt);
      case "mirror":
        return mirrorFits(spec, opt);
      case "paper-fold":
        return foldFits(spec, opt);
      case "paper-fold-lines":
        return foldLinesFits(spec, opt);
      case "cube-net":
        return cubeFits(spec, opt);
      case "rotation-3d":
        return rotation3dFits(spec, opt);
      default:
        throw new Error(`unknown RE family ${item.family}`);
    }
  },
};
