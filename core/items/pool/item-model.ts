/**
 * The item pool's contract (issue 28, docs/decisions/0037-item-models.md): an item model is
 * a generator with radicals (what sets difficulty) and incidentals (what varies without
 * changing it). An instance is `(model, radicals, seed)` and nothing else: the same triple
 * always gives the same item, in the Worker as in Node.
 */
import type { Category, Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Rng } from "../rng.ts";

export type RadicalValue = number | string;
export type Radicals = Record<string, RadicalValue>;

/**
 * One row of the model's design matrix (the LLTM's Q-matrix): how many times each design
 * feature of its category is present in an instance with these radicals, e.g.
 * `{ rules: 2, "rule:arithmetic": 1, figures: 3 }`. The category's weights
 * (`<category>/weights.ts`) turn it into a predicted difficulty.
 */
export type Design = Record<string, number>;

export interface ItemModel<R extends Radicals = Radicals, Spec = unknown, Option = unknown> {
  /** Stable and short ("sm-arithmetic"): part of every instance id, so never renamed. */
  id: string;
  category: Category;
  /** What the item asks, in a sentence (census, method page). */
  summary: string;
  /** Every radical's finite domain, from the easiest value to the hardest. */
  radicals: { readonly [K in keyof R]: readonly R[K][] };
  /** What varies from instance to instance without changing difficulty (documentation). */
  incidentals: readonly string[];
  /** The design features present in an instance with these radicals. */
  design(radicals: R): Design;
  /**
   * One try at an instance: a draft whose `answer` completes the rule and whose three
   * distractors do not. Returns null when this try cannot meet the model's own
   * construction; the pool draws again with the next seed. `code` is the model id.
   */
  generate(radicals: R, rng: Rng): ItemDraft<Spec, Option> | null;
  /** The question image: one complete SVG document. */
  renderQuestion(draft: ItemDraft<Spec, Option>): string;
  /** One option image: one complete SVG document (no letter drawn in it). */
  renderOption(draft: ItemDraft<Spec, Option>, option: Option): string;
  /** A neutral description of an option image, in both languages, unique in its item. */
  optionAlt(draft: ItemDraft<Spec, Option>, option: Option): LocalizedText;
  /**
   * The option's visible attributes, as a taker who reads only the options would perceive
   * them (same keys for the four options of an item).
   */
  optionFeatures(draft: ItemDraft<Spec, Option>, option: Option): Record<string, Feature>;
  /**
   * The panels the question shows, described with the same keys as `optionFeatures`
   * (cells of a matrix, panels of an overlay row, the figure to turn): the checks rule out
   * an option by a value or a pair of values the question never shows. Empty when the
   * question shows nothing comparable (a number sequence).
   */
  questionPanels(draft: ItemDraft<Spec, Option>): Record<string, Feature>[];
  /**
   * The worked explanation of the instance for the answer review (issue 29.2), in both
   * languages, written from its own rule and content and ending with why the key is right.
   * Models gain it one category at a time; the review is shown once every model has one.
   */
  explain?(draft: ItemDraft<Spec, Option>): LocalizedText;
}

/** What names an instance; `instanceId` writes it as one string. */
export interface InstanceRef {
  model: string;
  radicals: Radicals;
  seed: string;
}

/** `model|name=value,name=value|seed`, radicals sorted by name: one string per instance. */
export function instanceId(ref: InstanceRef): string {
  const radicals = Object.keys(ref.radicals)
    .sort()
    .map((name) => `${name}=${ref.radicals[name]}`)
    .join(",");
  return `${ref.model}|${radicals}|${ref.seed}`;
}

/** Every combination of a model's radical values, the first radical varying slowest. */
export function radicalGrid<R extends Radicals>(model: ItemModel<R>): R[] {
  let grid: Radicals[] = [{}];
  for (const [name, values] of Object.entries(model.radicals) as [string, RadicalValue[]][])
    grid = grid.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  return grid as R[];
}

/** A bank v2 item described as the pool's model and radicals closest to it (`<cat>/v2-designs.ts`). */
export interface V2Design {
  model: string;
  radicals: Radicals;
  /** What the v2 item asks and how it differs from its cell, if it does. */
  note: string;
}
