/**
 * What the SM item models of the pool share (issue 28): the rule a model declares, the
 * draft built from the visible terms, the key and wrong-rule candidates, and the images.
 * The key's rank among the four numbers is drawn uniformly at random, so that no chooser
 * that reads only the options ("the largest", "the one in the middle") beats chance.
 */
import type { ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel, Radicals } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { explainSequence } from "./explain.ts";
import { renderNumber, renderTerms } from "./render.ts";
import { differences, last, type PoolRule, type PoolSpec } from "./sequence.ts";

export type { PoolRule, PoolSpec };

export type PoolDraft = ItemDraft<PoolSpec, number>;

/** Numbers stay readable: whole, positive, at most four digits. */
export const maxValue = 9999;

export const readable = (v: number) => Number.isInteger(v) && v >= 1 && v <= maxValue;

const title: LocalizedText = {
  en: "Which number comes next in the sequence?",
  "pt-br": "Qual número vem a seguir na sequência?",
};

function listText(terms: readonly number[], locale: "en" | "pt-br"): string {
  // Portuguese uses the semicolon between numbers, which reads better than commas.
  return terms.join(locale === "en" ? ", " : "; ");
}

/** Integers from min to max, both included, without those `skip` rejects. */
export function range(min: number, max: number, skip: (v: number) => boolean = () => false) {
  const out: number[] = [];
  for (let v = min; v <= max; v++) if (!skip(v)) out.push(v);
  return out;
}

/** Round numbers make a step easy to see: larger steps avoid multiples of 10. */
export const round = (v: number) => v % 10 === 0;

/** Slips a hurried taker makes on a value: one or two off, a carry, a digit. */
export function slips(value: number, large: boolean): number[] {
  const out = [value - 1, value + 1, value - 2, value + 2];
  if (value >= 20) out.push(value - 10, value + 10);
  if (large && value >= 200) out.push(value - 100, value + 100);
  return out;
}

/**
 * Three distractors with exactly `below` of them under the key: values of wrong rules drawn
 * at random first; then, while a side has too few, a slip (one or two off, a carry) on the
 * key or on a wrong value already drawn, the anchor drawn at random, so that close pairs
 * form around wrong values as often as around the key. Never a shown term, never the key,
 * always readable. Null when the rank cannot be met.
 */
export function distractorsAt(
  key: number,
  wrong: readonly number[],
  terms: readonly number[],
  below: number,
  rng: Rng,
  large: boolean,
): [number, number, number] | null {
  const picked: number[] = [];
  // Wrong rules come in pairs around the key (one step more, one step less), which puts the
  // key in the middle of three options; half the time no pair is allowed to do so.
  const noPair = rng.next() < 0.5;
  const missing = (under: boolean) =>
    (under ? below : 3 - below) - picked.filter((v) => v < key === under).length;
  const usable = (v: number) =>
    readable(v) &&
    v !== key &&
    !terms.includes(v) &&
    !picked.includes(v) &&
    missing(v < key) > 0 &&
    !(noPair && picked.includes(2 * key - v));
  for (const v of rng.shuffle([...new Set(wrong)])) if (usable(v)) picked.push(v);
  for (let k = 0; k < 3 && picked.length < 3; k++) {
    const anchors = rng.shuffle([key, ...picked]);
    const slip = anchors
      .map((anchor) => rng.shuffle(slips(anchor, large)).filter(usable))
      .find((found) => found.length > 0);
    if (!slip) break;
    picked.push(slip[0] as number);
  }
  if (picked.length !== 3) return null;
  return rng.shuffle(picked) as [number, number, number];
}

/**
 * How likely a drawn set is to be drawn again: when the key alone is nearest the mean of
 * the four (wrong rules overshoot more often than they fall short) or alone has the closest
 * neighbours (slips gather around it). Tuned on the census to keep both guesses near one
 * in four without pushing them far below.
 */
function redrawChance(key: number, distractors: readonly number[]): number {
  const options = [key, ...distractors];
  const mean = options.reduce((a, b) => a + b, 0) / 4;
  const spread = options.map((x) => {
    const gaps = options.map((y) => Math.abs(x - y)).sort((a, b) => a - b);
    return (gaps[1] as number) + (gaps[2] as number);
  });
  const alone = (scores: number[]) => scores.slice(1).every((s) => s > (scores[0] as number));
  if (alone(options.map((x) => Math.abs(x - mean)))) return 0.65;
  if (alone(spread)) return 0.3;
  return 0;
}

/**
 * The draft of a number-sequence instance, or null when a number leaves the readable range
 * or the rank cannot be met. `wrong` lists values of plausible wrong rules (a step off by
 * one, the wrong operation, a missed alternation); `large` widens the slips.
 */
export function sequenceDraft(
  code: string,
  rule: PoolRule,
  terms: readonly number[],
  key: number,
  wrong: readonly number[],
  rng: Rng,
  large = false,
): PoolDraft | null {
  // A key the question already shows could be picked without the rule.
  if (!terms.every(readable) || !readable(key) || terms.includes(key)) return null;
  const below = rng.int(0, 3);
  let distractors = distractorsAt(key, wrong, terms, below, rng, large);
  // Drawn again once when the key stands in the middle of the four (see redrawChance).
  if (distractors && rng.next() < redrawChance(key, distractors))
    distractors = distractorsAt(key, wrong, terms, below, rng, large);
  if (!distractors) return null;
  return {
    code,
    family: rule.family,
    spec: { rule, terms: [...terms] },
    answer: key,
    distractors,
    title,
    alt: {
      en: `A sequence of numbers: ${listText(terms, "en")}, followed by a question mark.`,
      "pt-br": `Uma sequência de números: ${listText(terms, "pt-br")}, seguida de um ponto de interrogação.`,
    },
  };
}

type Sm<R extends Radicals> = ItemModel<R, PoolSpec, number>;

/** The parts every SM model shares: images, alts, features. */
export const smParts: Pick<
  Sm<Radicals>,
  | "category"
  | "renderQuestion"
  | "renderOption"
  | "optionAlt"
  | "optionFeatures"
  | "questionPanels"
  | "explain"
> = {
  category: "SM",
  explain: (draft) => explainSequence(draft.spec, draft.answer),
  renderQuestion: (draft) => renderTerms(draft.spec.terms),
  renderOption: (_draft, option) => renderNumber(option),
  optionAlt: (_draft, option) => ({ en: String(option), "pt-br": String(option) }),
  optionFeatures: (_draft, option) => ({ value: option }),
  // A sequence shows no panel an option could copy as a whole; the checks compare numbers.
  questionPanels: () => [],
};

/** A sequence from its first terms and a step function of (terms so far, index). */
export function unroll(
  first: readonly number[],
  length: number,
  next: (terms: readonly number[], i: number) => number,
): number[] {
  const terms = [...first];
  while (terms.length < length) terms.push(next(terms, terms.length));
  return terms;
}

export { differences, last };
