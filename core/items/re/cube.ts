/**
 * Cube nets (generator side). The net lies in the plane of the screen, printed side up;
 * it folds with the printed side outside, so the flaps fold away from the viewer.
 * World axes: X to the right, Y up the screen, Z towards the viewer (right-handed).
 * Each face of the net gets the outward normal it has on the folded cube.
 */

export type SymbolName = "dot" | "ring" | "bullseye" | "square" | "frame" | "fourDots" | "fiveDots";

export interface NetFace {
  x: number;
  y: number;
  symbol: SymbolName;
}

/** A cube drawn in isometric view: the symbols on its top, front-left and front-right faces. */
export interface CubeView {
  top: SymbolName;
  left: SymbolName;
  right: SymbolName;
}

type Vec = [number, number, number];

const neg = (v: Vec): Vec => [-v[0], -v[1], -v[2]];
const same = (a: Vec, b: Vec) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * The outward normal of every face once folded, in the order of `cells`. The first cell
 * faces the viewer (+Z). Crossing an edge folds the neighbour by a quarter turn about it:
 * going right, the neighbour's normal is the current "right" vector and its own "right"
 * points into the cube (minus the current normal); likewise for the other directions.
 */
export function foldNormals(cells: readonly { x: number; y: number }[]): Vec[] {
  const frames = new Map<string, { n: Vec; r: Vec; u: Vec }>();
  const first = cells[0];
  if (!first) throw new Error("empty net");
  frames.set(`${first.x},${first.y}`, { n: [0, 0, 1], r: [1, 0, 0], u: [0, 1, 0] });
  const queue = [first];
  while (queue.length > 0) {
    const cell = queue.shift() as { x: number; y: number };
    const f = frames.get(`${cell.x},${cell.y}`) as { n: Vec; r: Vec; u: Vec };
    const moves: [number, number, { n: Vec; r: Vec; u: Vec }][] = [
      [1, 0, { n: f.r, r: neg(f.n), u: f.u }],
      [-1, 0, { n: neg(f.r), r: f.n, u: f.u }],
      [0, -1, { n: f.u, r: f.r, u: neg(f.n) }],
      [0, 1, { n: neg(f.u), r: f.r, u: f.n }],
    ];
    for (const [dx, dy, frame] of moves) {
      const next = cells.find((c) => c.x === cell.x + dx && c.y === cell.y + dy);
      if (!next || frames.has(`${next.x},${next.y}`)) continue;
      frames.set(`${next.x},${next.y}`, frame);
      queue.push(next);
    }
  }
  return cells.map((c) => {
    const frame = frames.get(`${c.x},${c.y}`);
    if (!frame) throw new Error("the net is not connected");
    return frame.n;
  });
}

export function isValidNet(cells: readonly { x: number; y: number }[]): boolean {
  const normals = foldNormals(cells);
  return (
    cells.length === 6 && normals.every((a, i) => normals.every((b, j) => i === j || !same(a, b)))
  );
}

/**
 * Every view of the folded cube: three faces meeting at a corner, named by where they
 * show. Seen from the corner, with the top face up, left x right = top (right-handed).
 */
export function validViews(faces: readonly NetFace[]): CubeView[] {
  const normals = foldNormals(faces);
  const views: CubeView[] = [];
  faces.forEach((t, i) => {
    faces.forEach((l, j) => {
      faces.forEach((r, k) => {
        const nt = normals[i] as Vec;
        const nl = normals[j] as Vec;
        const nr = normals[k] as Vec;
        if (same(cross(nl, nr), nt)) views.push({ top: t.symbol, left: l.symbol, right: r.symbol });
      });
    });
  });
  return views;
}

/** The symbol on the face opposite the face with `symbol`. */
export function opposite(faces: readonly NetFace[], symbol: SymbolName): SymbolName {
  const normals = foldNormals(faces);
  const index = faces.findIndex((f) => f.symbol === symbol);
  const target = neg(normals[index] as Vec);
  const found = faces.find((_, i) => same(normals[i] as Vec, target));
  if (!found) throw new Error("no opposite face");
  return found.symbol;
}

/** How many pairs among the given symbols share an edge in the flat net. */
export function adjacentInNet(faces: readonly NetFace[], symbols: readonly SymbolName[]): number {
  const cells = symbols.map((s) => faces.find((f) => f.symbol === s) as NetFace);
  let count = 0;
  cells.forEach((a, i) => {
    cells.forEach((b, j) => {
      if (i < j && Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1) count++;
    });
  });
  return count;
}
