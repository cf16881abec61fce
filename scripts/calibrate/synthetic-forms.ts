/**
 * Simulated takers on forms of their own (docs/decisions/0040-calibrating-item-models.md):
 * known true weights and discriminations, cells picked for each taker the way `drawForm`
 * picks them (core/items/pool/form.ts: the same cells, targets, tolerance and preference
 * for a model not yet used), answers from the 3PL with the true parameters. No instance is
 * drawn (that costs 30-90 ms a form and changes nothing here: every instance of a cell has
 * the cell's parameters). Deterministic from the seed.
 */
import { type Category, categories } from "../../core/items/model.ts";
import type { CategoryWeights } from "../../core/items/pool/difficulty.ts";
import { type Cell, cellsOf, pickCell, targetDifficulty } from "../../core/items/pool/form.ts";
import { modelsByCategory, weightsByCategory } from "../../core/items/pool/models.ts";
import { createRng, type Rng } from "../../core/items/rng.ts";
import { guessing, probabilityRight } from "../../core/scoring/irt.ts";
import type { DesignCell, ModelResponses } from "./lltm-design.ts";
import { normalDraw, syntheticAgeBands } from "./synthetic.ts";

export const formsSeed = "lumen-iq-calibration-forms-v1";
/** The true weights: each current weight and intercept plus a N(0, this^2) draw. */
export const weightPerturbation = 0.3;
/** The true a of each model: uniform over this range. */
export const trueDiscrimination = { min: 0.7, max: 1.6 } as const;

export interface FormsTruth {
  weights: Record<Category, CategoryWeights>;
  discrimination: Record<string, number>;
  abilities: number[];
}

export interface SyntheticForms {
  data: ModelResponses;
  truth: FormsTruth;
}

/** The current weights with every intercept and weight moved by N(0, weightPerturbation^2). */
function trueWeights(rng: Rng): Record<Category, CategoryWeights> {
  return Object.fromEntries(
    categories.map((category) => {
      const current = weightsByCategory[category];
      const features = Object.fromEntries(
        Object.entries(current.features).map(([name, feature]) => [
          name,
          { ...feature, weight: feature.weight + weightPerturbation * normalDraw(rng) },
        ]),
      );
      const intercept = current.intercept + weightPerturbation * normalDraw(rng);
      return [category, { ...current, intercept, features }];
    }),
  ) as Record<Category, CategoryWeights>;
}

export function trueB(weights: CategoryWeights, design: Record<string, number>): number {
  return Object.entries(design).reduce(
    (b, [name, count]) => b + (weights.features[name]?.weight ?? 0) * count,
    weights.intercept,
  );
}

/**
 * `takers` people of ability N(0, 1), each answering a form of cells of their own. The truth
 * comes from `formsSeed` alone, so samples of every size and seed share it; the takers, their
 * forms and their answers come from `seed`.
 */
export function simulateForms(takers: number, seed = formsSeed): SyntheticForms {
  const truthRng = createRng(`${formsSeed}:truth`);
  const weights = trueWeights(truthRng);
  const discrimination = Object.fromEntries(
    categories.flatMap((category) =>
      modelsByCategory[category].map((model) => [
        model.id,
        trueDiscrimination.min +
          (trueDiscrimination.max - trueDiscrimination.min) * truthRng.next(),
      ]),
    ),
  );
  const rng = createRng(seed);
  const cells: DesignCell[] = [];
  const cellIndex = new Map<Cell, number>();
  const trueItem = new Map<Cell, { a: number; b: number; c: number }>();
  const indexOf = (cell: Cell): number => {
    const known = cellIndex.get(cell);
    if (known !== undefined) return known;
    const design = cell.model.design(cell.radicals);
    cells.push({ category: cell.model.category, model: cell.model.id, design });
    cellIndex.set(cell, cells.length - 1);
    trueItem.set(cell, {
      a: discrimination[cell.model.id] as number,
      b: trueB(weights[cell.model.category], design),
      c: guessing,
    });
    return cells.length - 1;
  };
  const abilities: number[] = [];
  const people = Array.from({ length: takers }, () => {
    const theta = normalDraw(rng);
    abilities.push(theta);
    const ageBand = rng.pick(syntheticAgeBands);
    const responses = categories.flatMap((category) => {
      const used = new Set<string>();
      return targetDifficulty.map((target) => {
        const cell = pickCell(rng, cellsOf(category), target, used);
        used.add(cell.model.id);
        const index = indexOf(cell);
        const item = trueItem.get(cell) as { a: number; b: number; c: number };
        return { cell: index, right: rng.next() < probabilityRight(item, theta) };
      });
    });
    return { ageBand, responses };
  });
  return { data: { cells, takers: people }, truth: { weights, discrimination, abilities } };
}
