/** The SM item models of the pool (issue 28), easiest first: docs/items/sm.md. */
import type { ItemModel } from "../pool/item-model.ts";
import { arithmeticModel, geometricModel } from "./basic-models.ts";
import { combinedModel } from "./combined-models.ts";
import { interleavedModel, secondOrderModel } from "./pattern-models.ts";
import { twoLevelModel } from "./two-level-models.ts";

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [
  arithmeticModel,
  geometricModel,
  interleavedModel,
  secondOrderModel,
  combinedModel,
  twoLevelModel,
];
