import type { CategoryGenerator, ItemDraft, LocalizedText } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import { renderNumber, renderTerms } from "./render.ts";

/**
 * SM: number sequences. Each item is a rule family with parameters; the generator
 * computes the visible terms and the next term, and draws distractors from plausible
 * wrong rules so that the answer's rank among the options varies across the category.
 */

export type SequenceSpec =
  | { family: "arithmetic"; step: number }
  | { family: "geometric"; ratio: number }
  | { family: "interleaved"; evenStep: number; oddStep: number }
  | { family: "growing-difference"; firstDifference: number; increment: number }
  | { family: "squares-offset"; firstBase: number; offset: number }
  | { family: "fibonacci" }
  | { family: "multiply-add"; factor: number; addend: number }
  | { family: "alternating-ops"; multiplyBy: number; add: number }
  | { family: "tribonacci" };

export interface SmSpec {
  rule: SequenceSpec;
  /** The visible terms; the question asks for the next one. */
  terms: number[];
}

type Item = ItemDraft<SmSpec, number>;

function continueRule(rule: SequenceSpec, terms: number[]): number {
  const last = terms[terms.length - 1] as number;
  const before = terms[terms.length - 2] as number;
  const i = terms.length;
  switch (rule.family) {
    case "arithmetic":
      return last + rule.step;
    case "geometric":
      return last * rule.ratio;
    case "interleaved":
      return (terms[i - 2] as number) + (i % 2 === 0 ? rule.evenStep : rule.oddStep);
    case "growing-difference":
      return last + rule.firstDifference + (i - 1) * rule.increment;
    case "squares-offset":
      return (rule.firstBase + i) ** 2 + rule.offset;
    case "fibonacci":
      return last + before;
    case "multiply-add":
      return last * rule.factor + rule.addend;
    case "alternating-ops":
      return i % 2 === 1 ? last * rule.multiplyBy : last + rule.add;
    case "tribonacci":
      return last + before + (terms[i - 3] as number);
  }
}

function sequence(rule: SequenceSpec, seedTerms: number[], length: number): number[] {
  const terms = [...seedTerms];
  while (terms.length < length) terms.push(continueRule(rule, terms));
  return terms;
}

/** The ten recipes, easiest first. Each returns the rule, the visible terms and wrong-rule candidates. */
const recipes: ((rng: Rng) => { rule: SequenceSpec; terms: number[]; wrong: number[] })[] = [
  (rng) => {
    const step = rng.int(3, 6);
    const rule: SequenceSpec = { family: "arithmetic", step };
    const terms = sequence(rule, [rng.int(2, 9)], 5);
    const last = terms[4] as number;
    return {
      rule,
      terms,
      wrong: [last + step - 1, last + step + 1, last + 2 * step, last + step - 2, last - step],
    };
  },
  (rng) => {
    const step = -rng.int(7, 9);
    const rule: SequenceSpec = { family: "arithmetic", step };
    const terms = sequence(rule, [rng.int(70, 95)], 5);
    const last = terms[4] as number;
    return {
      rule,
      terms,
      wrong: [last + step + 1, last + step - 1, last + 2 * step, last - step, last + step + 2],
    };
  },
  (rng) => {
    const ratio = rng.pick([2, 3]);
    const rule: SequenceSpec = { family: "geometric", ratio };
    const terms = sequence(rule, [rng.int(2, ratio === 2 ? 5 : 3)], 5);
    const last = terms[4] as number;
    const lastStep = last - (terms[3] as number);
    return {
      rule,
      terms,
      wrong: [
        last + lastStep,
        last * ratio - ratio,
        last * ratio + ratio,
        last * (ratio + 1),
        last * 2 + lastStep,
      ],
    };
  },
  (rng) => {
    const evenStep = rng.int(3, 5);
    const oddStep = -rng.int(2, 4);
    const rule: SequenceSpec = { family: "interleaved", evenStep, oddStep };
    const terms = sequence(rule, [rng.int(2, 6), rng.int(30, 40)], 7);
    const answer = continueRule(rule, terms);
    const last = terms[6] as number;
    return {
      rule,
      terms,
      wrong: [last + evenStep, answer - oddStep, answer + oddStep, last - 1, answer - 2 * oddStep],
    };
  },
  (rng) => {
    const firstDifference = rng.int(1, 3);
    const increment = rng.pick([1, 2]);
    const rule: SequenceSpec = { family: "growing-difference", firstDifference, increment };
    const terms = sequence(rule, [rng.int(1, 6)], 6);
    const answer = continueRule(rule, terms);
    const lastDifference = (terms[5] as number) - (terms[4] as number);
    return {
      rule,
      terms,
      wrong: [
        (terms[5] as number) + lastDifference,
        answer + increment,
        answer - 2 * increment,
        answer + 2 * increment,
        answer - 1,
      ],
    };
  },
  (rng) => {
    const firstBase = rng.int(2, 4);
    const offset = rng.pick([-2, -1, 1, 2, 3]);
    const rule: SequenceSpec = { family: "squares-offset", firstBase, offset };
    const terms = Array.from({ length: 5 }, (_, i) => (firstBase + i) ** 2 + offset);
    const answer = continueRule(rule, terms);
    const last = terms[4] as number;
    const lastDifference = last - (terms[3] as number);
    return {
      rule,
      terms,
      wrong: [last + lastDifference, answer + 2, answer - 2, answer - offset, answer + 1],
    };
  },
  (rng) => {
    const rule: SequenceSpec = { family: "fibonacci" };
    const terms = sequence(rule, [rng.int(1, 4), rng.int(3, 6)], 7);
    const answer = continueRule(rule, terms);
    const last = terms[6] as number;
    const before = terms[5] as number;
    return {
      rule,
      terms,
      wrong: [last + (last - before), answer + 1, last * 2, answer - before + 1, answer - 3],
    };
  },
  (rng) => {
    const factor = 2;
    const addend = rng.pick([1, 3, -1]);
    const rule: SequenceSpec = { family: "multiply-add", factor, addend };
    const terms = sequence(rule, [rng.int(2, 5)], 5);
    const answer = continueRule(rule, terms);
    const last = terms[4] as number;
    return {
      rule,
      terms,
      wrong: [
        last * 2,
        answer + 2 * addend,
        answer - 2,
        last * 2 + (last - (terms[3] as number)),
        answer + 4,
      ],
    };
  },
  (rng) => {
    const multiplyBy = rng.pick([2, 3]);
    const add = rng.int(2, 5);
    const rule: SequenceSpec = { family: "alternating-ops", multiplyBy, add };
    const terms = sequence(rule, [rng.int(1, 4)], 6);
    const answer = continueRule(rule, terms);
    const last = terms[5] as number;
    return {
      rule,
      terms,
      wrong: [last + add, last * multiplyBy + add, answer + multiplyBy, answer - add, answer + add],
    };
  },
  (rng) => {
    const rule: SequenceSpec = { family: "tribonacci" };
    const terms = sequence(rule, [rng.int(1, 2), rng.int(2, 3), rng.int(3, 4)], 7);
    const answer = continueRule(rule, terms);
    const last = terms[6] as number;
    const before = terms[5] as number;
    return {
      rule,
      terms,
      wrong: [last + before, answer + 1, answer - 2, last * 2, answer + (terms[4] as number)],
    };
  },
];

/**
 * Picks three distractors so that exactly `below` of them are smaller than the answer,
 * preferring the wrong-rule candidates in their order, then slips. Never a number the
 * sequence shows (it can be ruled out without finding the rule); slips of 1 or 2 only
 * last, so that the wrong numbers do not cluster around the answer and give it away as
 * the one with the closest neighbours (ADR 0025).
 */
function chooseDistractors(
  answer: number,
  wrong: number[],
  below: number,
  rng: Rng,
  terms: number[],
): [number, number, number] {
  const far = [3, 4, 5, 6, 7, 8].flatMap((d) => [answer - d, answer + d]);
  const near = [1, 2].flatMap((d) => [answer - d, answer + d]);
  const candidates = [...wrong.filter((v) => Math.abs(v - answer) > 2), ...rng.shuffle(far)];
  const pool = [...new Set([...candidates, ...wrong, ...near])].filter(
    (v) => v > 0 && v !== answer && !terms.includes(v),
  );
  const lower = pool.filter((v) => v < answer);
  const higher = pool.filter((v) => v > answer);
  const picked = [...lower.slice(0, below), ...higher.slice(0, 3 - below)];
  if (picked.length !== 3) throw new Error(`cannot place the answer ${answer} at rank ${below}`);
  return rng.shuffle(picked) as [number, number, number];
}

const title: LocalizedText = {
  en: "Which number comes next in the sequence?",
  "pt-br": "Qual número vem a seguir na sequência?",
};

function listText(terms: number[], locale: "en" | "pt-br"): string {
  // Portuguese uses the semicolon between numbers, which reads better than commas.
  return terms.join(locale === "en" ? ", " : "; ");
}

export const generator: CategoryGenerator<SmSpec, number> = {
  category: "SM",

  generate(seed) {
    // How many distractors sit below the answer, balanced across the category.
    const ranks = createRng(`${seed}:SM:ranks`).shuffle([0, 1, 2, 3, 0, 1, 2, 3, 0, 3]);
    return recipes.map((recipe, index) => {
      const code = `SM-${String(index + 1).padStart(2, "0")}`;
      const rng = createRng(`${seed}:${code}`);
      const { rule, terms, wrong } = recipe(rng);
      const answer = continueRule(rule, terms);
      const distractors = chooseDistractors(answer, wrong, ranks[index] as number, rng, terms);
      const item: Item = {
        code,
        family: rule.family,
        spec: { rule, terms },
        answer,
        distractors,
        title,
        alt: {
          en: `A sequence of numbers: ${listText(terms, "en")}, followed by a question mark.`,
          "pt-br": `Uma sequência de números: ${listText(terms, "pt-br")}, seguida de um ponto de interrogação.`,
        },
      };
      return item;
    });
  },

  renderQuestion(item) {
    return renderTerms(item.spec.terms);
  },

  renderOption(_item, option) {
    return renderNumber(option);
  },

  optionAlt(_item, option) {
    return { en: String(option), "pt-br": String(option) };
  },

  optionFeatures(_item, option) {
    return { value: option };
  },
};
