import type { ItemDraft, LocalizedText } from "../model.ts";
import type { Rng } from "../rng.ts";
import { missingMark, n, palette, panel, polygonPoints, svgDocument, text } from "../svg.ts";
import type { EquationSpec, Expression, RlOption, RlSpec, Shape } from "./types.ts";

/**
 * Symbol equations: shapes stand for numbers. Every system here has one solution over the
 * real numbers (linear, or a product whose other factor is already known), so the item
 * needs no "whole number" caveat; the solver re-checks uniqueness by brute force.
 */

type Values = Record<string, number>;

/** Value of an expression, multiplication first, then addition and subtraction left to right. */
export function evaluate(expression: Expression, values: Values): number {
  const terms: number[] = [];
  const signs: string[] = ["+"];
  let product = values[expression[0] as string] as number;
  for (let i = 1; i < expression.length; i += 2) {
    const op = expression[i] as string;
    const value = values[expression[i + 1] as string] as number;
    if (op === "*") {
      product *= value;
    } else {
      terms.push(product);
      signs.push(op);
      product = value;
    }
  }
  terms.push(product);
  return terms.reduce((sum, term, i) => (signs[i] === "-" ? sum - term : sum + term), 0);
}

interface Recipe {
  equations: Expression[];
  question: Expression;
  values: Values;
  /** Values of plausible mistakes, most plausible first. */
  wrong: number[];
}

function distinct(rng: Rng, ranges: [number, number][]): number[] {
  for (;;) {
    const picked = ranges.map(([lo, hi]) => rng.int(lo, hi));
    if (new Set(picked).size === picked.length) return picked;
  }
}

/** The four recipes, easiest first; X, Y and Z are later mapped to shapes. */
export const equationRecipes: ((rng: Rng) => Recipe)[] = [
  // Two unknowns, addition only: X + X, X + Y, asked Y + Y.
  (rng) => {
    const [x, y] = distinct(rng, [
      [3, 8],
      [2, 9],
    ]) as [number, number];
    return {
      equations: [
        ["X", "+", "X"],
        ["X", "+", "Y"],
      ],
      question: ["Y", "+", "Y"],
      values: { X: x, Y: y },
      wrong: [2 * x, x + y, y, 2 * y + 1, 2 * y - 1, 3 * y, 2 * y + 2],
    };
  },
  // Three unknowns in a chain with a subtraction: X + X + X, X + Y, Y - Z; asked X + Z + Z.
  (rng) => {
    for (;;) {
      const [x, y, z] = distinct(rng, [
        [2, 6],
        [4, 9],
        [1, 7],
      ]) as [number, number, number];
      if (z >= y) continue;
      return {
        equations: [
          ["X", "+", "X", "+", "X"],
          ["X", "+", "Y"],
          ["Y", "-", "Z"],
        ],
        question: ["X", "+", "Z", "+", "Z"],
        values: { X: x, Y: y, Z: z },
        wrong: [
          x + 2 * (2 * y - z),
          x + 2 * (y - z),
          x + z,
          x + 2 * y,
          2 * x + z,
          x + 2 * z + 1,
          x + 2 * z - 1,
        ],
      };
    }
  },
  // Two unknowns found by subtracting two equations, a third from a product; asked X * Z + Y.
  (rng) => {
    const [x, y, z] = distinct(rng, [
      [2, 6],
      [3, 8],
      [2, 5],
    ]) as [number, number, number];
    return {
      equations: [
        ["X", "+", "Y"],
        ["X", "+", "X", "+", "Y"],
        ["Y", "*", "Z"],
      ],
      question: ["X", "*", "Z", "+", "Y"],
      values: { X: x, Y: y, Z: z },
      wrong: [y * z + x, x * (z + y), x + z + y, x * z, x * z + y + 1, x * z + y - 1, (x + y) * z],
    };
  },
  // Three pairwise sums (add all three, halve, subtract); asked X * Y - Z.
  (rng) => {
    for (;;) {
      const [x, y, z] = distinct(rng, [
        [3, 9],
        [3, 9],
        [3, 9],
      ]) as [number, number, number];
      if (x * y - z < 8) continue;
      return {
        equations: [
          ["X", "+", "Y"],
          ["Y", "+", "Z"],
          ["Z", "+", "X"],
        ],
        question: ["X", "*", "Y", "-", "Z"],
        values: { X: x, Y: y, Z: z },
        wrong: [
          y * z - x,
          x * z - y,
          x * y + z,
          x * y - z + 1,
          x * y - z - 1,
          x * y,
          x + y + z,
          x * y - 2 * z,
        ],
      };
    }
  },
];

/** Picks three distractors so that exactly `below` of them are smaller than the answer. */
function chooseDistractors(
  rng: Rng,
  answer: number,
  wrong: number[],
  below: number,
  shown: number[],
): [number, number, number] {
  const slips = [1, 2, 3, 4, 5, 10].flatMap((d) => [answer - d, answer + d]);
  // A number the equations already show can be ruled out without solving them.
  const pool = [...new Set([...wrong, ...slips])].filter(
    (v) => v >= 0 && v !== answer && !shown.includes(v),
  );
  const lower = pool.filter((v) => v < answer).slice(0, below);
  const higher = pool.filter((v) => v > answer).slice(0, 3 - below);
  const picked = [...lower, ...higher];
  if (picked.length !== 3) throw new Error(`cannot place ${answer} at rank ${below}`);
  return rng.shuffle(picked) as [number, number, number];
}

const shapeNames: Record<Shape, { en: string; pt: string }> = {
  triangle: { en: "a triangle", pt: "um triângulo" },
  circle: { en: "a circle", pt: "um círculo" },
  square: { en: "a square", pt: "um quadrado" },
  star: { en: "a star", pt: "uma estrela" },
};

function list(words: string[], and: string): string {
  return words.length <= 1
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} ${and} ${words.at(-1)}`;
}

export const equationTitle: LocalizedText = {
  en: "Each shape stands for a number. What is the value of the question mark?",
  "pt-br": "Cada forma representa um número. Qual é o valor do ponto de interrogação?",
};

/** `below`: how many distractors are smaller than the answer (its rank among the options). */
export function equationItem(
  code: string,
  rng: Rng,
  level: number,
  below: number,
): ItemDraft<RlSpec, RlOption> {
  const recipe = (equationRecipes[level] as (rng: Rng) => Recipe)(rng);
  const roles = Object.keys(recipe.values);
  const shapes = rng
    .shuffle<Shape>(["triangle", "circle", "square", "star"])
    .slice(0, roles.length);
  const shapeOf = Object.fromEntries(roles.map((role, i) => [role, shapes[i] as Shape]));
  const rename = (expression: Expression) => expression.map((t) => shapeOf[t] ?? t);
  const answer = evaluate(recipe.question, recipe.values);
  const shown = recipe.equations.flatMap((left) => [
    evaluate(left, recipe.values),
    ...left.filter((t) => /^\d+$/.test(t)).map(Number),
  ]);
  const wrong = chooseDistractors(rng, answer, recipe.wrong, below, shown);
  const spec: EquationSpec = {
    kind: "equations",
    equations: recipe.equations.map((left) => ({
      left: rename(left),
      right: evaluate(left, recipe.values),
    })),
    question: rename(recipe.question),
  };
  const en = list(
    shapes.map((s) => shapeNames[s].en),
    "and",
  );
  const pt = list(
    shapes.map((s) => shapeNames[s].pt),
    "e",
  );
  const count = spec.equations.length;
  const enCount = ["", "", "Two", "Three"][count];
  const ptCount = ["", "", "Duas", "Três"][count];
  return {
    code,
    family: "equations",
    spec,
    answer: { value: answer },
    distractors: [{ value: wrong[0] }, { value: wrong[1] }, { value: wrong[2] }],
    title: equationTitle,
    alt: {
      en: `${enCount} equations in which ${en} stand for numbers, then an expression whose value is missing.`,
      "pt-br": `${ptCount} equações em que ${pt} representam números, seguidas de uma expressão cujo valor falta.`,
    },
  };
}

/* ---------- drawing ---------- */

const shapeFill = palette.fills[2];

export function drawShape(shape: string, cx: number, cy: number, r: number): string {
  switch (shape) {
    case "circle":
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.95)}" fill="${shapeFill}"/>`;
    case "square":
      return `<rect x="${n(cx - r * 0.85)}" y="${n(cy - r * 0.85)}" width="${n(r * 1.7)}" height="${n(r * 1.7)}" rx="3" fill="${shapeFill}"/>`;
    case "triangle":
      return `<polygon points="${polygonPoints(cx, cy + r * 0.2, r * 1.15, 3)}" fill="${shapeFill}"/>`;
    // The pool's fifth and sixth shapes (bank v2 draws none of them).
    case "diamond":
      return `<polygon points="${polygonPoints(cx, cy, r * 1.15, 4)}" fill="${shapeFill}"/>`;
    case "hexagon":
      return `<polygon points="${polygonPoints(cx, cy, r * 1.05, 6)}" fill="${shapeFill}"/>`;
    // The scales' seventh shape, only in "complete" items of six options.
    case "cross": {
      const a = r * 0.36;
      const b = r * 1.05;
      return `<path d="M${n(cx - a)} ${n(cy - b)}H${n(cx + a)}V${n(cy - a)}H${n(cx + b)}V${n(cy + a)}H${n(cx + a)}V${n(cy + b)}H${n(cx - a)}V${n(cy + a)}H${n(cx - b)}V${n(cy - a)}H${n(cx - a)}Z" fill="${shapeFill}"/>`;
    }
    default: {
      const points = Array.from({ length: 10 }, (_, i) => {
        const radius = i % 2 === 0 ? r * 1.12 : r * 0.48;
        const angle = (Math.PI * i) / 5 - Math.PI / 2;
        return `${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle) + r * 0.08)}`;
      });
      return `<polygon points="${points.join(" ")}" fill="${shapeFill}"/>`;
    }
  }
}

const operatorGlyph: Record<string, string> = { "+": "+", "-": "\u2212", "*": "\u00d7" };

type Token =
  | { kind: "shape"; shape: string }
  | { kind: "op"; glyph: string }
  | { kind: "number"; value: number }
  | { kind: "missing" };

const radius = 32;
const digitWidth = 33;

function tokenWidth(token: Token): number {
  switch (token.kind) {
    case "shape":
      return 2 * radius + 16;
    case "op":
      return 54;
    case "number":
      return String(token.value).length * digitWidth + 18;
    case "missing":
      return 104;
  }
}

export function renderEquationQuestion(spec: EquationSpec): string {
  const lineHeight = 100;
  const gap = 14;
  const margin = 16;
  const lines: Token[][] = [
    ...spec.equations.map((eq) => [
      ...expressionTokens(eq.left),
      { kind: "op", glyph: "=" } as Token,
      { kind: "number", value: eq.right } as Token,
    ]),
    [...expressionTokens(spec.question), { kind: "op", glyph: "=" }, { kind: "missing" }],
  ];
  const height = 2 * margin + lines.length * lineHeight + (lines.length - 1) * gap;
  let body = "";
  lines.forEach((tokens, i) => {
    const y = margin + i * (lineHeight + gap);
    const cy = y + lineHeight / 2;
    body += panel(60, y, 600, lineHeight);
    const total = tokens.reduce((sum, t) => sum + tokenWidth(t), 0);
    let x = 360 - total / 2;
    for (const token of tokens) {
      const w = tokenWidth(token);
      const cx = x + w / 2;
      if (token.kind === "shape") body += drawShape(token.shape, cx, cy, radius);
      else if (token.kind === "op")
        body += text(cx, cy, token.glyph, { size: 50, weight: 500, fill: palette.muted });
      else if (token.kind === "number")
        body += text(cx, cy, String(token.value), { size: 54, weight: 700 });
      else body += missingMark(x + 8, cy - 36, w - 16, 72);
      x += w;
    }
  });
  return svgDocument(720, height, body);
}

function expressionTokens(expression: Expression): Token[] {
  return expression.map((t, i) =>
    i % 2 === 0 ? { kind: "shape", shape: t } : { kind: "op", glyph: operatorGlyph[t] ?? t },
  );
}

export function renderNumberOption(value: number): string {
  return svgDocument(
    240,
    240,
    panel(4, 4, 232, 232) + text(120, 124, String(value), { size: 96, weight: 700 }),
  );
}
