/**
 * Every instance of the pool is checked here when it is generated (issue 28,
 * docs/decisions/0037-item-models.md, "Verified one instance at a time"). A check only:
 * no item model may import this folder, or the checks could never fail
 * (core/items/pool/pool.unit.test.ts makes sure).
 *
 * An instance passes when:
 * 1. the category's solver, written apart from the generator, finds exactly one option that
 *    fits, and it is the key;
 * 2. no option can be ruled out without the rule: no heuristic that reads only the options
 *    and what the question shows (a value or a pair of values the question never shows, a
 *    copy of a panel) spares the key while it rules out a distractor, or singles the key out;
 *    no attribute splits the options three to one (the odd one out); the majority choosers
 *    (most common value, most similar to the others) do not pick the key alone;
 * 3. the four option alts are unique in each language and no alt names an answer;
 * 4. every image is a small SVG (8 KB at most).
 * The rank of a number or a count among the options ("the largest", "the fewest elements")
 * cannot be neutral in one instance: every key has a rank. Models draw the key's rank at
 * random, and the census measures those choosers over thousands of instances.
 */
import type { CategorySolver, Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel, Radicals } from "../pool/item-model.ts";
import { stemCopies } from "./audit.ts";
import { mostCommonValueChooser, mostSimilarChooser } from "./blind.ts";

type Features = Record<string, Feature>;

export const maxImageBytes = 8 * 1024;

const keyWords = /correct|right answer|answer|wrong|correta|resposta|errad/;

const text = (value: Feature | undefined) => JSON.stringify(value ?? null);

/** The options of a draft, the key first. */
export function optionsOf<S, O>(draft: ItemDraft<S, O>): O[] {
  return [draft.answer, ...draft.distractors];
}

/**
 * A binary heuristic a taker could apply without the rule ("this option shows a colour the
 * question never does, so it is wrong"). It gives something away when it rules out a
 * distractor and spares the key, or when it singles the key out (the one that stands apart).
 */
function givesAway(flags: readonly boolean[]): boolean {
  const [key, ...others] = flags;
  const flagged = others.filter(Boolean).length;
  if (!key && flagged > 0) return true;
  if (key && flagged === 0) return true;
  return false;
}

/** The attributes the question's panels show (a value of the option can be looked for). */
function shownNames(features: readonly Features[], panels: readonly Features[]): string[] {
  const names = new Set(features.flatMap((f) => Object.keys(f)));
  return [...names].filter((name) => panels.some((panel) => name in panel)).sort();
}

/** Per option: its value of `name` appears in no panel. */
function absentValue(name: string, features: readonly Features[], panels: readonly Features[]) {
  return features.map(
    (option) => !panels.some((panel) => text(panel[name]) === text(option[name])),
  );
}

/** Per option: its values of `a` and `b` never appear together in one panel. */
function absentPair(
  [a, b]: readonly [string, string],
  features: readonly Features[],
  panels: readonly Features[],
) {
  return features.map(
    (option) =>
      !panels.some(
        (panel) => text(panel[a]) === text(option[a]) && text(panel[b]) === text(option[b]),
      ),
  );
}

/**
 * Every test a taker could run on the options against the question, one attribute or one
 * pair of attributes at a time: per option, whether its value (or pair) is one the
 * question never shows. Pairs are the attributes of one figure (its shape and its shade: "a
 * dark square" is seen as one thing); yes/no attributes are the presence of separate
 * elements (a line, a dot), which nobody sees as pairs, so they are tested one at a time.
 */
function panelTests(
  features: readonly Features[],
  panels: readonly Features[],
): { values: [string, boolean[]][]; pairs: [string, boolean[]][] } {
  if (panels.length === 0) return { values: [], pairs: [] };
  const names = shownNames(features, panels);
  const figure = names.filter((name) => features.every((f) => typeof f[name] !== "boolean"));
  const pairs: [string, boolean[]][] = [];
  for (let i = 0; i < figure.length; i++)
    for (let j = i + 1; j < figure.length; j++) {
      const pair = [figure[i], figure[j]] as [string, string];
      pairs.push([pair.join(" and "), absentPair(pair, features, panels)]);
    }
  return { values: names.map((name) => [name, absentValue(name, features, panels)]), pairs };
}

function copiesPanel(option: Features, panels: readonly Features[]): boolean {
  return panels.some((panel) => {
    const names = new Set([...Object.keys(panel), ...Object.keys(option)]);
    return [...names].every((name) => text(panel[name]) === text(option[name]));
  });
}

/** An attribute whose values split the four options three to one. */
function oddOneOut(features: readonly Features[]): string | null {
  const names = new Set(features.flatMap((f) => Object.keys(f)));
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const f of features) counts.set(text(f[name]), (counts.get(text(f[name])) ?? 0) + 1);
    if ([...counts.values()].sort().join(",") === "1,3") return name;
  }
  return null;
}

function altFailures(alts: readonly LocalizedText[], question: LocalizedText): string[] {
  const failures: string[] = [];
  for (const locale of ["en", "pt-br"] as const) {
    const texts = alts.map((alt) => alt[locale]);
    if (new Set(texts).size !== texts.length)
      failures.push(`alt: two options read the same (${locale}): ${texts.join(" | ")}`);
    for (const alt of [...texts, question[locale]])
      if (keyWords.test(alt.toLowerCase()))
        failures.push(`alt: names an answer (${locale}): ${alt}`);
    if (texts.some((alt) => alt.trim().length === 0)) failures.push(`alt: empty (${locale})`);
  }
  return failures;
}

export interface Rendered {
  question: string;
  /** In option order, the key first. */
  options: string[];
}

export function renderDraft<S, O>(
  model: ItemModel<Radicals, S, O>,
  draft: ItemDraft<S, O>,
): Rendered {
  return {
    question: model.renderQuestion(draft),
    options: optionsOf(draft).map((option) => model.renderOption(draft, option)),
  };
}

/**
 * Why an instance fails, one line per failure; empty when it passes. The draft goes through
 * JSON first, as a stored instance would: the solver reads what could be stored, never the
 * generator's objects.
 */
export function verifyDraft<S, O>(
  model: ItemModel<Radicals, S, O>,
  draft: ItemDraft<S, O>,
  solver: CategorySolver,
  rendered: Rendered = renderDraft(model, draft),
): string[] {
  const failures: string[] = [];
  const stored = JSON.parse(JSON.stringify(draft)) as ItemDraft<S, O>;
  const options = optionsOf(stored);

  // 1. Exactly one option fits, and it is the key.
  const fits = options.map((option) =>
    solver.satisfies({ family: stored.family, spec: stored.spec }, option),
  );
  const others = fits.slice(1).filter(Boolean).length;
  if (!fits[0])
    failures.push(
      others > 0
        ? "solver: the key does not fit the rule"
        : "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
  if (others > 0) failures.push(`solver: ${others} distractor(s) fit the rule too`);
  if (new Set(options.map((o) => JSON.stringify(o))).size !== 4)
    failures.push("options: two options are the same");

  // 2. Nothing rules an option out without the rule.
  const features = options.map((option) => model.optionFeatures(stored, option));
  const panels = model.questionPanels(stored);
  if (panels.length > 0) {
    // One attribute, and one pair of attributes, at a time: as a taker would look.
    const { values, pairs } = panelTests(features, panels);
    for (const [name, flags] of values)
      if (givesAway(flags))
        failures.push(`blind: a value the question never shows tells options apart (${name})`);
    for (const [name, flags] of pairs)
      if (givesAway(flags))
        failures.push(
          `blind: a pair of values the question never shows together tells options apart (${name})`,
        );
    if (givesAway(features.map((f) => copiesPanel(f, panels))))
      failures.push("blind: a copy of a panel tells options apart");
  }
  const copies = stemCopies({
    code: stored.code,
    category: model.category,
    draft: { family: stored.family, spec: stored.spec },
    expect: "A",
    options,
    features,
  });
  if (givesAway(copies))
    failures.push("blind: a copy of something the question shows tells options apart");
  const odd = oddOneOut(features);
  if (odd) failures.push(`blind: "${odd}" splits the options three to one (the odd one out)`);
  for (const [name, chooser] of [
    ["most common value", mostCommonValueChooser],
    ["most similar to the others", mostSimilarChooser],
  ] as const) {
    const picked = chooser(features);
    if (picked.length === 1 && picked[0] === 0)
      failures.push(`blind: "${name}" picks the key alone`);
  }

  // 3. Alts: unique, and silent about the key.
  failures.push(
    ...altFailures(
      options.map((option) => model.optionAlt(stored, option)),
      stored.alt,
    ),
  );

  // 4. Small images.
  for (const svg of [rendered.question, ...rendered.options])
    if (new TextEncoder().encode(svg).length > maxImageBytes)
      failures.push(`image: ${new TextEncoder().encode(svg).length} bytes, over ${maxImageBytes}`);
  return failures;
}

/**
 * The heuristics of check 2 as choosers over a whole pool (the census measures them over
 * thousands of instances): each picks the options a heuristic spares (or flags), all four
 * when it tells none apart. Options in any order; `panels` are the question's.
 */
export function heuristicChoosers(
  features: readonly Features[],
  panels: readonly Features[],
): Record<string, number[]> {
  const all = features.map((_, i) => i);
  const where = (flags: boolean[], wanted: boolean) => {
    const picked = flags.flatMap((flag, i) => (flag === wanted ? [i] : []));
    return picked.length > 0 && picked.length < flags.length ? picked : all;
  };
  // A taker who uses the first test that tells some options apart, either way round.
  const { values, pairs: pairTests } = panelTests(features, panels);
  const splitting = (tests: [string, boolean[]][]) =>
    tests.find(([, flags]) => flags.some(Boolean) && !flags.every(Boolean))?.[1] ??
    features.map(() => false);
  const absent = splitting(values);
  const pairs = splitting(pairTests);
  const copies = features.map((f) => panels.length > 0 && copiesPanel(f, panels));
  const odd = oddOneOut(features);
  const oddFlags = features.map((f) => {
    if (!odd) return false;
    return features.filter((g) => text(g[odd]) === text(f[odd])).length === 1;
  });
  return {
    "every value shown in the question": where(absent, false),
    "a value the question never shows": where(absent, true),
    "every pair of values shown together": where(pairs, false),
    "a pair never shown together": where(pairs, true),
    "not a copy of a panel": where(copies, false),
    "a copy of a panel": where(copies, true),
    "the odd one out": where(oddFlags, true),
  };
}
