/**
 * The item bank's model, shared by the four category generators, their solvers,
 * the assembly (letters, files, key) and the tests. See docs/decisions/0006-question-bank.md.
 */

export type Letter = "A" | "B" | "C" | "D";
export const letters: readonly Letter[] = ["A", "B", "C", "D"];

export type Category = "SM" | "RA" | "RE" | "RL";
export const categories: readonly Category[] = ["SM", "RA", "RE", "RL"];

export interface LocalizedText {
  en: string;
  "pt-br": string;
}

/** A visible attribute of an option, as a context-blind chooser would perceive it. */
export type Feature = string | number | boolean;

/**
 * One item as a generator describes it, before letters are assigned.
 * `spec` is the structured description: the rule (family + parameters) and the visible
 * content of the question. `answer` and `distractors` are the structured content of the
 * options. Everything must be JSON-serializable: the solver reads it back from JSON.
 */
export interface ItemDraft<Spec = unknown, Option = unknown> {
  /** "SM-01" .. "RL-10"; difficulty rises with the number. */
  code: string;
  /** The rule family, e.g. "arithmetic", "matrix", "rotation", "paper-fold", "xor". */
  family: string;
  spec: Spec;
  answer: Option;
  distractors: [Option, Option, Option];
  /** The prompt shown above the image, in both languages. */
  title: LocalizedText;
  /** Neutral description of the question image (never the answer). */
  alt: LocalizedText;
}

/** What a category contributes to the generator side. */
export interface CategoryGenerator<Spec = unknown, Option = unknown> {
  category: Category;
  /** The ten items of the category, 01 to 10, deterministic for a seed. */
  generate(seed: string): ItemDraft<Spec, Option>[];
  /** The question image: one complete SVG document. */
  renderQuestion(item: ItemDraft<Spec, Option>): string;
  /** One option image: one complete SVG document (no letter drawn in it). */
  renderOption(item: ItemDraft<Spec, Option>, option: Option): string;
  /** Neutral description of an option image, in both languages. */
  optionAlt(item: ItemDraft<Spec, Option>, option: Option): LocalizedText;
  /**
   * The option's visible attributes for the context-blind checks (most common value per
   * attribute; the option most similar to the other three). Use the same keys for the
   * four options of an item.
   */
  optionFeatures(item: ItemDraft<Spec, Option>, option: Option): Record<string, Feature>;
}

/**
 * The solver side, written apart from the generator: it re-implements each rule family
 * from its definition and says whether an option satisfies the item's rule.
 * It may import nothing from the generator modules but this model.
 */
export interface CategorySolver {
  category: Category;
  /** True when `option` completes the item according to its rule. */
  satisfies(item: { family: string; spec: unknown }, option: unknown): boolean;
}
