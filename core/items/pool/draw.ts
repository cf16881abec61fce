/**
 * Draws verified instances: a model's try with a seed, checked by core/items/checks/verify.ts,
 * drawn again with the next seed when it fails, a bounded number of times. The tries are
 * part of the instance (its seed names the try that passed), so the same (model, radicals,
 * seed) always gives the same item.
 */

import type { ItemParameters } from "../../scoring/irt.ts";
import { verifyDraft } from "../checks/verify.ts";
import type { Category, CategorySolver, ItemDraft } from "../model.ts";
import { solver as raSolver } from "../ra/solve.ts";
import { solver as reSolver } from "../re/solve.ts";
import { solver as rlSolver } from "../rl/solve.ts";
import { createRng } from "../rng.ts";
import { solver as smSolver } from "../sm/solve.ts";
import { predictParameters } from "./difficulty.ts";
import { type InstanceRef, type ItemModel, instanceId, type Radicals } from "./item-model.ts";
import { weightsByCategory } from "./models.ts";

export const solvers: Record<Category, CategorySolver> = {
  SM: smSolver,
  RA: raSolver,
  RE: reSolver,
  RL: rlSolver,
};

/** How many tries an instance gets before the draw gives up. */
export const maxTries = 40;

export interface Instance {
  /** The instance's name: model, radicals and the seed of the try that passed. */
  ref: InstanceRef;
  id: string;
  draft: ItemDraft;
  parameters: ItemParameters;
}

export interface Draw {
  instance: Instance | null;
  /** Tries made, the passing one included. */
  tries: number;
  /** Why each failed try failed (null: the model could not build it). */
  failures: (string[] | null)[];
}

/** The seed of try k of a draw: the draw's seed itself first, then `seed#k`. */
export const trySeed = (seed: string, k: number) => (k === 0 ? seed : `${seed}#${k}`);

/** Builds one instance from its name, unchecked: what a stored instance is rebuilt with. */
export function buildInstance(model: ItemModel, ref: InstanceRef): ItemDraft | null {
  return model.generate(ref.radicals, createRng(instanceId(ref)));
}

export function drawInstance(
  model: ItemModel,
  radicals: Radicals,
  seed: string,
  {
    tries = maxTries,
    solver = solvers[model.category],
  }: { tries?: number; solver?: CategorySolver } = {},
): Draw {
  const failures: (string[] | null)[] = [];
  for (let k = 0; k < tries; k++) {
    const ref: InstanceRef = { model: model.id, radicals, seed: trySeed(seed, k) };
    const draft = buildInstance(model, ref);
    const failed = draft ? verifyDraft(model, draft, solver) : null;
    if (draft && failed && failed.length === 0)
      return {
        instance: {
          ref,
          id: instanceId(ref),
          draft,
          parameters: predictParameters(weightsByCategory[model.category], model.design(radicals)),
        },
        tries: k + 1,
        failures,
      };
    failures.push(failed);
  }
  return { instance: null, tries, failures };
}
