import type { CategoryGenerator, Feature, ItemDraft, LocalizedText } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import {
  type Attribute,
  attributes,
  buildAttribute,
  type Cell,
  domains,
  type Grid,
  type MatrixSpec,
  predictions,
  type Rule,
  shapeTypes,
  type Template,
} from "./matrix.ts";
import { itemSlot, renderCell, renderMatrix } from "./render.ts";

/**
 * RA: abstract reasoning with 3x3 matrices (the RAVEN idea of row-wise rules per attribute,
 * reimplemented; no published item is copied). Options follow a 2x2 design over two varying
 * attributes, with the wrong values taken from the item itself, so that every value appears
 * in exactly two options and a context-blind chooser stays at chance.
 */

type Item = ItemDraft<MatrixSpec, Cell>;

interface Recipe {
  code: string;
  templates: Record<Attribute, Template>;
  /** The two attributes of the 2x2 distractor design. */
  distract: [Attribute, Attribute];
}

const recipes: Recipe[] = [
  // 01-03: one attribute varies within rows; the others are constant in each row.
  {
    code: "RA-01",
    templates: {
      type: { kind: "progression", steps: [1] },
      size: { kind: "fixed", value: 2 },
      fill: { kind: "row-constant" },
      number: { kind: "fixed", value: 1 },
    },
    distract: ["type", "fill"],
  },
  {
    code: "RA-02",
    templates: {
      type: { kind: "row-constant" },
      size: { kind: "fixed", value: 2 },
      fill: { kind: "fixed" },
      number: { kind: "progression", steps: [1] },
    },
    distract: ["number", "type"],
  },
  {
    code: "RA-03",
    templates: {
      type: { kind: "distribute-three" },
      size: { kind: "row-constant" },
      fill: { kind: "fixed" },
      number: { kind: "fixed", value: 1 },
    },
    distract: ["type", "size"],
  },
  // 04-06: two attributes vary, each with its own rule.
  {
    code: "RA-04",
    templates: {
      type: { kind: "row-constant" },
      size: { kind: "progression", steps: [1, -1] },
      fill: { kind: "distribute-three" },
      number: { kind: "fixed", value: 1 },
    },
    distract: ["size", "fill"],
  },
  {
    code: "RA-05",
    templates: {
      type: { kind: "distribute-three" },
      size: { kind: "fixed", value: 2 },
      fill: { kind: "row-constant" },
      number: { kind: "progression", steps: [-1] },
    },
    distract: ["number", "type"],
  },
  {
    code: "RA-06",
    templates: {
      type: { kind: "row-constant" },
      size: { kind: "fixed", value: 2 },
      fill: { kind: "progression", steps: [1, -1] },
      number: { kind: "distribute-three" },
    },
    distract: ["fill", "number"],
  },
  // 07-10: three or four attributes vary, with distribute-three and arithmetic.
  {
    code: "RA-07",
    templates: {
      type: { kind: "distribute-three" },
      size: { kind: "progression", steps: [1, -1] },
      fill: { kind: "row-constant" },
      number: { kind: "arithmetic", ops: ["add"] },
    },
    distract: ["number", "size"],
  },
  {
    code: "RA-08",
    templates: {
      type: { kind: "progression", steps: [2, -2] },
      size: { kind: "row-constant" },
      fill: { kind: "distribute-three" },
      number: { kind: "arithmetic", ops: ["sub"] },
    },
    distract: ["type", "number"],
  },
  {
    code: "RA-09",
    templates: {
      type: { kind: "distribute-three", shift: 1 },
      size: { kind: "distribute-three", shift: 2 },
      fill: { kind: "arithmetic", ops: ["add"] },
      number: { kind: "fixed", value: 1 },
    },
    distract: ["fill", "size"],
  },
  {
    code: "RA-10",
    templates: {
      type: { kind: "progression", steps: [1, -1] },
      size: { kind: "distribute-three", shift: 2 },
      fill: { kind: "distribute-three", shift: 1 },
      number: { kind: "arithmetic", ops: ["add", "sub"] },
    },
    distract: ["size", "number"],
  },
];

const title: LocalizedText = {
  en: "Which figure completes the grid?",
  "pt-br": "Qual figura completa a grade?",
};

const alt: LocalizedText = {
  en: "A 3 by 3 grid of figures; the bottom-right cell is missing.",
  "pt-br": "Uma grade 3 por 3 de figuras; falta a célula do canto inferior direito.",
};

function toCell(levels: Record<Attribute, number>): Cell {
  return {
    type: shapeTypes[levels.type] as Cell["type"],
    size: levels.size,
    fill: levels.fill,
    number: levels.number,
  };
}

function levelOf(cell: Cell, attribute: Attribute): number {
  return attribute === "type" ? shapeTypes.indexOf(cell.type) : cell[attribute];
}

function withLevel(cell: Cell, attribute: Attribute, level: number): Cell {
  return attribute === "type"
    ? { ...cell, type: shapeTypes[level] as Cell["type"] }
    : { ...cell, [attribute]: level };
}

/**
 * Wrong values for `attribute`: from the item (the third row or column first), then, when
 * every design made of those copies a panel of the grid, from the attribute's domain.
 */
function wrongValues(cells: Cell[], answer: Cell, attribute: Attribute, rng: Rng): number[] {
  const right = levelOf(answer, attribute);
  const near = [6, 7, 2, 5]
    .map((i) => levelOf(cells[i] as Cell, attribute))
    .filter((v) => v !== right);
  const any = cells.map((c) => levelOf(c, attribute)).filter((v) => v !== right);
  const { min, max } = domains[attribute];
  const domain = Array.from({ length: max - min + 1 }, (_, i) => min + i).filter(
    (v) => v !== right,
  );
  return [...new Set([...rng.shuffle(near), ...rng.shuffle(any), ...rng.shuffle(domain)])];
}

const sameCell = (a: Cell, b: Cell) =>
  a.type === b.type && a.size === b.size && a.fill === b.fill && a.number === b.number;

function buildItem(recipe: Recipe, seed: string): Item {
  const rng = createRng(`${seed}:${recipe.code}`);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const grids = {} as Record<Attribute, Grid>;
    const rules = {} as Record<Attribute, Rule>;
    for (const attribute of attributes) {
      const built = buildAttribute(attribute, recipe.templates[attribute], rng);
      grids[attribute] = built.grid;
      rules[attribute] = built.rule;
    }
    // Reject a matrix where another reading of rows or columns predicts a different answer.
    const unambiguous = attributes.every((attribute) => {
      const grid = grids[attribute];
      const { min, max } = domains[attribute];
      const answerLevel = grid[2]?.[2];
      return predictions(grid)
        .filter((p) => p >= min && p <= max)
        .every((p) => p === answerLevel);
    });
    if (!unambiguous) continue;
    const all = Array.from({ length: 9 }, (_, i) => {
      const levels = {} as Record<Attribute, number>;
      for (const attribute of attributes)
        levels[attribute] = grids[attribute][Math.floor(i / 3)]?.[i % 3] as number;
      return toCell(levels);
    });
    const cells = all.slice(0, 8);
    const answer = all[8] as Cell;
    // The 2x2 design over two attributes, the recipe's pair first; no distractor may copy a
    // panel of the grid, or it could be ruled out without finding the rules (ADR 0025).
    // Where every design over that pair would (a row-constant size under a distribute-three
    // type leaves no unseen size), another pair of attributes is taken.
    const pairs = [
      recipe.distract,
      ...attributes.flatMap((x, i) =>
        attributes.slice(i + 1).map((y) => [x, y] as [Attribute, Attribute]),
      ),
    ];
    const designs = pairs.flatMap(([first, second]) =>
      wrongValues(cells, answer, first, rng).flatMap((a) =>
        wrongValues(cells, answer, second, rng).map((b) => {
          const withA = withLevel(answer, first, a);
          return [withA, withLevel(answer, second, b), withLevel(withA, second, b)] as [
            Cell,
            Cell,
            Cell,
          ];
        }),
      ),
    );
    const distractors = designs.find((design) =>
      design.every((option) => !cells.some((cell) => sameCell(cell, option))),
    );
    if (!distractors) continue;
    return {
      code: recipe.code,
      family: "matrix",
      spec: { rules, cells },
      answer,
      distractors,
      title,
      alt,
    };
  }
  throw new Error(`${recipe.code}: no unambiguous matrix found`);
}

const countWords = {
  en: ["One", "Two", "Three", "Four"],
  "pt-br": ["Um", "Dois", "Três", "Quatro"],
};
const shapeWords: Record<Cell["type"], { en: string; pt: string }> = {
  triangle: { en: "triangle", pt: "triângulo" },
  square: { en: "square", pt: "quadrado" },
  pentagon: { en: "pentagon", pt: "pentágono" },
  hexagon: { en: "hexagon", pt: "hexágono" },
  circle: { en: "circle", pt: "círculo" },
};
const sizeWords = {
  en: ["small", "medium", "large"],
  pt: [
    ["pequeno", "pequenos"],
    ["médio", "médios"],
    ["grande", "grandes"],
  ],
};
const fillWords = {
  en: ["unfilled", "dark", "mid-tone", "light"],
  pt: [
    ["sem preenchimento", "sem preenchimento"],
    ["escuro", "escuros"],
    ["em tom intermediário", "em tom intermediário"],
    ["claro", "claros"],
  ],
};

/** A neutral description of one cell (count, size, shade, shape), in both languages. */
export function cellAlt(option: Cell): LocalizedText {
  const plural = option.number > 1 ? 1 : 0;
  const shape = shapeWords[option.type];
  return {
    en: `${countWords.en[option.number - 1]} ${sizeWords.en[option.size]} ${fillWords.en[option.fill]} ${shape.en}${plural ? "s" : ""}`,
    "pt-br": `${countWords["pt-br"][option.number - 1]} ${shape.pt}${plural ? "s" : ""} ${sizeWords.pt[option.size]?.[plural]} ${fillWords.pt[option.fill]?.[plural]}`,
  };
}

export const generator: CategoryGenerator<MatrixSpec, Cell> = {
  category: "RA",
  generate: (seed) => recipes.map((recipe) => buildItem(recipe, seed)),
  renderQuestion: (item) => renderMatrix(item.spec, itemSlot(item.spec, item.answer)),
  renderOption: (item, option) => renderCell(option, itemSlot(item.spec, item.answer)),
  optionAlt: (_item, option) => cellAlt(option),
  optionFeatures: (_item, option): Record<string, Feature> => ({
    type: option.type,
    size: option.size,
    fill: option.fill,
    number: option.number,
  }),
};
