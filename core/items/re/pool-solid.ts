/**
 * The pool's in-depth rotation model (issue 28), after Shepard and Metzler (1971): a chain
 * of cubes bent into three or four arms in three dimensions, drawn in a fixed oblique view.
 * Which option is the same object turned in space? Options (2x2 design): the object turned
 * (the key), its mirror image, the object with its last arm bent another way, and the mirror
 * image of that, each turned by one of the 24 turns of a cube that is not the identity.
 * No distractor equals the object under any of the 24 turns (the solver checks all of them).
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, svgDocument } from "../svg.ts";
import { countWord } from "./words.ts";

export type Cube = [number, number, number];

export interface SolidSpec {
  figure: Cube[];
}
export interface SolidOption {
  cells: Cube[];
}

export interface SolidRadicals extends Record<string, number | string> {
  /** The key's turn from the object: a quarter turn about one axis, or a half turn. */
  angle: 90 | 180;
  /** Cubes in the object: more arms to carry through the turn. */
  cubes: 8 | 10;
}

const k = (c: readonly number[]) => c.join(",");

export function normalize3(cells: readonly Cube[]): Cube[] {
  const min = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c[a] as number)));
  return cells
    .map((c) => c.map((v, a) => v - (min[a] as number)) as Cube)
    .sort((p, q) => p[2] - q[2] || p[1] - q[1] || p[0] - q[0]);
}

const key3 = (cells: readonly Cube[]) => normalize3(cells).map(k).join(" ");

/** Quarter turns about x, y, z: (x,y,z) -> ... */
const turnX = ([x, y, z]: Cube): Cube => [x, -z, y];
const turnY = ([x, y, z]: Cube): Cube => [z, y, -x];
const turnZ = ([x, y, z]: Cube): Cube => [-y, x, z];

/** The 24 turns of a cube, the identity first, as functions on a point. */
export const turns24: ((c: Cube) => Cube)[] = (() => {
  const out: ((c: Cube) => Cube)[] = [];
  const seen = new Set<string>();
  const probe: Cube[] = [
    [1, 2, 3],
    [0, 0, 0],
  ];
  const queue: ((c: Cube) => Cube)[] = [(c) => c];
  while (queue.length > 0 && out.length < 24) {
    const f = queue.shift() as (c: Cube) => Cube;
    const sig = probe.map((p) => k(f(p))).join("|");
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push(f);
    queue.push(
      (c) => turnX(f(c)),
      (c) => turnY(f(c)),
      (c) => turnZ(f(c)),
    );
  }
  return out;
})();

/** A name of the object that ignores how it is turned. */
export function keyUpToTurns(cells: readonly Cube[]): string {
  return turns24.map((t) => key3(cells.map(t))).sort()[0] as string;
}

const mirror3 = (cells: readonly Cube[]): Cube[] => cells.map(([x, y, z]) => [-x, y, z]);

const axes: Cube[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];
const perpendicular = (a: Cube, b: Cube) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2] === 0;

/** Arm lengths (cubes added per arm) for an object of `count` cubes: the first cube is free. */
function armLengths(rng: Rng, count: number): number[] | null {
  const options =
    count === 8
      ? [
          [3, 2, 2],
          [2, 3, 2],
          [2, 2, 3],
          [2, 2, 1, 2],
          [2, 1, 2, 2],
        ]
      : [
          [3, 3, 3],
          [3, 2, 2, 2],
          [2, 3, 2, 2],
          [2, 2, 3, 2],
          [3, 2, 3, 1],
        ];
  return rng.pick(options);
}

function chain(
  start: Cube,
  directions: readonly Cube[],
  lengths: readonly number[],
): Cube[] | null {
  const cells: Cube[] = [start];
  const taken = new Set([k(start)]);
  let at = start;
  for (let i = 0; i < lengths.length; i++) {
    const d = directions[i] as Cube;
    for (let s = 0; s < (lengths[i] as number); s++) {
      at = [at[0] + d[0], at[1] + d[1], at[2] + d[2]];
      if (taken.has(k(at))) return null;
      taken.add(k(at));
      cells.push(at);
    }
  }
  return cells;
}

/** Bent arms that use all three directions of space, and a chiral whole. */
function solidFigure(rng: Rng, count: number): { cells: Cube[]; changed: Cube[] } | null {
  for (let attempt = 0; attempt < 10; attempt++) {
    const lengths = armLengths(rng, count);
    if (!lengths) return null;
    const directions: Cube[] = [rng.pick(axes)];
    for (let i = 1; i < lengths.length; i++)
      directions.push(rng.pick(axes.filter((a) => perpendicular(a, directions[i - 1] as Cube))));
    const used = new Set(directions.map((d) => d.map(Math.abs).join()));
    if (used.size < 3) continue;
    const cells = chain([0, 0, 0], directions, lengths);
    if (!cells) continue;
    const name = keyUpToTurns(cells);
    const mirrorName = keyUpToTurns(mirror3(cells));
    if (name === mirrorName) continue;
    // The same object with its last arm bent another way: one segment moved.
    const last = directions.length - 1;
    const others = rng.shuffle(
      axes.filter(
        (a) =>
          perpendicular(a, directions[last - 1] as Cube) && k(a) !== k(directions[last] as Cube),
      ),
    );
    for (const d of others.slice(0, 2)) {
      const changed = chain([0, 0, 0], [...directions.slice(0, last), d], lengths);
      if (!changed) continue;
      const other = keyUpToTurns(changed);
      if (other === name || other === mirrorName) continue;
      if (other === keyUpToTurns(mirror3(changed))) continue;
      return { cells: normalize3(cells), changed: normalize3(changed) };
    }
  }
  return null;
}

// ---------------------------------------------------------------- drawing

/** The fixed oblique view: turned 35 degrees about the vertical, looked at from 28 degrees above. */
const view = (() => {
  const a = (35 * Math.PI) / 180;
  const e = (28 * Math.PI) / 180;
  // World: x right, y away from the viewer, z up. Screen: u right, v down, w depth (towards the back).
  const project = ([x, y, z]: readonly [number, number, number]): [number, number, number] => {
    const rx = x * Math.cos(a) - y * Math.sin(a);
    const ry = x * Math.sin(a) + y * Math.cos(a);
    // The viewer is in front (towards -y) and above: depth grows away from them.
    const u = rx;
    const v = -(ry * Math.sin(e) + z * Math.cos(e));
    const w = ry * Math.cos(e) - z * Math.sin(e);
    return [u, v, w];
  };
  return { project };
})();

const faces: { normal: Cube; corners: Cube[]; shade: string }[] = [
  {
    normal: [0, 0, 1],
    corners: [
      [0, 0, 1],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 1],
    ],
    shade: palette.fills[2],
  },
  {
    normal: [0, -1, 0],
    corners: [
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
    ],
    shade: palette.fills[1],
  },
  {
    normal: [-1, 0, 0],
    corners: [
      [0, 0, 0],
      [0, 1, 0],
      [0, 1, 1],
      [0, 0, 1],
    ],
    shade: "#3d4a7d",
  },
  {
    normal: [1, 0, 0],
    corners: [
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [1, 0, 1],
    ],
    shade: "#3d4a7d",
  },
];

/** The faces seen from the viewer (their normal points towards the front or up). */
const seen = faces.filter((f) => view.project(f.normal)[2] < 0);

type Quad = [number, number][];

function quadsOf(c: Cube, scale: number, ox: number, oy: number): { quad: Quad; shade: string }[] {
  return seen.map((f) => ({
    shade: f.shade,
    quad: f.corners.map((p) => {
      const [u, v] = view.project([c[0] + p[0], c[1] + p[1], c[2] + p[2]]);
      return [ox + u * scale, oy + v * scale] as [number, number];
    }),
  }));
}

const depth = (c: Cube) => view.project([c[0] + 0.5, c[1] + 0.5, c[2] + 0.5])[2];

function inConvex(p: [number, number], quad: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < quad.length; i++) {
    const [ax, ay] = quad[i] as [number, number];
    const [bx, by] = quad[(i + 1) % quad.length] as [number, number];
    const cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    if (Math.abs(cross) < 1e-9) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * True when every cube shows the centre of at least one of its faces (nothing nearer covers
 * them): a cube hidden behind the others would make the drawing stand for another object.
 */
export function everyCubeShows(cells: readonly Cube[]): boolean {
  const placed = cells.map((c) => ({ c, d: depth(c), quads: quadsOf(c, 1, 0, 0) }));
  return placed.every(({ c, d, quads }) => {
    const centres = quads.map(({ quad }) => {
      const x = quad.reduce((s, p) => s + p[0], 0) / 4;
      const y = quad.reduce((s, p) => s + p[1], 0) / 4;
      return [x, y] as [number, number];
    });
    const shown = centres.filter(
      (p) =>
        !placed.some(
          (other) =>
            other.c !== c && other.d < d && other.quads.some(({ quad }) => inConvex(p, quad)),
        ),
    );
    return shown.length >= 1;
  });
}

function drawSolid(cells: readonly Cube[], cx: number, cy: number, size: number): string {
  const scale0 = 1;
  const pts = cells.flatMap((c) => quadsOf(c, scale0, 0, 0).flatMap((q) => q.quad));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min(size / w, size / h, size / 4.2);
  const ox = cx - ((Math.max(...xs) + Math.min(...xs)) / 2) * scale;
  const oy = cy - ((Math.max(...ys) + Math.min(...ys)) / 2) * scale;
  const order = [...cells].sort((a, b) => depth(b) - depth(a));
  return order
    .flatMap((c) => quadsOf(c, scale, ox, oy))
    .map(
      ({ quad, shade }) =>
        `<path d="M${quad.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}Z" fill="${shade}" stroke="${palette.ink}" stroke-width="2" stroke-linejoin="round"/>`,
    )
    .join("");
}

function renderSolidQuestion(spec: SolidSpec): string {
  return svgDocument(720, 300, panel(2, 2, 716, 296, 18) + drawSolid(spec.figure, 360, 150, 250));
}

function renderSolidOption(option: SolidOption): string {
  return svgDocument(240, 240, panel(2, 2, 236, 236, 18) + drawSolid(option.cells, 120, 120, 196));
}

// ---------------------------------------------------------------- the model

function solidItem(r: SolidRadicals, rng: Rng): ItemDraft<SolidSpec, SolidOption> | null {
  const made = solidFigure(rng, r.cubes);
  if (!made) return null;
  // The object as the question shows it: turned until every cube shows (a few turns tried).
  const cells = rng
    .shuffle(turns24)
    .slice(0, 8)
    .map((turn) => normalize3(made.cells.map(turn)))
    .find(everyCubeShows);
  if (!cells) return null;
  const { changed } = made;
  const figureKey = key3(cells);
  // The key: a quarter turn about one axis (angle 90) or a half turn about one (angle 180).
  const keyTurns =
    r.angle === 90
      ? [
          turnX,
          turnY,
          turnZ,
          (c: Cube) => turnX(turnX(turnX(c))),
          (c: Cube) => turnZ(turnZ(turnZ(c))),
        ]
      : [(c: Cube) => turnX(turnX(c)), (c: Cube) => turnY(turnY(c)), (c: Cube) => turnZ(turnZ(c))];
  const others = turns24.slice(1);
  // Each option turned so that every cube shows (a few turns tried, in a random order).
  const shown = (cells: Cube[], turnsToTry: ((c: Cube) => Cube)[]) =>
    turnsToTry
      .slice(0, 8)
      .map((turn) => normalize3(cells.map(turn)))
      .find((turned) => key3(turned) !== figureKey && everyCubeShows(turned));
  const answer = shown(cells, rng.shuffle(keyTurns));
  if (!answer) return null;
  const distractors = [mirror3(cells), changed, mirror3(changed)].map((d) =>
    shown(d, rng.shuffle(others)),
  );
  if (distractors.some((d) => !d)) return null;
  const options = [answer, ...(distractors as Cube[][])];
  if (new Set(options.map(key3)).size < 4) return null;
  return {
    code: "re-solid",
    family: "rotation-3d",
    spec: { figure: cells },
    answer: { cells: answer },
    distractors: distractors.map((c) => ({ cells: c })) as [SolidOption, SolidOption, SolidOption],
    title: {
      en: "Which object is the same as this one, only turned in space?",
      "pt-br": "Qual objeto é igual a este, apenas girado no espaço?",
    },
    alt: (() => {
      const path = solidAlt({ cells });
      return {
        en: `${path.en.replace("cubes; from", "cubes joined face to face, drawn in three dimensions; from")}.`,
        "pt-br": `${path["pt-br"].replace("cubos; de", "cubos unidos face a face, desenhado em três dimensões; de")}.`,
      };
    })(),
  };
}

/** The arms of an object as a screen reader would be told them: lengths and directions. */
function solidAlt(option: SolidOption): LocalizedText {
  const cells = option.cells;
  const ends = cells.filter(
    (c) =>
      cells.filter(
        (d) => Math.abs(d[0] - c[0]) + Math.abs(d[1] - c[1]) + Math.abs(d[2] - c[2]) === 1,
      ).length === 1,
  );
  const start = ends.sort((a, b) => k(a).localeCompare(k(b)))[0] as Cube;
  const words = {
    en: { x: ["right", "left"], y: ["back", "forward"], z: ["up", "down"] },
    pt: { x: ["direita", "esquerda"], y: ["para trás", "para a frente"], z: ["cima", "baixo"] },
  };
  const en: string[] = [];
  const pt: string[] = [];
  let at = start;
  let prev: Cube | null = null;
  let run = 0;
  let dir = "";
  const flush = () => {
    if (run === 0) return;
    const [axis, sign] = dir.split(":") as ["x" | "y" | "z", string];
    const i = sign === "+" ? 0 : 1;
    en.push(`${run} ${words.en[axis][i]}`);
    const ptDir =
      axis === "x" ? `à ${words.pt.x[i]}` : axis === "z" ? `para ${words.pt.z[i]}` : words.pt.y[i];
    pt.push(`${run} ${ptDir}`);
  };
  for (let s = 0; s < cells.length - 1; s++) {
    const next = cells.find(
      (d) =>
        (prev === null || k(d) !== k(prev)) &&
        Math.abs(d[0] - at[0]) + Math.abs(d[1] - at[1]) + Math.abs(d[2] - at[2]) === 1,
    ) as Cube;
    const delta: Cube = [next[0] - at[0], next[1] - at[1], next[2] - at[2]];
    const axis = delta[0] !== 0 ? "x" : delta[1] !== 0 ? "y" : "z";
    const sign = (delta[0] || delta[1] || delta[2]) > 0 ? "+" : "-";
    const d = `${axis}:${sign}`;
    if (d !== dir) {
      flush();
      dir = d;
      run = 0;
    }
    run++;
    prev = at;
    at = next;
  }
  flush();
  return {
    en: `An object of ${countWord(cells.length, "en")} cubes; from one end: ${en.join(", ")}`,
    "pt-br": `Um objeto de ${countWord(cells.length, "pt-br")} cubos; de uma ponta: ${pt.join(", ")}`,
  };
}

function solidFeatures(option: SolidOption): Record<string, Feature> {
  const cells = option.cells;
  const box = [0, 1, 2]
    .map((a) => Math.max(...cells.map((c) => c[a] as number)) + 1)
    .sort((p, q) => p - q)
    .join("x");
  const name = keyUpToTurns(cells);
  return {
    objectUpToTurns: name,
    objectUpToTurnsAndMirror: [name, keyUpToTurns(mirror3(cells))].sort()[0] as string,
    box,
    cubes: cells.length,
  };
}

export const solidModel: ItemModel<SolidRadicals, SolidSpec, SolidOption> = {
  id: "re-solid",
  category: "RE",
  summary:
    "Which option is the same object of cubes turned in space (Shepard and Metzler's figures)? The others are its mirror image or have their last arm bent another way.",
  radicals: { angle: [90, 180], cubes: [8, 10] },
  incidentals: [
    "the object (arm lengths and bends, all three directions of space)",
    "the axis of the key's turn",
    "the turns of the distractors (any of the 23 turns of a cube other than none)",
    "which way the changed arm bends",
  ],
  design: (r) => ({
    "task:solid": 1,
    "solid:half-turn": r.angle === 180 ? 1 : 0,
    "solid:extra-cubes": (r.cubes - 8) / 2,
  }),
  generate: solidItem,
  renderQuestion: (draft) => renderSolidQuestion(draft.spec),
  renderOption: (_draft, option) => renderSolidOption(option),
  optionAlt: (_draft, option) => solidAlt(option),
  optionFeatures: (_draft, option) => solidFeatures(option),
  // The question shows one object; comparing with it is the rule itself (a copy of it is
  // caught by the per-instance copy check on spec.figure).
  questionPanels: () => [],
};
