/** Every item model of the pool, and the weights that predict its instances' difficulty. */
import type { Category } from "../model.ts";
import { models as ra } from "../ra/models.ts";
import { weights as raWeights } from "../ra/weights.ts";
import { models as re } from "../re/models.ts";
import { weights as reWeights } from "../re/weights.ts";
import { models as rl } from "../rl/models.ts";
import { weights as rlWeights } from "../rl/weights.ts";
import { models as sm } from "../sm/models.ts";
import { weights as smWeights } from "../sm/weights.ts";
import type { CategoryWeights } from "./difficulty.ts";
import type { ItemModel } from "./item-model.ts";

export const modelsByCategory: Record<Category, readonly ItemModel[]> = {
  SM: sm,
  RA: ra,
  RE: re,
  RL: rl,
};

export const weightsByCategory: Record<Category, CategoryWeights> = {
  SM: smWeights,
  RA: raWeights,
  RE: reWeights,
  RL: rlWeights,
};

export const poolModels: readonly ItemModel[] = [...sm, ...ra, ...re, ...rl];

export function modelById(id: string): ItemModel | undefined {
  return poolModels.find((model) => model.id === id);
}

/**
 * The version of the weights above (and so of every predicted parameter): a form is priced
 * with it and each form's result keeps it. Any change to a weight, an intercept or a
 * discrimination needs a new version (pool.test.ts holds the weights' hash);
 * `npm run calibrate` proposes the next one.
 */
export const parameterVersion = "lltm-v1";
