/** The RL item models of the pool (issue 28). */
import type { ItemModel } from "../pool/item-model.ts";

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [];
