import type { CategorySolver } from "../model.ts";
import { nextTerms } from "./infer.ts";

/**
 * Checks a number-sequence item from the definitions of its rule families, apart from
 * the generator. The visible terms alone are read first (./infer.ts): every rule family a
 * taker could defend that fits them predicts a next term. When they predict two different
 * next terms, the item has no single answer and no option fits (even if only one of the two
 * is offered, a taker who found the other rule would be misled); when they predict one, that
 * option fits. Only when no known family fits do the declared rule's parameters decide.
 */

type Rule = { family: string } & Record<string, number | string>;

function num(rule: Rule, key: string): number {
  const value = rule[key];
  if (typeof value !== "number") throw new Error(`rule ${rule.family} lacks ${key}`);
  return value;
}

function differences(values: number[]): number[] {
  return values.slice(1).map((v, i) => v - (values[i] as number));
}

const checks: Record<string, (s: number[], rule: Rule) => boolean> = {
  arithmetic: (s, rule) => differences(s).every((d) => d === num(rule, "step")),
  geometric: (s, rule) => s.slice(1).every((v, i) => v === (s[i] as number) * num(rule, "ratio")),
  interleaved: (s, rule) =>
    s.every((v, i) => {
      if (i < 2) return true;
      const step = i % 2 === 0 ? num(rule, "evenStep") : num(rule, "oddStep");
      return v - (s[i - 2] as number) === step;
    }),
  "growing-difference": (s, rule) =>
    differences(s).every((d, i) => d === num(rule, "firstDifference") + i * num(rule, "increment")),
  "squares-offset": (s, rule) =>
    s.every(
      (v, i) =>
        v === (num(rule, "firstBase") + i) * (num(rule, "firstBase") + i) + num(rule, "offset"),
    ),
  fibonacci: (s) => s.every((v, i) => i < 2 || v === (s[i - 1] as number) + (s[i - 2] as number)),
  "multiply-add": (s, rule) =>
    s.slice(1).every((v, i) => v === (s[i] as number) * num(rule, "factor") + num(rule, "addend")),
  "alternating-ops": (s, rule) =>
    s
      .slice(1)
      .every((v, i) =>
        i % 2 === 0
          ? v === (s[i] as number) * num(rule, "multiplyBy")
          : v === (s[i] as number) + num(rule, "add"),
      ),
  "geometric-fraction": (s, rule) =>
    s.slice(1).every((v, i) => v * num(rule, "over") === (s[i] as number) * num(rule, "times")),
  "interleaved-mixed": (s, rule) =>
    s.every((v, i) => {
      if (i < 2) return true;
      const before = s[i - 2] as number;
      return i % 2 === num(rule, "addAt")
        ? v - before === num(rule, "step")
        : v === before * num(rule, "times");
    }),
  "third-order": (s) => {
    const third = differences(differences(differences(s)));
    return third.length > 0 && third.every((d) => d === third[0]);
  },
  alternating: (s, rule) =>
    s
      .slice(1)
      .every((v, i) =>
        i % 2 === num(rule, "timesAt")
          ? v === (s[i] as number) * num(rule, "multiplyBy")
          : v === (s[i] as number) + num(rule, "add"),
      ),
  "differences-fibonacci": (s) => {
    const d = differences(s);
    return (
      d.length >= 3 && d.every((v, i) => i < 2 || v === (d[i - 1] as number) + (d[i - 2] as number))
    );
  },
  "interleaved-growing": (s, rule) =>
    s.every((v, i) => {
      if (i < 2) return true;
      const sub = s.filter((_, j) => j % 2 === i % 2 && j <= i);
      const steps = sub.length - 1;
      if (i % 2 !== num(rule, "growingAt")) return v - (s[i - 2] as number) === num(rule, "step");
      return (
        v - (s[i - 2] as number) ===
        num(rule, "firstDifference") + (steps - 1) * num(rule, "increment")
      );
    }),
  "three-operations": (s, rule) =>
    s.slice(1).every((v, i) => {
      const x = s[i] as number;
      const turn = (i + num(rule, "phase")) % 3;
      if (turn === 0) return v === x + num(rule, "add");
      if (turn === 1) return v === x * num(rule, "multiplyBy");
      return v === x - num(rule, "subtract");
    }),
  tribonacci: (s) =>
    s.every(
      (v, i) => i < 3 || v === (s[i - 1] as number) + (s[i - 2] as number) + (s[i - 3] as number),
    ),
};

/** The four options of an item ask about the same terms: infer them once. */
let last: { terms: string; next: Set<number> } | null = null;

function predicted(terms: number[]): Set<number> {
  const key = terms.join(",");
  if (last?.terms !== key) last = { terms: key, next: nextTerms(terms) };
  return last.next;
}

export const solver: CategorySolver = {
  category: "SM",
  satisfies(item, option) {
    const spec = item.spec as { rule: Rule; terms: number[] };
    const check = checks[spec.rule.family];
    if (typeof option !== "number" || !Array.isArray(spec.terms)) return false;
    const next = predicted(spec.terms);
    // Terms that two known rules continue differently have no single answer, offered or not:
    // nothing fits, and the instance is drawn again.
    if (next.size > 0) return next.size === 1 && next.has(option);
    if (!check || spec.rule.family !== item.family) return false;
    return check([...spec.terms, option], spec.rule);
  },
};
