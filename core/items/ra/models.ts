/** The RA item models of the pool (issue 28), easiest first. */
import type { ItemModel } from "../pool/item-model.ts";
import {
  raCrossed,
  raFourRules,
  raOneRule,
  raThreeRules,
  raTwoEntities,
  raTwoRules,
} from "./pool-models.ts";

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [
  raOneRule,
  raTwoRules,
  raThreeRules,
  raFourRules,
  raTwoEntities,
  raCrossed,
];
