/**
 * The pool's harder cube-net model (issue 28): as re-cube, but one face carries an arrow, so
 * the cube must be folded with its faces turned the right way, not only placed (Shepard and
 * Feng 1972 used marks on edges that must meet). The arrow is on a face the key shows.
 * Options (2x2 design): the key; the key with the arrow turned; the same faces in mirrored
 * order (the arrow's face kept in place, its arrow as in the key); and that with the arrow
 * turned. Nothing can be ruled out by two opposite faces: every option shows three faces
 * that meet on the cube, and only the order and the arrow tell them apart.
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, svgDocument } from "../svg.ts";
import { type CubeView, isValidNet, type NetFace, type SymbolName, validViews } from "./cube.ts";
import { isometricCube } from "./cube-net.ts";
import { symbolOnFace } from "./draw.ts";
import { type Cell, flipX, rotate, size } from "./polyomino.ts";
import { cubeNets, distancesOf, symbols, symbolWords, viewDistance } from "./pool-cube.ts";

export type Mark = SymbolName | "arrow";
/** Where an arrow points on its face, as drawn: 0 along the face's first edge vector, then a quarter turn each. */
export type Edge = 0 | 1 | 2 | 3;

export interface ArrowFace {
  x: number;
  y: number;
  symbol: Mark;
  /** Only on the arrow's face: 0 right, 1 down, 2 left, 3 up, on the flat net. */
  toward?: Edge;
}
export interface ArrowNetSpec {
  faces: ArrowFace[];
}
export interface ArrowCubeView {
  top: Mark;
  left: Mark;
  right: Mark;
  arrow: { at: "top" | "left" | "right"; edge: Edge };
}

export interface ArrowRadicals extends Record<string, number | string> {
  distance: 4 | 6 | 8 | 10;
}

type Vec = [number, number, number];
interface Frame {
  n: Vec;
  r: Vec;
  u: Vec;
}
const neg = (v: Vec): Vec => [-v[0], -v[1], -v[2]];
const same = (a: Vec, b: Vec) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * Each square's frame once folded (outward normal, the net's right and up on it), the first
 * square facing the viewer: as cube.ts folds, keeping the in-face directions too.
 */
function foldFrames(cells: readonly { x: number; y: number }[]): Frame[] {
  const frames = new Map<string, Frame>();
  const first = cells[0] as { x: number; y: number };
  frames.set(`${first.x},${first.y}`, { n: [0, 0, 1], r: [1, 0, 0], u: [0, 1, 0] });
  const queue = [first];
  while (queue.length > 0) {
    const c = queue.shift() as { x: number; y: number };
    const f = frames.get(`${c.x},${c.y}`) as Frame;
    const moves: [number, number, Frame][] = [
      [1, 0, { n: f.r, r: neg(f.n), u: f.u }],
      [-1, 0, { n: neg(f.r), r: f.n, u: f.u }],
      [0, -1, { n: f.u, r: f.r, u: neg(f.n) }],
      [0, 1, { n: neg(f.u), r: f.r, u: f.n }],
    ];
    for (const [dx, dy, frame] of moves) {
      const next = cells.find((d) => d.x === c.x + dx && d.y === c.y + dy);
      if (!next || frames.has(`${next.x},${next.y}`)) continue;
      frames.set(`${next.x},${next.y}`, frame);
      queue.push(next);
    }
  }
  return cells.map((c) => frames.get(`${c.x},${c.y}`) as Frame);
}

/** The direction an arrow drawn `toward` (0 right, 1 down, 2 left, 3 up) points on the folded cube. */
function arrowDirection(frame: Frame, toward: Edge): Vec {
  return [frame.r, neg(frame.u), neg(frame.r), frame.u][toward] as Vec;
}

/**
 * The edge of a face in the view that an arrow pointing along `direction` is drawn toward.
 * The drawing's face vectors (see renderArrowCube): on top, the first points to the right
 * face and the second to the left face; on the left face, to the right face and down; on the
 * right face, to the left face and down.
 */
function viewEdge(at: "top" | "left" | "right", direction: Vec, nt: Vec, nl: Vec, nr: Vec): Edge {
  const order: Record<typeof at, Vec[]> = {
    top: [nr, nl, neg(nr), neg(nl)],
    left: [nr, neg(nt), neg(nr), nt],
    right: [nl, neg(nt), neg(nl), nt],
  };
  const index = order[at].findIndex((v) => same(v, direction));
  if (index < 0) throw new Error("the arrow lies along the face's normal");
  return index as Edge;
}

function arrowCubeItem(r: ArrowRadicals, rng: Rng): ItemDraft<ArrowNetSpec, ArrowCubeView> | null {
  const nets = cubeNets.filter((_, i) => distancesOf(i).has(r.distance));
  const base = rng.pick(nets);
  const turned = rng
    .shuffle([0, 1, 2, 3].flatMap((t) => [rotate(base, t), rotate(flipX(base), t)]))
    .find((cells) => size(cells).width >= size(cells).height) as Cell[];
  const six = rng.shuffle(symbols).slice(0, 6);
  const plain: NetFace[] = turned.map(([x, y], i) => ({ x, y, symbol: six[i] as SymbolName }));
  if (!isValidNet(plain)) return null;
  const views = validViews(plain).filter((v) => viewDistance(plain, v) === r.distance);
  if (views.length === 0) return null;
  const view: CubeView = rng.pick(views);
  const at = rng.pick(["top", "left", "right"] as const);
  const arrowSymbol = view[at];
  const toward = rng.int(0, 3) as Edge;
  const faces: ArrowFace[] = plain.map((f) =>
    f.symbol === arrowSymbol ? { x: f.x, y: f.y, symbol: "arrow", toward } : { ...f },
  );
  const frames = foldFrames(plain);
  const normalOf = (symbol: SymbolName) =>
    (frames[plain.findIndex((f) => f.symbol === symbol)] as Frame).n;
  const arrowFrame = frames[plain.findIndex((f) => f.symbol === arrowSymbol)] as Frame;
  const edge = viewEdge(
    at,
    arrowDirection(arrowFrame, toward),
    normalOf(view.top),
    normalOf(view.left),
    normalOf(view.right),
  );
  const marks = {
    top: at === "top" ? "arrow" : view.top,
    left: at === "left" ? "arrow" : view.left,
    right: at === "right" ? "arrow" : view.right,
  } as const;
  const [i, j] = (["top", "left", "right"] as const).filter((p) => p !== at) as [
    "top" | "left" | "right",
    "top" | "left" | "right",
  ];
  const wrongEdge = ((edge + rng.int(1, 3)) % 4) as Edge;
  const answer: ArrowCubeView = { ...marks, arrow: { at, edge } };
  const swapped: ArrowCubeView = { ...marks, [i]: marks[j], [j]: marks[i], arrow: { at, edge } };
  return {
    code: "re-cube-arrow",
    family: "cube-net",
    spec: { faces },
    answer,
    distractors: [
      { ...answer, arrow: { at, edge: wrongEdge } },
      swapped,
      { ...swapped, arrow: { at, edge: wrongEdge } },
    ],
    title: {
      en: "Which cube can be made from this net? Look at where the arrow points.",
      "pt-br": "Qual cubo pode ser montado com esta planificação? Observe para onde a seta aponta.",
    },
    alt: netAlt(faces),
  };
}

/** The mark of the face the arrow's tip points toward once the net is folded. */
export function arrowTarget(spec: ArrowNetSpec): Mark {
  const frames = foldFrames(spec.faces);
  const at = spec.faces.findIndex((f) => f.symbol === "arrow");
  const arrow = spec.faces[at] as ArrowFace;
  const direction = arrowDirection(frames[at] as Frame, arrow.toward ?? 0);
  const target = spec.faces.findIndex((_, i) => same((frames[i] as Frame).n, direction));
  if (target < 0) throw new Error("re-cube-arrow: the arrow points at no face");
  return (spec.faces[target] as ArrowFace).symbol;
}

/**
 * The worked explanation (issue 29.2, the answer review): which face the arrow points toward
 * once folded, whether the right cube shows that face, and the three wrong options (by their
 * construction: the arrow turned, two faces in the mirrored order, and both).
 */
export function explainArrowCube(spec: ArrowNetSpec, answer: ArrowCubeView): LocalizedText {
  const target = arrowTarget(spec);
  const words = symbolWords[target as SymbolName];
  const visible = [answer.top, answer.left, answer.right].includes(target);
  const seen = visible
    ? {
        en: `On the right cube the arrow points at the face with ${words.en}, and the three faces around the corner are in the order the net gives them.`,
        pt: `No cubo certo, a seta aponta para a face com ${words.pt}, e as três faces em volta do canto estão na ordem que a planificação dá.`,
      }
    : {
        en: `That face is hidden on the right cube, so its arrow points away toward it, and the three faces around the corner are in the order the net gives them.`,
        pt: `Essa face fica escondida no cubo certo, então a seta aponta na direção dela, e as três faces em volta do canto estão na ordem que a planificação dá.`,
      };
  return {
    en: `Folded, the arrow's tip points toward the face with ${words.en}. ${seen.en} One of the other options has the arrow turned the wrong way, one shows two faces in the mirrored order, and one has both mistakes.`,
    "pt-br": `Montada a planificação, a ponta da seta aponta para a face com ${words.pt}. ${seen.pt} Das outras alternativas, uma tem a seta virada para o lado errado, uma mostra duas faces na ordem espelhada e uma tem os dois erros.`,
  };
}

// ---------------------------------------------------------------- drawing and words

const towardWords: { en: string; pt: string }[] = [
  { en: "right", pt: "a direita" },
  { en: "down", pt: "baixo" },
  { en: "left", pt: "a esquerda" },
  { en: "up", pt: "cima" },
];

function markWords(face: ArrowFace): { en: string; pt: string } {
  if (face.symbol !== "arrow") return symbolWords[face.symbol];
  const w = towardWords[face.toward ?? 0] as { en: string; pt: string };
  return { en: `an arrow pointing ${w.en}`, pt: `uma seta apontando para ${w.pt}` };
}

function netAlt(faces: readonly ArrowFace[]): LocalizedText {
  const reading = [...faces].sort((a, b) => a.y - b.y || a.x - b.x);
  const en = reading.map((f) => `row ${f.y + 1}, column ${f.x + 1}: ${markWords(f).en}`);
  const pt = reading.map((f) => `fileira ${f.y + 1}, coluna ${f.x + 1}: ${markWords(f).pt}`);
  return {
    en: `A net of six squares that folds into a cube, each square with a symbol; ${en.join("; ")}.`,
    "pt-br": `Uma planificação de seis quadrados que forma um cubo, cada quadrado com um símbolo; ${pt.join("; ")}.`,
  };
}

const m = (v: number) => String(Math.round(v * 1000) / 1000);

/** An arrow on a face, drawn like symbolOnFace's symbols, turned a quarter per `edge`. */
function arrowOnFace(
  edge: Edge,
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
): string {
  return `<g transform="matrix(${m(ux / 100)} ${m(uy / 100)} ${m(vx / 100)} ${m(vy / 100)} ${n(cx)} ${n(cy)})"><g transform="rotate(${edge * 90})"><path d="M-28 0H8" stroke="${palette.ink}" stroke-width="10" stroke-linecap="round"/><polygon points="32,0 6,-20 6,20" fill="${palette.ink}"/></g></g>`;
}

function markOnFace(
  mark: Mark,
  edge: Edge,
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
): string {
  return mark === "arrow"
    ? arrowOnFace(edge, cx, cy, ux, uy, vx, vy)
    : symbolOnFace(mark, cx, cy, ux, uy, vx, vy);
}

function renderArrowNet(spec: ArrowNetSpec): string {
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
    body += markOnFace(
      f.symbol,
      f.toward ?? 0,
      x0 + (f.x + 0.5) * c,
      y0 + (f.y + 0.5) * c,
      c,
      0,
      0,
      c,
    );
  return svgDocument(720, h, body);
}

/** The isometric cube of cube-net.ts, with an arrow on one face. */
function renderArrowCube(view: ArrowCubeView): string {
  const edgeOf = (at: "top" | "left" | "right") => (view.arrow.at === at ? view.arrow.edge : 0);
  return svgDocument(
    240,
    240,
    panel(2, 2, 236, 236, 18) +
      isometricCube((face, ...at) => markOnFace(view[face], edgeOf(face), ...at)),
  );
}

/** Where an arrow on each face points on screen, in words. */
const screenWords: Record<"top" | "left" | "right", { en: string; pt: string }[]> = {
  top: [
    { en: "down and to the right", pt: "para baixo e para a direita" },
    { en: "down and to the left", pt: "para baixo e para a esquerda" },
    { en: "up and to the left", pt: "para cima e para a esquerda" },
    { en: "up and to the right", pt: "para cima e para a direita" },
  ],
  left: [
    { en: "down and to the right", pt: "para baixo e para a direita" },
    { en: "straight down", pt: "para baixo" },
    { en: "up and to the left", pt: "para cima e para a esquerda" },
    { en: "straight up", pt: "para cima" },
  ],
  right: [
    { en: "down and to the left", pt: "para baixo e para a esquerda" },
    { en: "straight down", pt: "para baixo" },
    { en: "up and to the right", pt: "para cima e para a direita" },
    { en: "straight up", pt: "para cima" },
  ],
};

function arrowCubeAlt(option: ArrowCubeView): LocalizedText {
  const place = {
    top: ["on top", "em cima"],
    left: ["on the left face", "na face esquerda"],
    right: ["on the right face", "na face direita"],
  } as const;
  const words = (mark: Mark) =>
    mark === "arrow"
      ? {
          en: `an arrow pointing ${screenWords[option.arrow.at][option.arrow.edge]?.en}`,
          pt: `uma seta apontando ${screenWords[option.arrow.at][option.arrow.edge]?.pt}`,
        }
      : symbolWords[mark];
  const part = (at: "top" | "left" | "right") => ({
    en: `${words(option[at]).en} ${place[at][0]}`,
    pt: `${words(option[at]).pt} ${place[at][1]}`,
  });
  const [a, b, c] = [part("top"), part("left"), part("right")];
  return {
    en: `A cube with ${a.en}, ${b.en} and ${c.en}`,
    "pt-br": `Um cubo com ${a.pt}, ${b.pt} e ${c.pt}`,
  };
}

function arrowCubeFeatures(option: ArrowCubeView): Record<string, Feature> {
  return {
    top: option.top,
    left: option.left,
    right: option.right,
    visible: [option.top, option.left, option.right].sort().join(" "),
    arrowAt: option.arrow.at,
    arrowEdge: option.arrow.edge,
  };
}

export const cubeArrowModel: ItemModel<ArrowRadicals, ArrowNetSpec, ArrowCubeView> = {
  id: "re-cube-arrow",
  category: "RE",
  summary:
    "Which cube can be folded from the net, one face marked with an arrow? The others show the arrow turned, the faces in mirrored order, or both; every option shows three faces that do meet.",
  radicals: { distance: [4, 6, 8, 10] },
  incidentals: [
    "which of the eleven nets (those that allow the distance), and its orientation (eight)",
    "which five of seven symbols and where, which shown face carries the arrow, where it points",
    "which possible view is the key, and how far the distractors' arrow is turned",
  ],
  design: (r) => ({
    "task:cube": 1,
    "cube:net-distance": (r.distance - 4) / 2,
    "cube:arrow": 1,
  }),
  generate: arrowCubeItem,
  renderQuestion: (draft) => renderArrowNet(draft.spec),
  renderOption: (_draft, option) => renderArrowCube(option),
  optionAlt: (_draft, option) => arrowCubeAlt(option),
  optionFeatures: (_draft, option) => arrowCubeFeatures(option),
  // As re-cube: comparing the faces with the net is the rule itself.
  questionPanels: () => [],
  explain: (draft) => explainArrowCube(draft.spec, draft.answer),
};
