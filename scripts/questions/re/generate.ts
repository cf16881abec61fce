import { mostCommonValueChooser, mostSimilarChooser } from "../blind.ts";
import type { CategoryGenerator, Feature, ItemDraft, LocalizedText } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import { missingMark, n, palette, panel, svgDocument, text } from "../svg.ts";
import {
  adjacentInNet,
  type CubeView,
  isValidNet,
  type NetFace,
  opposite,
  type SymbolName,
  validViews,
} from "./cube.ts";
import { curvedArrow, dashedLine, figure, grid, stepArrow, symbolOnFace } from "./draw.ts";
import {
  type Cell,
  flipX,
  flipY,
  keyUpToRotation,
  keyUpToRotationAndMirror,
  movedVariants,
  randomChiral,
  rotate,
  size,
} from "./polyomino.ts";

/**
 * RE: spatial reasoning in four families, easiest first.
 * - rotation (01-03): a chiral polyomino; options are the figure rotated, its mirror image,
 *   the figure with one square moved, and the mirror image with that square moved
 *   (a 2x2 design over mirrored? x moved?), each shown at some rotation.
 * - mirror (04-05): the reflection across a dashed line; options are the reflection, a
 *   rotation of the figure, and both again with one square moved (2x2 design).
 * - paper-fold (06-07): a 4x4 sheet folded once or twice and punched; options are the
 *   unfolded sheet and the sheet unfolded across a wrong axis (as mirror-symmetric as the
 *   right one, so symmetry alone does not pick it), each with and without one extra or
 *   one missing hole (2x2 design).
 * - cube-net (08-10): a net with symbols symmetric under quarter turns; options are cubes
 *   in isometric view: one possible view, the same three faces in mirrored order, and two
 *   views that show two faces that are opposite on the cube (2x2 design).
 */

export type Flap = "left" | "right" | "top" | "bottom";

export interface RotationSpec {
  figure: Cell[];
}
export interface MirrorSpec {
  figure: Cell[];
  /** The dashed line the figure is reflected across. */
  axis: "vertical" | "horizontal";
}
export interface FoldSpec {
  /** Hole positions per side; position index = row * size + column. */
  size: number;
  /** The folds in order: which half is folded over the other, along the current midline. */
  folds: Flap[];
  /** Holes punched through the folded paper, as positions on the sheet. */
  punched: number[];
}
export interface NetSpec {
  faces: NetFace[];
}
export type ReSpec = RotationSpec | MirrorSpec | FoldSpec | NetSpec;

export interface ShapeOption {
  cells: Cell[];
}
export interface SheetOption {
  holes: number[];
}
export type ReOption = ShapeOption | SheetOption | CubeView;

type Item = ItemDraft<ReSpec, ReOption>;

const numbersEn = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const numbersPt = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito"];

/** True when neither context-blind chooser can tell the four options apart. */
function fair(features: Record<string, Feature>[]): boolean {
  return mostCommonValueChooser(features).length === 4 && mostSimilarChooser(features).length === 4;
}

function shapeFeatures(cells: Cell[]): Record<string, Feature> {
  const { width, height } = size(cells);
  return {
    shapeUpToRotation: keyUpToRotation(cells),
    shapeUpToRotationAndMirror: keyUpToRotationAndMirror(cells),
    box: `${width}x${height}`,
    squares: cells.length,
  };
}

// ---------------------------------------------------------------- rotation and mirror

function rotationItem(code: string, rng: Rng, count: number, maxMove: number): Item {
  for (let attempt = 0; attempt < 300; attempt++) {
    const shape = randomChiral(rng, count, 4);
    for (const moved of rng.shuffle(movedVariants(shape, maxMove)).slice(0, 12)) {
      for (let t = 0; t < 40; t++) {
        const angles = [rng.int(1, 3), rng.int(0, 3), rng.int(0, 3), rng.int(0, 3)];
        if (new Set(angles).size < 3) continue;
        const [a, b, c, d] = angles as [number, number, number, number];
        const options = [
          rotate(shape, a),
          rotate(flipX(shape), b),
          rotate(moved, c),
          rotate(flipX(moved), d),
        ];
        if (!fair(options.map(shapeFeatures))) continue;
        const [answer, ...rest] = options.map((cells) => ({ cells }));
        return {
          code,
          family: "rotation",
          spec: { figure: shape },
          answer: answer as ShapeOption,
          distractors: rest as [ShapeOption, ShapeOption, ShapeOption],
          title: {
            en: "Which figure is the same shape, only rotated?",
            "pt-br": "Qual figura é a mesma forma, apenas girada?",
          },
          alt: {
            en: `A figure made of ${numbersEn[count]} squares on a grid.`,
            "pt-br": `Uma figura formada por ${numbersPt[count]} quadrados sobre uma grade.`,
          },
        };
      }
    }
  }
  throw new Error(`${code}: no balanced rotation item`);
}

function mirrorItem(
  code: string,
  rng: Rng,
  count: number,
  maxMove: number,
  axis: "vertical" | "horizontal",
  turns: number[],
): Item {
  const reflect = axis === "vertical" ? flipX : flipY;
  for (let attempt = 0; attempt < 300; attempt++) {
    const shape = randomChiral(rng, count, 4);
    for (const moved of rng.shuffle(movedVariants(shape, maxMove)).slice(0, 12)) {
      for (let t = 0; t < 20; t++) {
        const a = rng.pick(turns);
        const b = rng.pick(turns);
        const options = [reflect(shape), rotate(shape, a), reflect(moved), rotate(moved, b)];
        if (!fair(options.map(shapeFeatures))) continue;
        const [answer, ...rest] = options.map((cells) => ({ cells }));
        const side =
          axis === "vertical"
            ? {
                en: "to the left of a dashed vertical line",
                pt: "à esquerda de uma linha tracejada vertical",
              }
            : {
                en: "above a dashed horizontal line",
                pt: "acima de uma linha tracejada horizontal",
              };
        return {
          code,
          family: "mirror",
          spec: { figure: shape, axis },
          answer: answer as ShapeOption,
          distractors: rest as [ShapeOption, ShapeOption, ShapeOption],
          title: {
            en: "Which figure is the mirror image of the shape across the dashed line?",
            "pt-br": "Qual figura é a imagem espelhada da forma em relação à linha tracejada?",
          },
          alt: {
            en: `A figure made of ${numbersEn[count]} squares ${side.en}; the other side shows a question mark.`,
            "pt-br": `Uma figura formada por ${numbersPt[count]} quadrados ${side.pt}; do outro lado há um ponto de interrogação.`,
          },
        };
      }
    }
  }
  throw new Error(`${code}: no balanced mirror item`);
}

/** Cell size for an item's options: the same for all four, so that sizes compare. */
function optionCell(figureCells: Cell[]): number {
  const { width, height } = size(figureCells);
  return Math.min(44, Math.floor(180 / Math.max(width, height)));
}

function renderShapeOption(figureCells: Cell[], cells: Cell[]): string {
  const c = optionCell(figureCells);
  const { width, height } = size(cells);
  const x0 = 120 - (width * c) / 2;
  const y0 = 120 - (height * c) / 2;
  return svgDocument(
    240,
    240,
    panel(2, 2, 236, 236, 18) + grid(12, 12, 216, 216, c, x0, y0) + figure(cells, x0, y0, c),
  );
}

function renderRotationQuestion(spec: RotationSpec): string {
  const c = 50;
  const { width, height } = size(spec.figure);
  const x0 = 360 - (width * c) / 2;
  const y0 = 140 - (height * c) / 2;
  return svgDocument(
    720,
    280,
    panel(2, 2, 716, 276, 18) + grid(14, 14, 692, 252, c, x0, y0) + figure(spec.figure, x0, y0, c),
  );
}

function renderMirrorQuestion(spec: MirrorSpec): string {
  const c = 44;
  const { width, height } = size(spec.figure);
  const box = 170;
  if (spec.axis === "vertical") {
    const h = 300;
    const x0 = 360 - c - width * c;
    const y0 = h / 2 - (height * c) / 2;
    return svgDocument(
      720,
      h,
      panel(2, 2, 716, h - 4, 18) +
        grid(14, 14, 692, h - 28, c, 360, y0) +
        figure(spec.figure, x0, y0, c) +
        dashedLine(360, 12, 360, h - 12, palette.accent) +
        missingMark(360 + 50, h / 2 - box / 2, box, box),
    );
  }
  const h = 520;
  const x0 = 360 - (width * c) / 2;
  const y0 = h / 2 - c - height * c;
  return svgDocument(
    720,
    h,
    panel(2, 2, 716, h - 4, 18) +
      grid(14, 14, 692, h - 28, c, x0, h / 2) +
      figure(spec.figure, x0, y0, c) +
      dashedLine(12, h / 2, 708, h / 2, palette.accent) +
      missingMark(360 - box / 2, h / 2 + 40, box, box),
  );
}

// ---------------------------------------------------------------- paper folding

const side = 4;
const at = (x: number, y: number) => y * side + x;
const xy = (i: number): [number, number] => [i % side, Math.floor(i / side)];
const vertical = (i: number) => {
  const [x, y] = xy(i);
  return at(side - 1 - x, y);
};
const horizontal = (i: number) => {
  const [x, y] = xy(i);
  return at(x, side - 1 - y);
};
const reflectFor = (flap: Flap) => (flap === "left" || flap === "right" ? vertical : horizontal);
const sorted = (holes: Iterable<number>) => [...new Set(holes)].sort((a, b) => a - b);

interface Region {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The part of the sheet left after folding `flap` over the other half. */
function afterFold(region: Region, flap: Flap): Region {
  const mx = (region.x0 + region.x1) / 2;
  const my = (region.y0 + region.y1) / 2;
  if (flap === "left") return { ...region, x0: mx };
  if (flap === "right") return { ...region, x1: mx };
  if (flap === "top") return { ...region, y0: my };
  return { ...region, y1: my };
}

function foldedRegion(folds: Flap[]): Region {
  return folds.reduce(afterFold, { x0: 0, x1: side, y0: 0, y1: side });
}

function positionsIn(region: Region): number[] {
  const out: number[] = [];
  for (let y = region.y0; y < region.y1; y++)
    for (let x = region.x0; x < region.x1; x++) out.push(at(x, y));
  return out;
}

const flapText: Record<Flap, { en: string; pt: string }> = {
  left: { en: "the left half over the right half", pt: "a metade esquerda sobre a direita" },
  right: { en: "the right half over the left half", pt: "a metade direita sobre a esquerda" },
  top: { en: "the top half over the bottom half", pt: "a metade de cima sobre a de baixo" },
  bottom: { en: "the bottom half over the top half", pt: "a metade de baixo sobre a de cima" },
};

const foldTitle: LocalizedText = {
  en: "Which option shows the sheet unfolded?",
  "pt-br": "Qual opção mostra a folha desdobrada?",
};

/**
 * One fold, two holes punched. Distractors (2x2 design over axis x extra hole): the holes
 * unfolded across the other midline, the one that was not folded (a wrong axis that is a
 * real fold line, so that sheet is as symmetric as the right one), and both with one
 * extra hole.
 */
function foldOnceItem(code: string, rng: Rng): Item {
  for (let attempt = 0; attempt < 500; attempt++) {
    const flap = rng.pick<Flap>(["left", "right", "top", "bottom"]);
    const mirror = reflectFor(flap);
    const otherAxis = mirror === vertical ? horizontal : vertical;
    const punched = sorted(rng.shuffle(positionsIn(foldedRegion([flap]))).slice(0, 2));
    const images = punched.map(mirror);
    const wrongImages = punched.map(otherAxis);
    if (new Set([...punched, ...images, ...wrongImages]).size !== 6) continue;
    const answer = sorted([...punched, ...images]);
    const wrong = sorted([...punched, ...wrongImages]);
    const free = rng.shuffle(
      Array.from({ length: 16 }, (_, i) => i).filter(
        (i) => !answer.includes(i) && !wrong.includes(i),
      ),
    );
    const extra = free[0] as number;
    return {
      code,
      family: "paper-fold",
      spec: { size: side, folds: [flap], punched },
      answer: { holes: answer },
      distractors: [
        { holes: wrong },
        { holes: sorted([...answer, extra]) },
        { holes: sorted([...wrong, extra]) },
      ],
      title: foldTitle,
      alt: {
        en: `A square sheet is folded in half along the dashed line, ${flapText[flap].en}, and two holes are punched through both layers.`,
        "pt-br": `Uma folha quadrada é dobrada ao meio na linha tracejada, com ${flapText[flap].pt}, e dois furos atravessam as duas camadas.`,
      },
    };
  }
  throw new Error(`${code}: no fold item`);
}

/**
 * Two folds, one hole. Both midlines are creases here, and any reflection across them
 * keeps the holes inside the right pattern, so the wrong axis is a line parallel to the
 * last crease through the middle of the folded square: the hole mirrored there, then
 * unfolded properly, gives four holes as symmetric as the right ones (the right rows,
 * the wrong columns, or the other way round). 2x2 design: axis x one hole missing.
 */
function foldTwiceItem(code: string, rng: Rng): Item {
  const first = rng.pick<Flap>(["left", "right", "top", "bottom"]);
  const second =
    first === "left" || first === "right"
      ? rng.pick<Flap>(["top", "bottom"])
      : rng.pick<Flap>(["left", "right"]);
  const folds = [first, second];
  const quarter = foldedRegion(folds);
  const hole = rng.pick(positionsIn(quarter));
  const [x, y] = xy(hole);
  const misplaced =
    second === "left" || second === "right"
      ? at(quarter.x0 + quarter.x1 - 1 - x, y)
      : at(x, quarter.y0 + quarter.y1 - 1 - y);
  // The same unfolded image of the hole goes missing from both patterns.
  const image = rng.pick([vertical, horizontal, (i: number) => vertical(horizontal(i))]);
  const unfold = (i: number) => sorted([i, vertical(i), horizontal(i), vertical(horizontal(i))]);
  const answer = unfold(hole);
  const wrong = unfold(misplaced);
  const without = (holes: number[], missing: number) => holes.filter((i) => i !== missing);
  const [a, b] = folds.map((f) => flapText[f]) as [
    (typeof flapText)[Flap],
    (typeof flapText)[Flap],
  ];
  return {
    code,
    family: "paper-fold",
    spec: { size: side, folds, punched: [hole] },
    answer: { holes: answer },
    distractors: [
      { holes: wrong },
      { holes: without(answer, image(hole)) },
      { holes: without(wrong, image(misplaced)) },
    ],
    title: foldTitle,
    alt: {
      en: `A square sheet is folded in half twice along the dashed lines: first ${a.en}, then ${b.en}. One hole is punched through all the layers.`,
      "pt-br": `Uma folha quadrada é dobrada ao meio duas vezes nas linhas tracejadas: primeiro ${a.pt}, depois ${b.pt}. Um furo atravessa todas as camadas.`,
    },
  };
}

function hole(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${palette.panel}" stroke="${palette.ink}" stroke-width="2.5"/>`;
}

/** Faint marks at the positions of the region that have no hole, to help place the holes. */
function marks(sx: number, sy: number, g: number, positions: number[]): string {
  if (positions.length === 0) return "";
  const d = positions
    .map((i) => {
      const [x, y] = xy(i);
      return `M${n(sx + (x + 0.5) * g)} ${n(sy + (y + 0.5) * g)}h0`;
    })
    .join("");
  return `<path d="${d}" stroke="${palette.muted}" stroke-width="6" stroke-linecap="round"/>`;
}

function paper(sx: number, sy: number, g: number, r: Region): string {
  return `<rect x="${n(sx + r.x0 * g)}" y="${n(sy + r.y0 * g)}" width="${n((r.x1 - r.x0) * g)}" height="${n((r.y1 - r.y0) * g)}" fill="${palette.fills[1]}" stroke="${palette.ink}" stroke-width="2.5" stroke-linejoin="round"/>`;
}

function ghost(sx: number, sy: number, g: number): string {
  return `<rect x="${n(sx)}" y="${n(sy)}" width="${n(side * g)}" height="${n(side * g)}" fill="none" stroke="${palette.muted}" stroke-width="1.5" stroke-dasharray="6 6"/>`;
}

function renderFoldQuestion(spec: FoldSpec): string {
  const steps = spec.folds.length + 1;
  const gap = 36;
  const pw = (720 - gap * (steps - 1)) / steps;
  const sheet = Math.min(232, pw - 28);
  const g = sheet / side;
  // Step numbers 30 units high: 13 px on a 320 px screen, in a band above the sheets.
  const label = 30;
  const sy = label + 24;
  const ph = sy + sheet + 22;
  let body = "";
  let region: Region = { x0: 0, x1: side, y0: 0, y1: side };
  for (let s = 0; s < steps; s++) {
    const px = s * (pw + gap);
    const sx = px + (pw - sheet) / 2;
    body += panel(px + 2, 2, pw - 4, ph - 4, 14);
    body += text(px + 18, 6 + label / 2 + 2, String(s + 1), {
      size: label,
      weight: 700,
      fill: palette.muted,
      anchor: "start",
    });
    if (s > 0) body += stepArrow(px - gap + 8, ph / 2, gap - 16);
    if (s > 0) body += ghost(sx, sy, g);
    body += paper(sx, sy, g, region);
    const flap = spec.folds[s];
    if (flap) {
      body += marks(sx, sy, g, positionsIn(region));
      const mx = sx + ((region.x0 + region.x1) / 2) * g;
      const my = sy + ((region.y0 + region.y1) / 2) * g;
      const qx = ((region.x1 - region.x0) / 4) * g;
      const qy = ((region.y1 - region.y0) / 4) * g;
      if (flap === "left" || flap === "right") {
        const dir = flap === "left" ? 1 : -1;
        body += dashedLine(mx, sy + region.y0 * g - 8, mx, sy + region.y1 * g + 8, palette.ink);
        body += curvedArrow(mx - dir * qx, my, mx + dir * qx, my, dir * 40, palette.accent);
      } else {
        const dir = flap === "top" ? 1 : -1;
        body += dashedLine(sx + region.x0 * g - 8, my, sx + region.x1 * g + 8, my, palette.ink);
        body += curvedArrow(mx, my - dir * qy, mx, my + dir * qy, -dir * 40, palette.accent);
      }
      region = afterFold(region, flap);
    } else {
      body += marks(
        sx,
        sy,
        g,
        positionsIn(region).filter((i) => !spec.punched.includes(i)),
      );
      for (const i of spec.punched) {
        const [x, y] = xy(i);
        body += hole(sx + (x + 0.5) * g, sy + (y + 0.5) * g, g * 0.26);
      }
    }
  }
  return svgDocument(720, ph, body);
}

function renderSheetOption(option: SheetOption): string {
  const sheet = 176;
  const g = sheet / side;
  const s0 = 32;
  let body = panel(2, 2, 236, 236, 18) + paper(s0, s0, g, { x0: 0, x1: side, y0: 0, y1: side });
  body += marks(
    s0,
    s0,
    g,
    Array.from({ length: 16 }, (_, i) => i).filter((i) => !option.holes.includes(i)),
  );
  for (const i of option.holes) {
    const [x, y] = xy(i);
    body += hole(s0 + (x + 0.5) * g, s0 + (y + 0.5) * g, g * 0.27);
  }
  return svgDocument(240, 240, body);
}

// ---------------------------------------------------------------- cube nets

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

function cubeItem(code: string, rng: Rng, shapeIndex: number, netAdjacent: number[]): Item {
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
  const positions = ["top", "left", "right"] as const;
  // Keep one position; the other two swap (mirrored order). The kept face is then replaced
  // by the face opposite one of the other two (two opposite faces in one view).
  const kept = rng.pick(positions);
  const [i, j] = positions.filter((p) => p !== kept) as [keyof CubeView, keyof CubeView];
  const swapped: CubeView = { ...answer, [i]: answer[j], [j]: answer[i] };
  const other = opposite(faces, answer[rng.pick([i, j])]);
  const impossible: CubeView = { ...answer, [kept]: other };
  const impossibleSwapped: CubeView = { ...swapped, [kept]: other };
  const distractors: [CubeView, CubeView, CubeView] = [swapped, impossible, impossibleSwapped];
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

function renderNetQuestion(spec: NetSpec): string {
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

function renderCube(view: CubeView): string {
  const s = 96;
  const cos = s * Math.cos(Math.PI / 6);
  const sin = s * 0.5;
  // Isometric projection: x to the lower right, y to the lower left, z up.
  const p = (x: number, y: number, z: number): [number, number] => [
    120 + cos * (x - y),
    120 + sin * (x + y) - s * z,
  ];
  const poly = (pts: [number, number][], opacity: number) =>
    `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${palette.fills[1]}" fill-opacity="${opacity}"/>`;
  const top = [p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)];
  const left = [p(0, 1, 1), p(1, 1, 1), p(1, 1, 0), p(0, 1, 0)];
  const right = [p(1, 0, 1), p(1, 1, 1), p(1, 1, 0), p(1, 0, 0)];
  const edges = `M${[p(0, 0, 1), p(1, 0, 1), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0), p(0, 1, 1)]
    .map(([x, y]) => `${n(x)} ${n(y)}`)
    .join(
      "L",
    )}ZM${[p(0, 1, 1), p(1, 1, 1), p(1, 0, 1)].map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}M${n(p(1, 1, 1)[0])} ${n(p(1, 1, 1)[1])}L${n(p(1, 1, 0)[0])} ${n(p(1, 1, 0)[1])}`;
  const [tx, ty] = p(0.5, 0.5, 1);
  const [lx, ly] = p(0.5, 1, 0.5);
  const [rx, ry] = p(1, 0.5, 0.5);
  return (
    poly(top, 1) +
    poly(left, 0.72) +
    poly(right, 0.5) +
    symbolOnFace(view.top, tx, ty, cos, sin, -cos, sin) +
    symbolOnFace(view.left, lx, ly, cos, sin, 0, s) +
    symbolOnFace(view.right, rx, ry, -cos, sin, 0, s) +
    `<path d="${edges}" fill="none" stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round"/>`
  );
}

// ---------------------------------------------------------------- the category

const isShape = (o: ReOption): o is ShapeOption => "cells" in o;
const isSheet = (o: ReOption): o is SheetOption => "holes" in o;

export const generator: CategoryGenerator<ReSpec, ReOption> = {
  category: "RE",

  generate(seed) {
    const recipes: ((code: string, rng: Rng) => Item)[] = [
      (code, rng) => rotationItem(code, rng, 5, 99),
      (code, rng) => rotationItem(code, rng, 6, 3),
      (code, rng) => rotationItem(code, rng, 8, 2),
      (code, rng) => mirrorItem(code, rng, 6, 3, "vertical", [1, 3]),
      // A half turn keeps the outline's proportions: it is easily taken for the reflection.
      (code, rng) => mirrorItem(code, rng, 7, 2, "horizontal", [2]),
      foldOnceItem,
      foldTwiceItem,
      (code, rng) => cubeItem(code, rng, 0, [2, 3]),
      (code, rng) => cubeItem(code, rng, 1, [1]),
      (code, rng) => cubeItem(code, rng, 2, [0, 1]),
    ];
    return recipes.map((recipe, index) => {
      const code = `RE-${String(index + 1).padStart(2, "0")}`;
      return recipe(code, createRng(`${seed}:${code}`));
    });
  },

  renderQuestion(item) {
    switch (item.family) {
      case "rotation":
        return renderRotationQuestion(item.spec as RotationSpec);
      case "mirror":
        return renderMirrorQuestion(item.spec as MirrorSpec);
      case "paper-fold":
        return renderFoldQuestion(item.spec as FoldSpec);
      default:
        return renderNetQuestion(item.spec as NetSpec);
    }
  },

  renderOption(item, option) {
    if (isShape(option)) return renderShapeOption((item.spec as RotationSpec).figure, option.cells);
    if (isSheet(option)) return renderSheetOption(option);
    return svgDocument(240, 240, panel(2, 2, 236, 236, 18) + renderCube(option));
  },

  optionAlt(_item, option) {
    if (isShape(option)) {
      const count = option.cells.length;
      return {
        en: `A figure of ${numbersEn[count]} squares`,
        "pt-br": `Uma figura de ${numbersPt[count]} quadrados`,
      };
    }
    if (isSheet(option)) {
      const count = option.holes.length;
      return count === 1
        ? { en: "A sheet with one hole", "pt-br": "Uma folha com um furo" }
        : {
            en: `A sheet with ${numbersEn[count]} holes`,
            "pt-br": `Uma folha com ${numbersPt[count]} furos`,
          };
    }
    return {
      en: `A cube with ${symbolNames[option.top].en} on top, ${symbolNames[option.left].en} on the left face and ${symbolNames[option.right].en} on the right face`,
      "pt-br": `Um cubo com ${symbolNames[option.top].pt} em cima, ${symbolNames[option.left].pt} na face esquerda e ${symbolNames[option.right].pt} na face direita`,
    };
  },

  optionFeatures(_item, option) {
    if (isShape(option)) return shapeFeatures(option.cells);
    if (isSheet(option)) {
      const features: Record<string, Feature> = {};
      for (let i = 0; i < side * side; i++) features[`h${i}`] = option.holes.includes(i);
      return features;
    }
    return {
      top: option.top,
      left: option.left,
      right: option.right,
      visible: [option.top, option.left, option.right].sort().join(" "),
    };
  },
};
