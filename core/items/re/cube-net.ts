import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, svgDocument } from "../svg.ts";
import {
  adjacentInNet,
  type CubeView,
  isValidNet,
  type NetFace,
  opposite,
  type SymbolName,
  validViews,
} from "./cube.ts";
import { symbolOnFace } from "./draw.ts";
import { type Cell, flipX, rotate, size } from "./polyomino.ts";
import type { NetSpec, ReOption, ReSpec } from "./types.ts";

/**
 * Cube nets: symbols symmetric under quarter turns, so that a face's orientation never
 * matters. Options are cubes in isometric view (2x2 design): one possible view, the same
 * three faces in mirrored order, and two views that show two faces that are opposite on
 * the cube.
 */

const netShapes: Cell[][] = [
  // 1-4-1, the cross.
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 1],
    [1, 2],
  ],
  // 1-3-2.
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
  ],
  // 2-2-2, the staircase.
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
  ],
];

const symbolNames: Record<SymbolName, { en: string; pt: string }> = {
  dot: { en: "a dot", pt: "um ponto" },
  ring: { en: "a ring", pt: "um anel" },
  bullseye: { en: "a ring with a dot", pt: "um anel com um ponto" },
  square: { en: "a filled square", pt: "um quadrado cheio" },
  frame: { en: "an empty square", pt: "um quadrado vazio" },
  fourDots: { en: "four small dots", pt: "quatro pontinhos" },
  fiveDots: { en: "five small dots", pt: "cinco pontinhos" },
};

function listOf(words: string[], and: string): string {
  return `${words.slice(0, -1).join(", ")} ${and} ${words[words.length - 1]}`;
}

/**
 * Three views no folding of the net gives, around the key's view: one position kept and the
 * other two swapped (the mirrored order); then the kept face replaced by the face opposite
 * one of the other two (two opposite faces in one view), with and without the swap.
 */
export function impossibleViews(
  rng: Rng,
  faces: NetFace[],
  answer: CubeView,
): [CubeView, CubeView, CubeView] {
  const positions = ["top", "left", "right"] as const;
  const kept = rng.pick(positions);
  const [i, j] = positions.filter((p) => p !== kept) as [keyof CubeView, keyof CubeView];
  const swapped: CubeView = { ...answer, [i]: answer[j], [j]: answer[i] };
  const other = opposite(faces, answer[rng.pick([i, j])]);
  const impossible: CubeView = { ...answer, [kept]: other };
  const impossibleSwapped: CubeView = { ...swapped, [kept]: other };
  return [swapped, impossible, impossibleSwapped];
}

export function cubeItem(
  code: string,
  rng: Rng,
  shapeIndex: number,
  netAdjacent: number[],
): ItemDraft<ReSpec, ReOption> {
  const base = netShapes[shapeIndex] as Cell[];
  // A random orientation of the net, kept wider than tall.
  const turned = rng
    .shuffle([0, 1, 2, 3].flatMap((t) => [rotate(base, t), rotate(flipX(base), t)]))
    .find((cells) => size(cells).width >= size(cells).height) as Cell[];
  const symbols = rng
    .shuffle<SymbolName>(["dot", "ring", "bullseye", "square", "frame", "fourDots", "fiveDots"])
    .slice(0, 6);
  const faces: NetFace[] = turned.map(([x, y], i) => ({ x, y, symbol: symbols[i] as SymbolName }));
  if (!isValidNet(faces)) throw new Error(`${code}: not a cube net`);
  const views = validViews(faces);
  const preferred = views.filter((v) =>
    netAdjacent.includes(adjacentInNet(faces, [v.top, v.left, v.right])),
  );
  const answer = rng.pick(preferred.length > 0 ? preferred : views);
  const distractors = impossibleViews(rng, faces, answer);
  const valid = new Set(views.map((v) => JSON.stringify(v)));
  if (distractors.some((d) => valid.has(JSON.stringify(d))))
    throw new Error(`${code}: a distractor is a possible view`);
  const reading = [...faces].sort((a, b) => a.y - b.y || a.x - b.x);
  return {
    code,
    family: "cube-net",
    spec: { faces },
    answer,
    distractors,
    title: {
      en: "Which cube can be made from this net?",
      "pt-br": "Qual cubo pode ser montado com esta planificação?",
    },
    alt: {
      en: `A net of six squares that folds into a cube, each square with a symbol; row by row: ${listOf(
        reading.map((f) => symbolNames[f.symbol].en),
        "and",
      )}.`,
      "pt-br": `Uma planificação de seis quadrados que forma um cubo, cada quadrado com um símbolo; linha por linha: ${listOf(
        reading.map((f) => symbolNames[f.symbol].pt),
        "e",
      )}.`,
    },
  };
}

export function renderNetQuestion(spec: NetSpec): string {
  const cols = Math.max(...spec.faces.map((f) => f.x)) + 1;
  const rows = Math.max(...spec.faces.map((f) => f.y)) + 1;
  const c = Math.min(104, Math.floor(640 / cols));
  const h = rows * c + 48;
  const x0 = 360 - (cols * c) / 2;
  const y0 = 24;
  const d = spec.faces
    .map((f) => `M${n(x0 + f.x * c)} ${n(y0 + f.y * c)}h${n(c)}v${n(c)}h${n(-c)}z`)
    .join("");
  let body = `${panel(2, 2, 716, h - 4, 18)}<path d="${d}" fill="${palette.fills[1]}" stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round"/>`;
  for (const f of spec.faces)
    body += symbolOnFace(f.symbol, x0 + (f.x + 0.5) * c, y0 + (f.y + 0.5) * c, c, 0, 0, c);
  return svgDocument(720, h, body);
}

/** Draws what one visible face carries, given its centre and its two axis vectors on screen. */
export type FaceMark = (
  face: "top" | "left" | "right",
  cx: number,
  cy: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
) => string;

/**
 * The cube of the options, in an isometric projection (x to the lower right, y to the lower
 * left, z up): three shaded faces, what `mark` draws on each, then the edges.
 */
export function isometricCube(mark: FaceMark): string {
  const s = 96;
  const cos = s * Math.cos(Math.PI / 6);
  const sin = s * 0.5;
  const p = (x: number, y: number, z: number): [number, number] => [
    120 + cos * (x - y),
    120 + sin * (x + y) - s * z,
  ];
  const poly = (pts: [number, number][], opacity: number) =>
    `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${palette.fills[1]}" fill-opacity="${opacity}"/>`;
  const line = (pts: [number, number][]) => pts.map(([x, y]) => `${n(x)} ${n(y)}`).join("L");
  const edges = `M${line([p(0, 0, 1), p(1, 0, 1), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0), p(0, 1, 1)])}ZM${line([p(0, 1, 1), p(1, 1, 1), p(1, 0, 1)])}M${line([p(1, 1, 1), p(1, 1, 0)])}`;
  const [tx, ty] = p(0.5, 0.5, 1);
  const [lx, ly] = p(0.5, 1, 0.5);
  const [rx, ry] = p(1, 0.5, 0.5);
  return (
    poly([p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)], 1) +
    poly([p(0, 1, 1), p(1, 1, 1), p(1, 1, 0), p(0, 1, 0)], 0.72) +
    poly([p(1, 0, 1), p(1, 1, 1), p(1, 1, 0), p(1, 0, 0)], 0.5) +
    // Face vectors: top (right face, left face); left (right face, down); right (left face, down).
    mark("top", tx, ty, cos, sin, -cos, sin) +
    mark("left", lx, ly, cos, sin, 0, s) +
    mark("right", rx, ry, -cos, sin, 0, s) +
    `<path d="${edges}" fill="none" stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round"/>`
  );
}

function renderCube(view: CubeView): string {
  return isometricCube((face, ...at) => symbolOnFace(view[face], ...at));
}

export function renderCubeOption(view: CubeView): string {
  return svgDocument(240, 240, panel(2, 2, 236, 236, 18) + renderCube(view));
}

export function cubeOptionAlt(option: CubeView): LocalizedText {
  return {
    en: `A cube with ${symbolNames[option.top].en} on top, ${symbolNames[option.left].en} on the left face and ${symbolNames[option.right].en} on the right face`,
    "pt-br": `Um cubo com ${symbolNames[option.top].pt} em cima, ${symbolNames[option.left].pt} na face esquerda e ${symbolNames[option.right].pt} na face direita`,
  };
}

export function cubeFeatures(option: CubeView): Record<string, Feature> {
  return {
    top: option.top,
    left: option.left,
    right: option.right,
    visible: [option.top, option.left, option.right].sort().join(" "),
  };
}
