/**
 * The worked explanation of an rl-equations instance (issue 29.2, the answer review): the
 * shapes found one at a time (or two at once from two equations) in the order the system
 * gives them, then the asked expression with their values, ending "… = key".
 */
import type { LocalizedText } from "../model.ts";
import { evaluate } from "./equations.ts";
import type { EquationSpec, Expression } from "./types.ts";
import { saidExpression, theShape } from "./words.ts";

type Values = Record<string, number>;

/** The largest value tried for a shape: every instance's values are small whole numbers. */
const maxValue = 200;
/** For shapes found together (two or three at once): instances use 1 to 9. */
const groupMax = 30;

const isShape = (token: string) => !["+", "-", "*"].includes(token);
const shapesOf = (expression: Expression) => [...new Set(expression.filter(isShape))];

const symbol: Record<string, string> = { "+": "+", "-": "−", "*": "×" };

/** "8 − 6", the expression with the shapes' values. */
const withValues = (expression: Expression, values: Values) =>
  expression.map((token) => (isShape(token) ? String(values[token]) : symbol[token])).join(" ");

const quoted = (equation: { left: Expression; right: number }) => {
  const said = saidExpression(equation.left);
  return {
    en: `“${said.en} = ${equation.right}”`,
    "pt-br": `“${said["pt-br"]} = ${equation.right}”`,
  };
};

interface Step {
  equations: { left: Expression; right: number }[];
  found: [string, number][];
}

/** Every combination of `k` items of `list`. */
function combinations<T>(list: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return list.flatMap((item, i) =>
    combinations(list.slice(i + 1), k - 1).map((rest) => [item, ...rest]),
  );
}

/** The values a group of `k` equations with `k` new shapes allows: exactly one, or null. */
function together(
  open: { left: Expression; right: number }[],
  values: Values,
  unknown: (equation: { left: Expression }) => string[],
): Step | null {
  for (const k of [2, 3]) {
    for (const group of combinations(open, k)) {
      const shapes = [...new Set(group.flatMap(unknown))];
      if (shapes.length !== k) continue;
      const fits: number[][] = [];
      const search = (chosen: number[]) => {
        if (chosen.length === k) {
          const trial = { ...values };
          shapes.forEach((shape, i) => {
            trial[shape] = chosen[i] as number;
          });
          if (group.every((e) => evaluate(e.left, trial) === e.right)) fits.push(chosen);
          return;
        }
        for (let v = 0; v <= groupMax; v++) search([...chosen, v]);
      };
      search([]);
      if (fits.length === 1)
        return {
          equations: group,
          found: shapes.map((shape, i) => [shape, (fits[0] as number[])[i] as number]),
        };
    }
  }
  return null;
}

/** The order in which the system gives its shapes, each with the equations that give it. */
function solvingSteps(spec: EquationSpec): { steps: Step[]; values: Values } | null {
  const values: Values = {};
  const steps: Step[] = [];
  const unknown = (equation: { left: Expression }) =>
    shapesOf(equation.left).filter((shape) => !(shape in values));
  for (let guard = 0; guard < spec.equations.length + 1; guard++) {
    const open = spec.equations.filter((e) => unknown(e).length > 0);
    if (open.length === 0) return { steps, values };
    const single = open.find((e) => unknown(e).length === 1);
    if (single) {
      const shape = unknown(single)[0] as string;
      const fits: number[] = [];
      for (let v = 0; v <= maxValue; v++)
        if (evaluate(single.left, { ...values, [shape]: v }) === single.right) fits.push(v);
      if (fits.length !== 1) return null;
      values[shape] = fits[0] as number;
      steps.push({ equations: [single], found: [[shape, fits[0] as number]] });
      continue;
    }
    // Two or three equations with as many new shapes between them, solved together.
    const group = together(open, values, unknown);
    if (!group) return null;
    for (const [shape, value] of group.found) values[shape] = value;
    steps.push(group);
  }
  return null;
}

/** "a", "a and b", "a, b and c" (Portuguese "e"). */
function series(items: string[], locale: "en" | "pt-br"): string {
  const and = locale === "en" ? " and " : " e ";
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")}${and}${items.at(-1)}`;
}

export function explainEquations(spec: EquationSpec, key: number): LocalizedText {
  const solved = solvingSteps(spec);
  if (!solved) throw new Error("rl-equations: a system the explanation cannot solve");
  const sentences = solved.steps.map((step): LocalizedText => {
    const from = step.equations.map(quoted);
    const found = step.found.map(([shape, value]) => ({
      en: `${theShape(shape).en} is ${value}`,
      "pt-br": `${theShape(shape)["pt-br"]} vale ${value}`,
    }));
    const fromText = (l: "en" | "pt-br") =>
      series(
        from.map((f) => f[l]),
        l,
      );
    const foundText = (l: "en" | "pt-br") =>
      series(
        found.map((f) => f[l]),
        l,
      );
    return {
      en: `From ${fromText("en")}${from.length > 1 ? " together" : ""}, ${foundText("en")}.`,
      "pt-br": `De ${fromText("pt-br")}${from.length > 1 ? ", juntas" : ""}, ${foundText("pt-br")}.`,
    };
  });
  const asked = saidExpression(spec.question);
  const calculation = `${withValues(spec.question, solved.values)} = ${key}`;
  return {
    en: `Find one shape at a time. ${sentences.map((s) => s.en).join(" ")} So ${asked.en} is ${calculation}.`,
    "pt-br": `Descubra um símbolo de cada vez. ${sentences.map((s) => s["pt-br"]).join(" ")} Então ${asked["pt-br"]} dá ${calculation}.`,
  };
}
