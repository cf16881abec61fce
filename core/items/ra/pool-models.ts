import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Design, ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { explainMatrix } from "./explain.ts";
import { cellAlt } from "./generate.ts";
import { type Cell, type ShapeType, shapeTypes } from "./matrix.ts";
import {
  buildCells,
  type Direction,
  designOptions,
  type Layout,
  type Levels,
  type PoolAttribute,
  type Role,
  type RuleKind,
} from "./pool-grid.ts";
import { itemSlot, renderCell, renderMatrix } from "./render.ts";
import { type NestedCell, renderNestedCell, renderNestedMatrix } from "./render-nested.ts";

/**
 * RA item models of the pool (issue 28): 3x3 matrices whose attributes each follow a rule
 * along the rows or down the columns. Radicals: the rules to find (how many, and which
 * kinds: P progression, D distribution of three, A arithmetic on the count) and the
 * direction they run in (rows, columns, or crossed: some each way); the two-entity model
 * adds a second figure to every cell. docs/items/ra.md has the reasons.
 * Incidentals: which attribute carries which rule, the values, steps and orders, the
 * attributes held constant (in a row or everywhere), and the 2x2 design of the options.
 */

export interface RuleRadicals {
  [name: string]: string;
  /** The kinds of the rules to find, one letter per rule: P, D or A (e.g. "PDA"). */
  rules: string;
  direction: Layout;
}

export interface PoolSpec<C> {
  direction: Layout;
  /**
   * What the generator made each attribute do, and which way each runs: for a worked
   * explanation later; the solver never reads them, it infers.
   */
  rules: Record<string, Role>;
  along: Record<string, Direction>;
  /** Cells 1..8 in reading order; the 9th (bottom-right) is the question. */
  cells: C[];
}

export type Family<C> = {
  name: "matrix" | "matrix-nested";
  attributes: readonly PoolAttribute[];
  toCell(levels: Levels): C;
  /** Whether a cell with these levels draws clearly (every attribute visible). */
  drawable(levels: Levels): boolean;
  features(cell: C): Record<string, Feature>;
  renderQuestion(draft: ItemDraft<PoolSpec<C>, C>): string;
  renderOption(draft: ItemDraft<PoolSpec<C>, C>, option: C): string;
  optionAlt(option: C): LocalizedText;
  alt: LocalizedText;
};

const kindOf: Record<string, RuleKind> = {
  P: "progression",
  D: "distribute-three",
  A: "arithmetic",
};

const title: LocalizedText = {
  en: "Which figure completes the grid?",
  "pt-br": "Qual figura completa a grade?",
};

const shapeName = (level: number) => shapeTypes[level] as ShapeType;

/** One scale for the grid and the four options: the most figures any of them holds. */
const slotOf = (draft: ItemDraft<PoolSpec<Cell>, Cell>) =>
  itemSlot({ cells: [...draft.spec.cells, ...draft.distractors] }, draft.answer);

export const single: Family<Cell> = {
  name: "matrix",
  attributes: [
    { key: "type", min: 0, max: 4, count: false },
    { key: "size", min: 0, max: 2, count: false },
    { key: "fill", min: 0, max: 3, count: false },
    { key: "number", min: 1, max: 4, count: true },
  ],
  drawable: () => true,
  toCell: (l) => ({
    type: shapeName(l.type as number),
    size: l.size as number,
    fill: l.fill as number,
    number: l.number as number,
  }),
  features: (c) => ({ type: c.type, size: c.size, fill: c.fill, number: c.number }),
  renderQuestion: (draft) => renderMatrix(draft.spec, slotOf(draft)),
  renderOption: (draft, option) => renderCell(option, slotOf(draft)),
  optionAlt: cellAlt,
  alt: {
    en: "A 3 by 3 grid of figures; the bottom-right cell is missing.",
    "pt-br": "Uma grade 3 por 3 de figuras; falta a célula do canto inferior direito.",
  },
};

const shapeWords: Record<ShapeType, { en: string; pt: string }> = {
  triangle: { en: "triangle", pt: "triângulo" },
  square: { en: "square", pt: "quadrado" },
  pentagon: { en: "pentagon", pt: "pentágono" },
  hexagon: { en: "hexagon", pt: "hexágono" },
  circle: { en: "circle", pt: "círculo" },
};
const fillWords = {
  en: ["an unfilled", "a dark", "a mid-tone", "a light"],
  pt: ["sem preenchimento", "escuro", "em tom intermediário", "claro"],
};

export const nested: Family<NestedCell> = {
  name: "matrix-nested",
  attributes: [
    { key: "outer", min: 0, max: 4, count: false },
    { key: "outerFill", min: 0, max: 3, count: false },
    { key: "inner", min: 0, max: 4, count: false },
    // Never unfilled: an unfilled inner figure would look the same as one filled with the
    // outer figure's shade.
    { key: "innerFill", min: 1, max: 3, count: false },
  ],
  // An inner figure as light as the outer one would read as a hole in it.
  drawable: (l) => l.innerFill !== l.outerFill,
  toCell: (l) => ({
    outer: shapeName(l.outer as number),
    outerFill: l.outerFill as number,
    inner: shapeName(l.inner as number),
    innerFill: l.innerFill as number,
  }),
  features: (c) => ({
    outer: c.outer,
    outerFill: c.outerFill,
    inner: c.inner,
    innerFill: c.innerFill,
  }),
  renderQuestion: (draft) => renderNestedMatrix(draft.spec.cells),
  renderOption: (_draft, option) => renderNestedCell(option),
  optionAlt: (o) => {
    const article = fillWords.en[o.innerFill] as string;
    const inner = `${article.charAt(0).toUpperCase()}${article.slice(1)} ${shapeWords[o.inner].en}`;
    return {
      en: `${inner} inside ${fillWords.en[o.outerFill]} ${shapeWords[o.outer].en}`,
      "pt-br": `Um ${shapeWords[o.inner].pt} ${fillWords.pt[o.innerFill]} dentro de um ${shapeWords[o.outer].pt} ${fillWords.pt[o.outerFill]}`,
    };
  },
  alt: {
    en: "A 3 by 3 grid; each cell shows a small figure inside a large one; the bottom-right cell is missing.",
    "pt-br":
      "Uma grade 3 por 3; cada célula mostra uma figura pequena dentro de uma grande; falta a célula do canto inferior direito.",
  },
};

/** Which attribute carries which rule; the others are constant in each row or everywhere. */
function assignRoles(
  attributes: readonly PoolAttribute[],
  kinds: readonly RuleKind[],
  rng: Rng,
): Record<string, Role> | null {
  const roles: Record<string, Role> = {};
  let free = rng.shuffle(attributes);
  // Arithmetic first: only a count may carry it.
  const ordered = [
    ...kinds.filter((k) => k === "arithmetic"),
    ...kinds.filter((k) => k !== "arithmetic"),
  ];
  for (const kind of ordered) {
    const fit = free.find((a) => kind !== "arithmetic" || a.count);
    if (!fit) return null;
    roles[fit.key] = kind;
    free = free.filter((a) => a !== fit);
  }
  // At most one constant in each row: two would be tied (each row's value of one tells the
  // other's), read as one rule and leave no fair option design.
  // (A lone rule needs one: the second attribute of its option design, as a fixed attribute
  // changed would show a value the grid never shows.)
  // Beside three or more distributions and no other rule, none: each row shows all three
  // values of a distribution, so an option changing one shows a pair with the row's constant
  // that the grid shows, while the key's pair is new, and only split designs remain. Beside
  // two distributions alone, always one: without it no design is fair at all.
  const onlyD = kinds.every((k) => k === "distribute-three");
  const perRow =
    free.length > 0 && (kinds.length === 1 || (onlyD ? kinds.length === 2 : rng.next() < 0.6))
      ? rng.pick(free)
      : null;
  for (const a of free) roles[a.key] = a === perRow ? "row-constant" : "fixed";
  return roles;
}

/**
 * One try at a matrix and its options: null when this grid is ambiguous, draws badly or
 * admits no fair design; "impossible" when the rules cannot be placed at all.
 */
export function tryMatrix<C>(
  family: Family<C>,
  radicals: RuleRadicals,
  rng: Rng,
  evenOnly = false,
): { spec: PoolSpec<C>; answer: C; distractors: [C, C, C]; spread: number } | null | "impossible" {
  const kinds = [...radicals.rules].map((letter) => kindOf[letter] as RuleKind);
  const roles = assignRoles(family.attributes, kinds, rng);
  if (!roles) return "impossible";
  const built = buildCells(family.attributes, roles, radicals.direction, rng);
  if (!built) return null;
  const levels = built.cells;
  if (!levels.every(family.drawable)) return null;
  const designed = designOptions(levels, family.attributes, roles, rng, family.drawable, evenOnly);
  if (!designed) return null;
  const { design, spread } = designed;
  const cells = levels.map(family.toCell);
  return {
    spec: {
      direction: radicals.direction,
      rules: roles,
      along: built.along,
      cells: cells.slice(0, 8),
    },
    answer: cells[8] as C,
    distractors: design.map(family.toCell) as [C, C, C],
    spread,
  };
}

/** Tries per generate() call: each is a fresh grid (a few microseconds). */
const innerTries = 400;
/**
 * The first tries keep only designs where every value and pair test flags all four options
 * or none; later ones also take a split that flags the key with some distractor (verify.ts
 * allows it, but a taker who bets on the flagged side would then beat chance).
 */
const evenTries = 300;

function matrixModel<C>(options: {
  id: string;
  summary: string;
  family: Family<C>;
  rules: readonly string[];
  entities: number;
  directions?: readonly Layout[];
  /** Tries that keep only even designs (fewer where they are rare: two entities). */
  evenTries?: number;
}): ItemModel<RuleRadicals, PoolSpec<C>, C> {
  const { family } = options;
  return {
    id: options.id,
    category: "RA",
    summary: options.summary,
    radicals: { rules: options.rules, direction: options.directions ?? ["rows", "columns"] },
    incidentals: [
      "which attribute carries which rule",
      "values, progression direction, order of the distributed values, sum or difference",
      "attributes without a rule: constant in each row or constant everywhere",
      "the two attributes and the wrong values of the 2x2 option design",
    ],
    design: (radicals) => {
      const kinds = [...radicals.rules].map((letter) => kindOf[letter]);
      return {
        rules: kinds.length,
        "rule:progression": kinds.filter((k) => k === "progression").length,
        "rule:distribute-three": kinds.filter((k) => k === "distribute-three").length,
        "rule:arithmetic": kinds.filter((k) => k === "arithmetic").length,
        entities: options.entities - 1,
        // A distribution of three reads the same down the columns as along the rows (a Latin
        // square): the direction only matters for the other kinds.
        columns:
          radicals.direction === "columns" && kinds.some((k) => k !== "distribute-three") ? 1 : 0,
        crossed: radicals.direction === "crossed" ? 1 : 0,
      } satisfies Design;
    },
    generate: (radicals, rng) => {
      // An even design at once; past the even-only tries, the first split that flags three
      // options (the key among them), else the best split found by the last try.
      let best: Exclude<ReturnType<typeof tryMatrix<C>>, "impossible" | null> | null = null;
      for (let t = 0; t < innerTries; t++) {
        const built = tryMatrix(family, radicals, rng, t < (options.evenTries ?? evenTries));
        if (built === "impossible") return null;
        if (built && (!best || built.spread > best.spread)) best = built;
        if (best && best.spread >= 3) break;
      }
      if (!best) return null;
      return {
        code: options.id,
        family: family.name,
        spec: best.spec,
        answer: best.answer,
        distractors: best.distractors,
        title,
        alt: family.alt,
      };
    },
    renderQuestion: (draft) => family.renderQuestion(draft),
    renderOption: (draft, option) => family.renderOption(draft, option),
    optionAlt: (_draft, option) => family.optionAlt(option),
    explain: (draft) => explainMatrix(draft.spec, draft.answer, family.optionAlt(draft.answer)),
    optionFeatures: (_draft, option) => family.features(option),
    questionPanels: (draft) => draft.spec.cells.map(family.features),
  };
}

export const raOneRule = matrixModel({
  id: "ra-one-rule",
  summary:
    "One attribute of one figure group progresses along the rows (or down the columns); the others are constant in each row or everywhere.",
  family: single,
  // A lone distribution of three cannot be asked fairly: its third row shows the two other
  // values, so a distractor that changes only that attribute copies a cell of that row.
  rules: ["P"],
  entities: 1,
});

export const raTwoRules = matrixModel({
  id: "ra-two-rules",
  summary: "Two attributes follow rules of their own; the others are constant.",
  family: single,
  rules: ["PP", "PD", "DD", "PA", "DA"],
  entities: 1,
});

export const raThreeRules = matrixModel({
  id: "ra-three-rules",
  summary: "Three of shape, size, shade and count follow rules of their own.",
  family: single,
  rules: ["PPD", "PDD", "DDD", "PDA", "DDA"],
  entities: 1,
});

export const raFourRules = matrixModel({
  id: "ra-four-rules",
  summary: "Shape, size, shade and count each follow a rule of their own.",
  family: single,
  rules: ["PPDD", "PDDA", "DDDA"],
  entities: 1,
});

export const raTwoEntities = matrixModel({
  id: "ra-two-entities",
  summary:
    "Every cell holds a small figure inside a large one; the shapes and shades of both follow rules of their own.",
  family: nested,
  rules: ["PD", "DD", "PDD", "DDD", "PDDD", "DDDD"],
  entities: 2,
  evenTries: 200,
});

export const raCrossed = matrixModel({
  id: "ra-crossed",
  summary:
    "Rules cross: at least one attribute changes along the rows and another down the columns, so each rule's direction must be found too.",
  family: single,
  // Crossing needs two progressions or sums (a distribution reads the same both ways).
  rules: ["PP", "PA", "PPD", "PDA", "PDDA"],
  entities: 1,
  directions: ["crossed"],
});
