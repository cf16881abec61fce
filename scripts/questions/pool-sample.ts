/**
 * Draws a seeded sample of pool instances for the census and the review sheet: per
 * category, models in turn, radicals at random from each model's grid, each instance's
 * options in a seeded order with its key letter, and the audit's view of it.
 */
import type { AuditedItem } from "../../core/items/checks/audit.ts";
import { heuristicChoosers } from "../../core/items/checks/verify.ts";
import { type Category, type Letter, letters } from "../../core/items/model.ts";
import { type Draw, drawInstance, type Instance } from "../../core/items/pool/draw.ts";
import { type ItemModel, radicalGrid } from "../../core/items/pool/item-model.ts";
import { modelsByCategory } from "../../core/items/pool/models.ts";
import { createRng } from "../../core/items/rng.ts";

export interface Sampled {
  model: ItemModel;
  draw: Draw;
  /** Milliseconds the draw took, tries and checks included. */
  ms: number;
  /** Null when the draw gave up. */
  item: SampledItem | null;
}

export interface SampledItem extends AuditedItem {
  instance: Instance;
  /** Choosers built from the per-instance heuristics, by name: their picks. */
  heuristics: Record<string, number[]>;
}

/** What a screen reader user hears: the longest and the shortest option alt. */
function altChoosers(alts: readonly string[]): Record<string, number[]> {
  const pick = (better: (a: number, b: number) => boolean) => {
    const lengths = alts.map((alt) => alt.length);
    const top = lengths.reduce((t, l) => (better(l, t) ? l : t));
    const picked = lengths.flatMap((l, i) => (l === top ? [i] : []));
    return picked.length < alts.length ? picked : alts.map((_, i) => i);
  };
  return {
    "longest option alt": pick((a, b) => a > b),
    "shortest option alt": pick((a, b) => a < b),
  };
}

export function sampledItem(model: ItemModel, instance: Instance, seed: string): SampledItem {
  const { draft } = instance;
  const rng = createRng(`${seed}:order`);
  const options = rng.shuffle([draft.answer, ...draft.distractors]);
  const keyIndex = options.indexOf(draft.answer);
  const features = options.map((option) => model.optionFeatures(draft, option));
  return {
    code: draft.code,
    category: model.category,
    draft: { family: draft.family, spec: draft.spec },
    expect: letters[keyIndex] as Letter,
    options,
    features,
    instance,
    heuristics: {
      ...heuristicChoosers(features, model.questionPanels(draft)),
      ...altChoosers(options.map((option) => model.optionAlt(draft, option).en)),
    },
  };
}

export function samplePool(category: Category, count: number, seed: string): Sampled[] {
  const models = modelsByCategory[category];
  if (models.length === 0) return [];
  const grids = models.map((model) => radicalGrid(model));
  const rng = createRng(`${seed}:${category}:radicals`);
  return Array.from({ length: count }, (_, i) => {
    const m = i % models.length;
    const model = models[m] as ItemModel;
    const radicals = rng.pick(grids[m] as ReturnType<typeof radicalGrid>);
    const drawSeed = `${seed}:${category}:${i}`;
    const started = performance.now();
    const draw = drawInstance(model, radicals, drawSeed);
    const ms = performance.now() - started;
    return {
      model,
      draw,
      ms,
      item: draw.instance ? sampledItem(model, draw.instance, drawSeed) : null,
    };
  });
}
