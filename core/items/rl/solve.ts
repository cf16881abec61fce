import type { CategorySolver } from "../model.ts";

/**
 * RL solver, written apart from the generator (it imports only the model). It reads the
 * item's spec back from JSON and re-derives the rule:
 * - overlay families: among all candidate set operations, exactly the declared one must fit
 *   both example rows; the option must equal that operation applied to the third row;
 * - equations: brute force over whole numbers 0..MAX; the system must have exactly one
 *   solution, and the option must equal the asked expression's value under it.
 */

const ELEMENTS = 12;
const MAX = 60;

type Gate = (inside: boolean[]) => boolean;
const countTrue = (inside: boolean[]) => inside.reduce((c, v) => c + (v ? 1 : 0), 0);

const twoInputs: Record<string, Gate> = {
  or: (v) => v[0] === true || v[1] === true,
  and: (v) => v[0] === true && v[1] === true,
  xor: (v) => countTrue(v) === 1,
  "a-minus-b": (v) => v[0] === true && v[1] !== true,
  "b-minus-a": (v) => v[1] === true && v[0] !== true,
  a: (v) => v[0] === true,
  b: (v) => v[1] === true,
};

const threeInputs: Record<string, Gate> = {
  or: (v) => countTrue(v) > 0,
  and: (v) => countTrue(v) === 3,
  xor3: (v) => countTrue(v) % 2 === 1,
  one: (v) => countTrue(v) === 1,
  two: (v) => countTrue(v) === 2,
  majority: (v) => countTrue(v) >= 2,
  "xor-ab": (v) => v[0] !== v[1],
  "xor-ac": (v) => v[0] !== v[2],
  "xor-bc": (v) => v[1] !== v[2],
  "a-alone": (v) => v[0] === true && v[1] !== true && v[2] !== true,
};

const familyOfOp: Record<string, string> = {
  or: "or",
  and: "and",
  xor: "xor",
  "a-minus-b": "difference",
  "b-minus-a": "difference",
  xor3: "xor3",
};

function isElementSet(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.every((e) => Number.isInteger(e) && e >= 0 && e < ELEMENTS) &&
    new Set(value).size === value.length
  );
}

/** The elements (as a bit mask) an operation produces from the given input panels. */
function combine(gate: Gate, inputs: number[][]): number {
  let mask = 0;
  for (let e = 0; e < ELEMENTS; e++) {
    if (gate(inputs.map((p) => p.includes(e)))) mask |= 1 << e;
  }
  return mask;
}

const maskOf = (elements: number[]) => elements.reduce((m, e) => m | (1 << e), 0);

function overlaySatisfies(family: string, spec: Record<string, unknown>, option: unknown): boolean {
  const op = spec.op;
  const rows = spec.rows;
  if (typeof op !== "string" || familyOfOp[op] !== family) return false;
  const gates = op === "xor3" ? threeInputs : twoInputs;
  const inputsPerRow = op === "xor3" ? 3 : 2;
  if (!Array.isArray(rows) || rows.length !== 3) return false;
  if (!rows.every((row) => Array.isArray(row) && row.every(isElementSet))) return false;
  const [first, second, third] = rows as number[][][];
  if (!first || !second || !third) return false;
  if (
    first.length !== inputsPerRow + 1 ||
    second.length !== inputsPerRow + 1 ||
    third.length !== inputsPerRow
  ) {
    return false;
  }
  const examples = [first, second];
  const fitting = Object.keys(gates).filter((name) =>
    examples.every(
      (row) =>
        combine(gates[name] as Gate, row.slice(0, inputsPerRow)) ===
        maskOf(row[inputsPerRow] as number[]),
    ),
  );
  if (fitting.length !== 1 || fitting[0] !== op) return false;
  if (typeof option !== "object" || option === null) return false;
  const elements = (option as { elements?: unknown }).elements;
  if (!isElementSet(elements)) return false;
  return maskOf(elements) === combine(gates[op] as Gate, third);
}

/** Sum of products: split at + and -, multiply within each term. */
function sumOfProducts(expression: string[], values: Map<string, number>): number {
  let total = 0;
  let sign = 1;
  let term = 1;
  for (let i = 0; i < expression.length; i++) {
    const token = expression[i] as string;
    if (i % 2 === 0) {
      term *= values.get(token) as number;
    } else if (token !== "*") {
      total += sign * term;
      sign = token === "-" ? -1 : 1;
      term = 1;
    }
  }
  return total + sign * term;
}

function isExpression(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length % 2 === 1 &&
    value.every(
      (t, i) =>
        typeof t === "string" &&
        (i % 2 === 0 ? !["+", "-", "*"].includes(t) : ["+", "-", "*"].includes(t)),
    )
  );
}

function equationsSatisfy(spec: Record<string, unknown>, option: unknown): boolean {
  const equations = spec.equations;
  const question = spec.question;
  if (!Array.isArray(equations) || equations.length === 0 || !isExpression(question)) return false;
  const parsed: { left: string[]; right: number }[] = [];
  for (const eq of equations as { left?: unknown; right?: unknown }[]) {
    if (!isExpression(eq?.left) || typeof eq.right !== "number") return false;
    parsed.push({ left: eq.left, right: eq.right });
  }
  const operands = [...parsed.flatMap((eq) => eq.left), ...question];
  const symbols = [...new Set(operands.filter((t) => !["+", "-", "*"].includes(t)))];
  if (symbols.length > 3) return false;
  const values = new Map<string, number>();
  const answers: number[] = [];
  const search = (index: number): void => {
    if (answers.length > 1) return;
    if (index === symbols.length) {
      if (parsed.every((eq) => sumOfProducts(eq.left, values) === eq.right))
        answers.push(sumOfProducts(question, values));
      return;
    }
    for (let v = 0; v <= MAX; v++) {
      values.set(symbols[index] as string, v);
      search(index + 1);
    }
  };
  search(0);
  if (answers.length !== 1) return false;
  if (typeof option !== "object" || option === null) return false;
  return (option as { value?: unknown }).value === answers[0];
}

export const solver: CategorySolver = {
  category: "RL",
  satisfies(item, option) {
    const spec = item.spec as Record<string, unknown> | null;
    if (typeof spec !== "object" || spec === null) return false;
    if (item.family === "equations" && spec.kind === "equations")
      return equationsSatisfy(spec, option);
    if (spec.kind === "overlay") return overlaySatisfies(item.family, spec, option);
    return false;
  },
};
