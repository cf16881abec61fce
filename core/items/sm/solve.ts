import type { CategorySolver } from "../model.ts";

/**
 * Checks a number-sequence item from the definitions of its rule families, apart from
 * the generator: the visible terms followed by the option must obey the declared rule.
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
  tribonacci: (s) =>
    s.every(
      (v, i) => i < 3 || v === (s[i - 1] as number) + (s[i - 2] as number) + (s[i - 3] as number),
    ),
};

export const solver: CategorySolver = {
  category: "SM",
  satisfies(item, option) {
    const spec = item.spec as { rule: Rule; terms: number[] };
    const check = checks[spec.rule.family];
    if (!check || spec.rule.family !== item.family || typeof option !== "number") return false;
    return check([...spec.terms, option], spec.rule);
  },
};
