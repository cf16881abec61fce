/**
 * The RL item models of the pool (issue 28). RL measures deduction from stated premises:
 * which gate turns each row's panels into its result (set logic on figures), what number
 * each shape stands for (equations), and how objects are ordered from comparisons two at a
 * time (balance scales). Notes: docs/items/rl.md.
 */
import type { ItemModel } from "../pool/item-model.ts";
import { explainScales } from "./explain-scales.ts";
import { equationsModel } from "./model-equations.ts";
import { overlayModel } from "./model-overlay.ts";
import { scalesModel as scalesAlone } from "./model-scales.ts";

/** The scales model with its worked explanation (kept apart: it reads the model's types). */
export const scalesModel: typeof scalesAlone = {
  ...scalesAlone,
  explain: (draft) =>
    explainScales(
      draft.spec,
      draft.answer.shape,
      draft.distractors.map((d) => d.shape),
    ).text,
};

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [scalesModel, overlayModel, equationsModel];
