/**
 * The pool's figure models (issue 28): mental rotation and mirror images of chiral
 * polyominoes. Both cross two mistakes in the options (a 2x2 design), so that every visible
 * attribute splits the four options two to two or not at all:
 * - rotation: the figure turned (the key), its mirror image, the figure with one square
 *   moved, and the mirror image of that, each turned by a quarter, half or three quarters;
 * - mirror: the reflection across the dashed line (the key), the figure turned instead,
 *   and both again with one square moved.
 * The box of an option (width x height) depends on how it is turned: the turns are drawn
 * so that the four boxes split two to two or are all alike, never three to one.
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { explainMirror, explainRotation } from "./explain-shapes.ts";
import {
  blocks,
  type Cell,
  flipX,
  flipY,
  isChiral,
  isConnected,
  key,
  keyUpToRotationAndMirror,
  normalize,
  rotate,
  size,
} from "./polyomino.ts";
import {
  renderMirrorQuestion,
  renderRotationQuestion,
  renderShapeOption,
  shapeFeatures,
  shapeOptionAlt,
} from "./shape-view.ts";
import type { MirrorSpec, RotationSpec, ShapeOption } from "./types.ts";
import { numbersEn, numbersPt } from "./words.ts";

const steps: Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** Largest side of a figure: the question and option images are drawn for four squares. */
const maxSide = 4;

/**
 * A random chiral polyomino of `count` squares in a box of at most 4 x 4 with at most one
 * 2x2 block (a blob reads badly); null after a bounded number of tries.
 */
export function chiralFigure(rng: Rng, count: number, tries = 200): Cell[] | null {
  for (let attempt = 0; attempt < tries; attempt++) {
    const cells: Cell[] = [[0, 0]];
    const taken = new Set(["0,0"]);
    for (let grow = 0; grow < count * 8 && cells.length < count; grow++) {
      const [x, y] = rng.pick(cells);
      const [dx, dy] = rng.pick(steps);
      const k = `${x + dx},${y + dy}`;
      if (taken.has(k)) continue;
      taken.add(k);
      cells.push([x + dx, y + dy]);
    }
    if (cells.length < count) continue;
    const shape = normalize(cells);
    const { width, height } = size(shape);
    if (width > maxSide || height > maxSide || Math.min(width, height) < 2) continue;
    if (blocks(shape) > 1 || !isChiral(shape)) continue;
    return shape;
  }
  return null;
}

const box = (cells: Cell[]) => `${size(cells).width}x${size(cells).height}`;

/** True when the four boxes are all alike, split two to two, or all differ: never three to one, no pair against two singles. */
function balancedBoxes(options: Cell[][]): boolean {
  const counts = new Map<string, number>();
  for (const o of options) counts.set(box(o), (counts.get(box(o)) ?? 0) + 1);
  const sorted = [...counts.values()].sort().join(",");
  return sorted === "4" || sorted === "2,2" || sorted === "1,1,1,1";
}

/**
 * Up to six variants with one square moved (connected, chiral, not the figure turned or
 * mirrored, no bigger box, at most one 2x2 block), found among the possible moves in a
 * random order with a bounded number of looks (bank v2's movedVariants lists them all,
 * which is slow for large figures).
 */
function movedFigures(rng: Rng, shape: Cell[], maxDistance: number): Cell[][] {
  const original = keyUpToRotationAndMirror(shape);
  const side = Math.max(size(shape).width, size(shape).height);
  const taken = new Set(shape.map(([x, y]) => `${x},${y}`));
  const moves: { rest: Cell[]; cell: Cell }[] = [];
  shape.forEach((removed, index) => {
    const rest = shape.filter((_, i) => i !== index);
    if (!isConnected(rest)) return;
    for (const [x, y] of rest)
      for (const [dx, dy] of steps) {
        const cell: Cell = [x + dx, y + dy];
        if (taken.has(`${cell[0]},${cell[1]}`)) continue;
        if (Math.abs(cell[0] - removed[0]) + Math.abs(cell[1] - removed[1]) > maxDistance) continue;
        moves.push({ rest, cell });
      }
  });
  const found: Cell[][] = [];
  const seen = new Set<string>();
  for (const { rest, cell } of rng.shuffle(moves).slice(0, 60)) {
    const moved = normalize([...rest, cell]);
    const k = key(moved);
    if (seen.has(k)) continue;
    seen.add(k);
    const box = size(moved);
    if (box.width > side || box.height > side || blocks(moved) > 1) continue;
    if (!isChiral(moved) || keyUpToRotationAndMirror(moved) === original) continue;
    found.push(moved);
    if (found.length === 6) break;
  }
  return found;
}

const shapeOptions = (cells: Cell[][]) => cells.map((c) => ({ cells: c }));

// ---------------------------------------------------------------- rotation

export interface RotationRadicals extends Record<string, number | string> {
  /** The key's angular disparity from the figure, in degrees (a 270-degree turn is 90). */
  angle: 90 | 180;
  squares: 5 | 6 | 7 | 8 | 9;
  /** How far the moved square of two distractors travels: far is easier to see. */
  change: "far" | "near";
}

// "Turned on the page": flipping a flat figure over is a turn in space that gives its mirror
// image, so the title rules it out in words.
const rotationTitle: LocalizedText = {
  en: "Which figure is the same shape, only turned on the page (not flipped over)?",
  "pt-br": "Qual figura é a mesma forma, apenas girada no plano (sem virar do avesso)?",
};

function rotationItem(r: RotationRadicals, rng: Rng): ItemDraft<RotationSpec, ShapeOption> | null {
  const shape = chiralFigure(rng, r.squares);
  if (!shape) return null;
  const turn = r.angle === 180 ? 2 : rng.pick([1, 3]);
  // A figure that looks the same turned would make the key a copy of the question.
  if (key(rotate(shape, turn)) === key(shape)) return null;
  // Every distractor is turned too (never shown upright), so being turned tells nothing.
  const turns = [1, 2, 3].flatMap((b) => [1, 2, 3].flatMap((c) => [1, 2, 3].map((d) => [b, c, d])));
  let choices: Cell[][][] = [];
  for (const moved of movedFigures(rng, shape, r.change === "near" ? 2 : 99)) {
    choices = turns
      .map(([b, c, d]) => [
        rotate(shape, turn),
        rotate(flipX(shape), b as number),
        rotate(moved, c as number),
        rotate(flipX(moved), d as number),
      ])
      .filter(balancedBoxes);
    if (choices.length > 0) break;
  }
  if (choices.length === 0) return null;
  const [answer, ...distractors] = shapeOptions(rng.pick(choices));
  return {
    code: "re-rotation",
    family: "rotation",
    spec: { figure: shape },
    answer: answer as ShapeOption,
    distractors: distractors as [ShapeOption, ShapeOption, ShapeOption],
    title: rotationTitle,
    alt: {
      en: `A figure made of ${numbersEn[r.squares]} squares on a grid.`,
      "pt-br": `Uma figura formada por ${numbersPt[r.squares]} quadrados sobre uma grade.`,
    },
  };
}

const shapeViews = {
  renderOption: (draft: ItemDraft<{ figure: Cell[] }, ShapeOption>, option: ShapeOption) =>
    renderShapeOption(draft.spec.figure, option.cells),
  optionAlt: (_draft: unknown, option: ShapeOption) => shapeOptionAlt(option),
  optionFeatures: (_draft: unknown, option: ShapeOption): Record<string, Feature> =>
    shapeFeatures(option.cells),
  // The question shows one figure; comparing an option's shape with it is the rule itself,
  // and a copy of it is caught by the per-instance copy check (spec.figure).
  questionPanels: () => [],
};

export const rotationModel: ItemModel<RotationRadicals, RotationSpec, ShapeOption> = {
  id: "re-rotation",
  category: "RE",
  summary:
    "Which option is the figure of squares turned in the plane? The others are its mirror image or have one square moved (Shepard and Metzler's same-or-mirror judgement).",
  radicals: { angle: [90, 180], squares: [5, 6, 7, 8, 9], change: ["far", "near"] },
  incidentals: [
    "the figure (a random chiral polyomino in a 4 x 4 box)",
    "the direction of a 90-degree turn (clockwise or not)",
    "which square moves, and where",
    "the turns of the distractors (a quarter, half or three quarters)",
  ],
  design: (r) => ({
    "task:rotation": 1,
    "rotation:half-turn": r.angle === 180 ? 1 : 0,
    "figure:extra-square": r.squares - 5,
    "lure:near-change": r.change === "near" ? 1 : 0,
  }),
  generate: rotationItem,
  renderQuestion: (draft) => renderRotationQuestion(draft.spec),
  ...shapeViews,
  explain: (draft) => explainRotation(draft.spec, draft.answer, draft.distractors),
};

// ---------------------------------------------------------------- mirror

export interface MirrorRadicals extends Record<string, number | string> {
  axis: "vertical" | "horizontal";
  squares: 5 | 6 | 7 | 8;
  /** How the figure is turned in two distractors: a half turn looks most like a reflection. */
  lure: "quarter" | "half";
}

function mirrorItem(r: MirrorRadicals, rng: Rng): ItemDraft<MirrorSpec, ShapeOption> | null {
  const shape = chiralFigure(rng, r.squares);
  if (!shape) return null;
  const reflect = r.axis === "vertical" ? flipX : flipY;
  const turnChoices = r.lure === "half" ? [2] : [1, 3];
  const turnPairs = turnChoices
    .flatMap((a) => turnChoices.map((b) => [a, b] as const))
    .filter(([a]) => key(rotate(shape, a)) !== key(shape));
  let choices: Cell[][][] = [];
  for (const moved of movedFigures(rng, shape, 99)) {
    choices = turnPairs
      .map(([a, b]) => [reflect(shape), rotate(shape, a), reflect(moved), rotate(moved, b)])
      .filter(balancedBoxes);
    if (choices.length > 0) break;
  }
  if (choices.length === 0) return null;
  const [answer, ...distractors] = shapeOptions(rng.pick(choices));
  const side =
    r.axis === "vertical"
      ? {
          en: "to the left of a dashed vertical line",
          pt: "à esquerda de uma linha tracejada vertical",
        }
      : { en: "above a dashed horizontal line", pt: "acima de uma linha tracejada horizontal" };
  return {
    code: "re-mirror",
    family: "mirror",
    spec: { figure: shape, axis: r.axis },
    answer: answer as ShapeOption,
    distractors: distractors as [ShapeOption, ShapeOption, ShapeOption],
    title: {
      en: "Which figure is the mirror image of the shape across the dashed line?",
      "pt-br": "Qual figura é a imagem espelhada da forma em relação à linha tracejada?",
    },
    alt: {
      en: `A figure made of ${numbersEn[r.squares]} squares ${side.en}; the other side shows a question mark.`,
      "pt-br": `Uma figura formada por ${numbersPt[r.squares]} quadrados ${side.pt}; do outro lado há um ponto de interrogação.`,
    },
  };
}

export const mirrorModel: ItemModel<MirrorRadicals, MirrorSpec, ShapeOption> = {
  id: "re-mirror",
  category: "RE",
  summary:
    "Which option is the mirror image of the figure across a dashed line? The others are the figure turned instead, or have one square moved.",
  radicals: { axis: ["vertical", "horizontal"], squares: [5, 6, 7, 8], lure: ["quarter", "half"] },
  incidentals: [
    "the figure (a random chiral polyomino in a 4 x 4 box)",
    "which square moves, and where",
    "the direction of the quarter turns",
  ],
  design: (r) => ({
    "task:mirror": 1,
    "mirror:horizontal-axis": r.axis === "horizontal" ? 1 : 0,
    "figure:extra-square": r.squares - 5,
    "lure:half-turn": r.lure === "half" ? 1 : 0,
  }),
  generate: mirrorItem,
  renderQuestion: (draft) => renderMirrorQuestion(draft.spec),
  ...shapeViews,
  explain: (draft) => explainMirror(draft.spec, draft.answer, draft.distractors),
};
