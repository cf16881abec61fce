import type { CategorySolver } from "../model.ts";

/**
 * RL solver, written apart from the generator (it imports only the model). It reads the
 * item's spec back from JSON and re-derives the rule:
 * - overlay families: among all candidate set operations, exactly the declared one must fit
 *   both example rows; the option must equal that operation applied to the third row;
 * - equations: brute force over whole numbers 0..MAX; the system must have exactly one
 *   solution, and the option must equal the asked expression's value under it.
 * The pool's families (issue 28) are decided from the question alone: symbol-equations by
 * a pruned brute force, overlay by reading the gate off the examples as a truth table,
 * scales by enumerating the orders the scales allow.
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

/* ---------- pool families (issue 28): decided from what the question shows ---------- */

/** Answers already worked out, by spec: the checks ask about four options of one item. */
const solved = new Map<string, unknown>();
function memo<T>(key: string, work: () => T): T {
  if (solved.has(key)) return solved.get(key) as T;
  const result = work();
  if (solved.size > 256) solved.clear();
  solved.set(key, result);
  return result;
}

const POOL_MAX = 99;

/**
 * Symbol equations of the pool: every whole-number assignment 0..POOL_MAX of the shapes that
 * satisfies all equations, found by backtracking that tests each equation as soon as its
 * shapes have values; the asked expression's values over all of them (one value: unique).
 */
function equationValues(parsed: { left: string[]; right: number }[], question: string[]): number[] {
  const isSymbol = (t: string) => !["+", "-", "*"].includes(t);
  const order: string[] = [];
  const pending = [...parsed];
  while (pending.length > 0) {
    pending.sort(
      (a, b) =>
        new Set(a.left.filter((t) => isSymbol(t) && !order.includes(t))).size -
        new Set(b.left.filter((t) => isSymbol(t) && !order.includes(t))).size,
    );
    const next = pending.shift() as { left: string[] };
    for (const t of next.left) if (isSymbol(t) && !order.includes(t)) order.push(t);
  }
  for (const t of question) if (isSymbol(t) && !order.includes(t)) order.push(t);
  if (order.length > 5) return [];
  const checkAt = order.map((_, depth) =>
    parsed.filter(
      (eq) =>
        eq.left.every((t) => !isSymbol(t) || order.indexOf(t) <= depth) &&
        eq.left.some((t) => order.indexOf(t) === depth),
    ),
  );
  const values = new Map<string, number>();
  const found = new Set<number>();
  const search = (depth: number): void => {
    if (found.size > 1) return;
    if (depth === order.length) {
      found.add(sumOfProducts(question, values));
      return;
    }
    for (let v = 0; v <= POOL_MAX; v++) {
      values.set(order[depth] as string, v);
      if ((checkAt[depth] ?? []).every((eq) => sumOfProducts(eq.left, values) === eq.right))
        search(depth + 1);
    }
  };
  search(0);
  return [...found];
}

function poolEquationsSatisfy(spec: Record<string, unknown>, option: unknown): boolean {
  const equations = spec.equations;
  const question = spec.question;
  if (!Array.isArray(equations) || equations.length === 0 || !isExpression(question)) return false;
  const parsed: { left: string[]; right: number }[] = [];
  for (const eq of equations as { left?: unknown; right?: unknown }[]) {
    if (!isExpression(eq?.left) || typeof eq.right !== "number") return false;
    parsed.push({ left: eq.left, right: eq.right });
  }
  const found = memo(`eq:${JSON.stringify(spec)}`, () => equationValues(parsed, question));
  if (found.length !== 1) return false;
  if (typeof option !== "object" || option === null) return false;
  return (option as { value?: unknown }).value === found[0];
}

/**
 * Overlays of the pool: the solver does not take the declared gate on trust. It reads the
 * gate off the example rows as a truth table (for every pattern of inputs an element shows,
 * whether it is in the output), over every gate there is; the third row's result follows
 * only when the examples fix the table for every pattern the third row needs, the empty
 * pattern included. Any gate that fits the examples and gives another result would make a
 * second defensible answer; none can exist when the table is fixed.
 */
function overlayTable(rows: number[][][], inputs: number): (number | null)[] | null {
  const table: (number | null)[] = Array.from({ length: 2 ** inputs }, () => null);
  for (const row of rows.slice(0, 2)) {
    const output = row[inputs] as number[];
    for (let e = 0; e < ELEMENTS; e++) {
      let pattern = 0;
      for (let p = 0; p < inputs; p++) if ((row[p] as number[]).includes(e)) pattern |= 1 << p;
      const out = output.includes(e) ? 1 : 0;
      if (table[pattern] === null) table[pattern] = out;
      else if (table[pattern] !== out) return null;
    }
  }
  return table;
}

function poolOverlaySatisfies(spec: Record<string, unknown>, option: unknown): boolean {
  const rows = spec.rows;
  if (!Array.isArray(rows) || rows.length !== 3) return false;
  if (!rows.every((row) => Array.isArray(row) && row.every(isElementSet))) return false;
  const [first, second, third] = rows as number[][][];
  if (!first || !second || !third) return false;
  const inputs = third.length;
  if (inputs < 2 || inputs > 3 || first.length !== inputs + 1 || second.length !== inputs + 1)
    return false;
  const table = overlayTable([first, second], inputs);
  if (!table) return false;
  let expected = 0;
  for (let e = 0; e < ELEMENTS; e++) {
    let pattern = 0;
    for (let p = 0; p < inputs; p++) if ((third[p] as number[]).includes(e)) pattern |= 1 << p;
    const out = table[pattern];
    if (out === null || out === undefined) return false;
    if (out === 1) expected |= 1 << e;
  }
  if (typeof option !== "object" || option === null) return false;
  const elements = (option as { elements?: unknown }).elements;
  return isElementSet(elements) && maskOf(elements) === expected;
}

/**
 * Balance scales. A level scale puts its two shapes in one group (they weigh the same); every
 * order of the groups (heaviest first) that no tipped scale contradicts is enumerated. For an
 * end or a second, the option fits when it is the one shape that every allowed order puts at
 * that rank, with a single shape in every group from the asked end down to it (a group of
 * equal shapes there leaves "the heaviest" or "the second" without one answer).
 */
type Premise = { heavy: string; light: string; level: boolean };

const askedRank: Record<string, { rank: number; fromTop: boolean }> = {
  heaviest: { rank: 0, fromTop: true },
  lightest: { rank: 0, fromTop: false },
  "second-heaviest": { rank: 1, fromTop: true },
  "second-lightest": { rank: 1, fromTop: false },
};

/** The allowed orders of groups, heaviest first, each group the list of its shapes. */
function groupOrders(premises: Premise[], extra: string[]): string[][][] {
  const shapes = [...new Set([...premises.flatMap((p) => [p.heavy, p.light]), ...extra])];
  if (shapes.length > 8) return [];
  const head = new Map(shapes.map((s) => [s, s]));
  const find = (s: string): string => {
    const up = head.get(s) as string;
    return up === s ? s : find(up);
  };
  for (const p of premises) if (p.level) head.set(find(p.heavy), find(p.light));
  const strict = premises
    .filter((p) => !p.level)
    .map((p) => ({ heavy: find(p.heavy), light: find(p.light) }));
  if (strict.some((e) => e.heavy === e.light)) return [];
  const heads = [...new Set(shapes.map(find))];
  const orders: string[][][] = [];
  const walk = (placed: string[], rest: string[]) => {
    if (rest.length === 0) {
      orders.push(placed.map((h) => shapes.filter((s) => find(s) === h)));
      return;
    }
    for (const h of rest)
      if (!strict.some((e) => e.light === h && rest.includes(e.heavy)))
        walk(
          [...placed, h],
          rest.filter((r) => r !== h),
        );
  };
  walk([], heads);
  return orders;
}

function scaleCandidates(premises: Premise[], ask: string): string[] {
  const asked = askedRank[ask];
  if (!asked) return [];
  const candidates = new Set<string>();
  const orders = groupOrders(premises, []);
  for (const groups of orders) {
    const line = asked.fromTop ? groups : [...groups].reverse();
    if (line.slice(0, asked.rank + 1).some((g) => g.length !== 1)) return [];
    candidates.add(line[asked.rank]?.[0] as string);
  }
  return [...candidates];
}

/**
 * A last scale with `shape` on one pan and the other pan empty: the shapes that, put on the
 * empty pan, tip it as shown in every allowed order. When some shape does so in some orders
 * and not in others, nothing fits (the premises leave the item open).
 */
function completions(premises: Premise[], query: { shape: string; lighter: boolean }): string[] {
  const orders = groupOrders(premises, [query.shape]);
  if (orders.length === 0) return [];
  const shapes = orders[0]?.flat() ?? [];
  const always = new Map(shapes.map((s) => [s, true]));
  const ever = new Map(shapes.map((s) => [s, false]));
  for (const groups of orders) {
    const at = groups.findIndex((g) => g.includes(query.shape));
    groups.forEach((group, i) => {
      const tips = query.lighter ? i > at : i < at;
      for (const s of group) {
        if (tips) ever.set(s, true);
        else always.set(s, false);
      }
    });
  }
  if (shapes.some((s) => ever.get(s) !== always.get(s))) return [];
  return shapes.filter((s) => always.get(s));
}

function scalesSatisfy(spec: Record<string, unknown>, option: unknown): boolean {
  const scales = spec.scales;
  const ask = spec.ask;
  if (typeof ask !== "string" || !Array.isArray(scales) || scales.length === 0) return false;
  const read: Premise[] = [];
  for (const sc of scales as { left?: unknown; right?: unknown; heavier?: unknown }[]) {
    if (typeof sc?.left !== "string" || typeof sc.right !== "string" || sc.left === sc.right)
      return false;
    if (sc.heavier === "left") read.push({ heavy: sc.left, light: sc.right, level: false });
    else if (sc.heavier === "right") read.push({ heavy: sc.right, light: sc.left, level: false });
    else if (sc.heavier === "level") read.push({ heavy: sc.left, light: sc.right, level: true });
    else return false;
  }
  let candidates: string[];
  if (ask === "complete") {
    const query = spec.query as { shape?: unknown; side?: unknown; heavier?: unknown } | undefined;
    if (typeof query?.shape !== "string" || !["left", "right"].includes(String(query.side)))
      return false;
    if (!["left", "right"].includes(String(query.heavier))) return false;
    // The shown shape's pan down: the empty pan's shape must be lighter.
    const lighter = query.side === query.heavier;
    const shape = query.shape;
    candidates = memo(`sc:${JSON.stringify(spec)}`, () => completions(read, { shape, lighter }));
    // Several shapes may complete the scale; the options offer one of them at most.
    if (candidates.length === 0) return false;
  } else {
    candidates = memo(`sc:${JSON.stringify(spec)}`, () => scaleCandidates(read, ask));
    if (candidates.length !== 1) return false;
  }
  if (typeof option !== "object" || option === null) return false;
  const shape = (option as { shape?: unknown }).shape;
  return typeof shape === "string" && candidates.includes(shape);
}

export const solver: CategorySolver = {
  category: "RL",
  satisfies(item, option) {
    const spec = item.spec as Record<string, unknown> | null;
    if (typeof spec !== "object" || spec === null) return false;
    if (item.family === "equations" && spec.kind === "equations")
      return equationsSatisfy(spec, option);
    if (item.family === "symbol-equations" && spec.kind === "equations")
      return poolEquationsSatisfy(spec, option);
    if (item.family === "overlay" && spec.kind === "overlay")
      return poolOverlaySatisfies(spec, option);
    if (item.family === "scales" && spec.kind === "scales") return scalesSatisfy(spec, option);
    if (spec.kind === "overlay") return overlaySatisfies(item.family, spec, option);
    return false;
  },
};
