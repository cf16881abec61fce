/**
 * Item model rl-equations (issue 28): shapes stand for numbers; a system of equations pins
 * every shape down; the question asks for the value of an expression of shapes. Every
 * system is solvable over the real numbers step by step (each equation, in the order of
 * solving, brings in one new shape with a nonzero coefficient, or two equations bring in two
 * shapes as an invertible pair), so it has one solution; the solver re-checks uniqueness by
 * brute force over whole numbers.
 */
import type { ItemDraft, LocalizedText } from "../model.ts";
import type { Design, ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import {
  equationTitle,
  evaluate,
  renderEquationQuestion,
  renderNumberOption,
} from "./equations.ts";
import { explainEquations } from "./explain-equations.ts";
import type { EquationSpec, Expression } from "./types.ts";
import { saidExpression } from "./words.ts";

export type EquationRadicals = {
  /** Shapes to find, one equation each. */
  unknowns: 2 | 3 | 4 | 5;
  /** Substitute one equation at a time, or combine two or three equations first. */
  solving: "substitute" | "eliminate";
  /** The operations the equations use: addition only, then subtraction, then products. */
  operations: "add" | "subtract" | "multiply";
};

export type NumberOption = { value: number };
type Item = ItemDraft<EquationSpec, NumberOption>;
type Values = Record<string, number>;

const roles = ["U0", "U1", "U2", "U3", "U4"];
/** Bank v2's four shapes, and a diamond for a fifth unknown. */
const shapes: string[] = ["triangle", "circle", "square", "star", "diamond"];

const sumOf = (...terms: string[]): Expression => terms.flatMap((t, i) => (i ? ["+", t] : [t]));

/** Templates for the equation that brings in `next` once the shapes in `known` are known. */
function substitution(
  rng: Rng,
  next: string,
  known: string[],
  operations: EquationRadicals["operations"],
): Expression[] {
  const k1 = rng.pick(known);
  const others = known.filter((k) => k !== k1);
  const k2 = others.length > 0 ? rng.pick(others) : null;
  const add: Expression[] = [sumOf(next, k1), sumOf(k1, next, next)];
  if (k2) add.push(sumOf(k1, next, k2));
  const subtract: Expression[] = [
    [next, "-", k1],
    [k1, "-", next],
  ];
  if (k2) subtract.push([k1, "+", next, "-", k2]);
  const multiply: Expression[] = [
    [next, "*", k1],
    [k1, "*", next, "+", k1],
  ];
  if (k2) multiply.push([k1, "*", next, "-", k2]);
  if (operations === "add") return add;
  if (operations === "subtract") return [...add, ...subtract];
  return [...add, ...subtract, ...multiply];
}

/** The first equations: one shape alone (substitute), or a pair or triple solved together. */
function opening(
  rng: Rng,
  radicals: EquationRadicals,
  values: Values,
): { equations: Expression[]; solved: string[] } {
  const [a, b, c] = roles as [string, string, string];
  if (radicals.solving === "substitute")
    return { equations: [rng.pick([sumOf(a, a), sumOf(a, a, a)])], solved: [a] };
  const pairs: Expression[][] = [
    [sumOf(a, a, b), sumOf(a, b)],
    [sumOf(a, b, b), sumOf(a, b)],
  ];
  if (radicals.operations !== "add" && (values[a] as number) > (values[b] as number))
    pairs.push([sumOf(a, b), [a, "-", b]], [sumOf(a, a, b), [a, "-", b]]);
  if (radicals.unknowns >= 3) {
    const triple = [sumOf(a, b), sumOf(b, c), sumOf(c, a)];
    if (rng.next() < 0.35) return { equations: triple, solved: [a, b, c] };
  }
  return { equations: rng.pick(pairs), solved: [a, b] };
}

/** The asked expressions: each holds the last shape found, so every step is needed. */
function questions(
  order: string[],
  operations: EquationRadicals["operations"],
  rng: Rng,
): Expression[] {
  const last = order.at(-1) as string;
  const other = rng.pick(order.slice(0, -1));
  const rest = order.filter((r) => r !== last && r !== other);
  const third = rest.length > 0 ? rng.pick(rest) : null;
  const add: Expression[] = [sumOf(last, other), sumOf(last, last, other)];
  if (third) add.push(sumOf(other, last, third));
  const subtract: Expression[] = [
    [last, "+", last, "-", other],
    [last, "-", other],
    [other, "-", last],
  ];
  if (third) subtract.push([other, "+", last, "-", third]);
  const multiply: Expression[] = [
    [last, "*", other],
    [other, "*", last, "-", third ?? last],
    [last, "*", other, "+", third ?? other],
  ];
  if (operations === "add") return add;
  if (operations === "subtract") return [...add, ...subtract];
  return [...add, ...subtract, ...multiply];
}

const uses = (expressions: Expression[], op: string) => expressions.some((e) => e.includes(op));

/** Left to right, ignoring that products come first: a common slip. */
function leftToRight(expression: Expression, values: Values): number {
  let total = values[expression[0] as string] as number;
  for (let i = 1; i < expression.length; i += 2) {
    const v = values[expression[i + 1] as string] as number;
    const op = expression[i];
    total = op === "+" ? total + v : op === "-" ? total - v : total * v;
  }
  return total;
}

/** Values of plausible mistakes: a shape mistaken for another, an off-by-one shape, order of operations. */
function mistakes(expression: Expression, values: Values): number[] {
  const wrong: number[] = [leftToRight(expression, values)];
  const names = Object.keys(values);
  for (const role of new Set(expression.filter((_, i) => i % 2 === 0))) {
    for (const other of names)
      if (other !== role)
        wrong.push(evaluate(expression, { ...values, [role]: values[other] as number }));
    for (const d of [1, -1])
      wrong.push(evaluate(expression, { ...values, [role]: (values[role] as number) + d }));
  }
  return wrong;
}

/** Three distractors, `below` of them smaller than the answer; null when there are too few. */
function pickDistractors(
  rng: Rng,
  answer: number,
  wrong: number[],
  below: number,
  shown: number[],
): [number, number, number] | null {
  const usable = (v: number) => Number.isInteger(v) && v >= 0 && v !== answer && !shown.includes(v);
  const plausible = rng.shuffle([...new Set(wrong.filter(usable))]);
  const slips = rng.shuffle(
    [1, 2, 3, 4, 5, 6, 10].flatMap((d) => [answer - d, answer + d]).filter(usable),
  );
  const ordered = [...new Set([...plausible, ...slips])];
  const lower = ordered.filter((v) => v < answer).slice(0, below);
  const higher = ordered.filter((v) => v > answer).slice(0, 3 - below);
  if (lower.length + higher.length !== 3) return null;
  return rng.shuffle([...lower, ...higher]) as [number, number, number];
}

/** The question said in full: each equation, then the expression whose value is asked. */
function equationsAlt(spec: EquationSpec): LocalizedText {
  const count = spec.equations.length;
  const said = spec.equations.map(({ left, right }) => ({
    left: saidExpression(left),
    right,
  }));
  const asked = saidExpression(spec.question);
  return {
    en: `${counts[count] ?? count} equations in which shapes stand for numbers: ${said
      .map((e) => `${e.left.en} equals ${e.right}`)
      .join("; ")}. Then ${asked.en}, whose value is missing.`,
    "pt-br": `${countsPt[count] ?? count} equações em que formas representam números: ${said
      .map((e) => `${e.left["pt-br"]} é igual a ${e.right}`)
      .join("; ")}. Depois, ${asked["pt-br"]}, cujo valor falta.`,
  };
}

const counts = ["", "", "Two", "Three", "Four", "Five"];
const countsPt = ["", "", "Duas", "Três", "Quatro", "Cinco"];

export function generateEquations(radicals: EquationRadicals, rng: Rng): Item | null {
  const k = radicals.unknowns;
  const lowest = radicals.operations === "multiply" ? 2 : 1;
  const values: Values = {};
  const pool = rng.shuffle(Array.from({ length: 10 - lowest }, (_, i) => i + lowest));
  roles.slice(0, k).forEach((role, i) => {
    values[role] = pool[i] as number;
  });
  const open = opening(rng, radicals, values);
  const equations = [...open.equations];
  const order = [...open.solved];
  const inRange = (e: Expression) => {
    const v = evaluate(e, values);
    return v >= 1 && v <= 99;
  };
  const op = radicals.operations === "add" ? "+" : radicals.operations === "subtract" ? "-" : "*";
  while (order.length < k) {
    const next = roles[order.length] as string;
    let candidates = substitution(rng, next, order, radicals.operations).filter(inRange);
    // The last equation brings in the operation the radical names when none has yet.
    if (order.length === k - 1 && !uses(equations, op) && (op === "*" || k > 2))
      candidates = candidates.filter((e) => e.includes(op));
    if (candidates.length === 0) return null;
    equations.push(rng.pick(candidates));
    order.push(next);
  }
  const rights = equations.map((e) => evaluate(e, values));
  if (rights.some((r) => r < 1 || r > 99)) return null;
  let asked = questions(order, radicals.operations, rng).filter(
    (e) => inRange(e) && !rights.includes(evaluate(e, values)),
  );
  if (!uses(equations, op)) asked = asked.filter((e) => e.includes(op));
  if (asked.length === 0) return null;
  const question = rng.pick(asked);
  const answer = evaluate(question, values);
  const below = rng.int(0, 3);
  const wrong = pickDistractors(rng, answer, mistakes(question, values), below, rights);
  if (!wrong) return null;
  // The equations are shown in a shuffled order (solving order is for the taker to find),
  // except that the substitution model keeps the first equation first.
  const shownOrder =
    radicals.solving === "substitute"
      ? [0, ...rng.shuffle(equations.slice(1).map((_, i) => i + 1))]
      : rng.shuffle(equations.map((_, i) => i));
  const picked = rng.shuffle(shapes).slice(0, k);
  const shapeOf = Object.fromEntries(roles.slice(0, k).map((r, i) => [r, picked[i] as string]));
  const rename = (e: Expression) => e.map((t) => shapeOf[t] ?? t);
  const spec: EquationSpec = {
    kind: "equations",
    equations: shownOrder.map((i) => ({
      left: rename(equations[i] as Expression),
      right: rights[i] as number,
    })),
    question: rename(question),
  };
  return {
    code: "rl-equations",
    family: "symbol-equations",
    spec,
    answer: { value: answer },
    distractors: [{ value: wrong[0] }, { value: wrong[1] }, { value: wrong[2] }],
    title: equationTitle,
    alt: equationsAlt(spec),
  };
}

function design(radicals: EquationRadicals): Design {
  return {
    "equations:base": 1,
    "equations:unknown": radicals.unknowns - 2,
    "equations:eliminate": radicals.solving === "eliminate" ? 1 : 0,
    "operation:subtract": radicals.operations === "add" ? 0 : 1,
    "operation:multiply": radicals.operations === "multiply" ? 1 : 0,
  };
}

const numberAlt = (value: number): LocalizedText => ({ en: String(value), "pt-br": String(value) });

export const equationsModel: ItemModel<EquationRadicals, EquationSpec, NumberOption> = {
  id: "rl-equations",
  category: "RL",
  summary:
    "Shapes stand for numbers: solve a small system of equations and give the value of an expression of shapes.",
  radicals: {
    unknowns: [2, 3, 4, 5],
    solving: ["substitute", "eliminate"],
    operations: ["add", "subtract", "multiply"],
  },
  incidentals: [
    "the shapes' values (1..9, distinct; 2..9 with products)",
    "which shapes stand for which unknown, and the order the equations are shown in",
    "the equation templates within the radicals' operations",
    "the asked expression (it always holds the last shape found)",
    "the key's rank among the four numbers (uniform), and which plausible mistakes fill the distractors",
  ],
  design,
  generate: generateEquations,
  renderQuestion: (draft) => renderEquationQuestion(draft.spec),
  renderOption: (_draft, option) => renderNumberOption(option.value),
  optionAlt: (_draft, option) => numberAlt(option.value),
  optionFeatures: (_draft, option) => ({ value: option.value }),
  questionPanels: () => [],
  explain: (draft) => explainEquations(draft.spec, draft.answer.value),
};
