import type { CategoryGenerator, Feature, ItemDraft, LocalizedText } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import { equationItem, renderEquationQuestion, renderNumberOption } from "./equations.ts";
import {
  allElements,
  lineElements,
  type OverlayRecipe,
  overlayItem,
  overlayOptionAlt,
  renderOverlayOption,
  renderOverlayQuestion,
} from "./overlay.ts";
import type { RlOption, RlSpec } from "./types.ts";

/**
 * RL: logical reasoning. Two families interleaved so that difficulty rises from 01 to 10:
 * overlay logic (panels combined by OR, AND, difference, XOR, three-input XOR) and symbol
 * equations (two unknowns with sums, up to three unknowns with products and pairwise sums).
 */

type Item = ItemDraft<RlSpec, RlOption>;

type Step =
  | { kind: "overlay"; recipe: Omit<OverlayRecipe, "spread"> }
  | { kind: "equations"; level: number };

const plan: Step[] = [
  { kind: "overlay", recipe: { op: "or", universe: lineElements, min: 2, max: 3 } },
  { kind: "equations", level: 0 },
  { kind: "overlay", recipe: { op: "and", universe: lineElements, min: 3, max: 5 } },
  { kind: "overlay", recipe: { op: "a-minus-b", universe: allElements, min: 3, max: 5 } },
  { kind: "equations", level: 1 },
  { kind: "overlay", recipe: { op: "xor", universe: allElements, min: 3, max: 5 } },
  { kind: "equations", level: 2 },
  { kind: "overlay", recipe: { op: "b-minus-a", universe: allElements, min: 4, max: 7 } },
  { kind: "overlay", recipe: { op: "xor3", universe: allElements, min: 3, max: 5 } },
  { kind: "equations", level: 3 },
];

function generate(seed: string): Item[] {
  // The answer's rank among the number options: each rank once across the four equation
  // items, so it is neither always the median nor always an extreme.
  const ranks = createRng(`${seed}:RL:ranks`).shuffle([0, 1, 2, 3]);
  let equationIndex = 0;
  // How the overlay distractors differ in size from the answer: the answer has the most
  // elements twice, the fewest twice, and sits in the middle twice.
  const spreads = createRng(`${seed}:RL:spreads`).shuffle([
    "fewer",
    "fewer",
    "more",
    "more",
    "mixed",
    "mixed",
  ] as const);
  let overlayIndex = 0;
  return plan.map((step, i) => {
    const code = `RL-${String(i + 1).padStart(2, "0")}`;
    const rng: Rng = createRng(`${seed}:${code}`);
    if (step.kind === "overlay") {
      const spread = spreads[overlayIndex++] as OverlayRecipe["spread"];
      return overlayItem(code, rng, { ...step.recipe, spread });
    }
    const below = ranks[equationIndex++] as number;
    return equationItem(code, rng, step.level, below);
  });
}

function isNumber(option: RlOption): option is { value: number } {
  return "value" in option;
}

export const generator: CategoryGenerator<RlSpec, RlOption> = {
  category: "RL",
  generate,
  renderQuestion(item) {
    return item.spec.kind === "overlay"
      ? renderOverlayQuestion(item.spec)
      : renderEquationQuestion(item.spec);
  },
  renderOption(_item, option) {
    return isNumber(option)
      ? renderNumberOption(option.value)
      : renderOverlayOption(option.elements);
  },
  optionAlt(_item, option): LocalizedText {
    if (isNumber(option)) return { en: String(option.value), "pt-br": String(option.value) };
    return overlayOptionAlt(option.elements);
  },
  optionFeatures(_item, option): Record<string, Feature> {
    if (isNumber(option)) return { value: option.value };
    return Object.fromEntries(allElements.map((e) => [`e${e}`, option.elements.includes(e)]));
  },
};
