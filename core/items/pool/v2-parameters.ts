/**
 * Bank v2's forty items with the parameters the pool's models predict for them (issue 28.4):
 * each v2 item is described by the model and radicals closest to it (`<cat>/v2-designs.ts`)
 * and priced by the same weights as the pool, so that the information of a form and of bank
 * v2 are compared under the same assumptions.
 */
import type { ItemParameters } from "../../scoring/irt.ts";
import type { Category } from "../model.ts";
import { v2Designs as ra } from "../ra/v2-designs.ts";
import { v2Designs as re } from "../re/v2-designs.ts";
import { v2Designs as rl } from "../rl/v2-designs.ts";
import { v2Designs as sm } from "../sm/v2-designs.ts";
import { predictParameters } from "./difficulty.ts";
import { modelById, weightsByCategory } from "./models.ts";

export function v2Parameters(): { code: string; parameters: ItemParameters }[] {
  return Object.entries({ ...sm, ...ra, ...re, ...rl }).map(([code, design]) => {
    const model = modelById(design.model);
    if (!model) throw new Error(`${code}: no model ${design.model}`);
    const weights = weightsByCategory[code.slice(0, 2) as Category];
    return { code, parameters: predictParameters(weights, model.design(design.radicals)) };
  });
}
