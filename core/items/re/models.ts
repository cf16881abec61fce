/**
 * The RE item models of the pool (issue 28), easiest family first.
 *
 * `solidModel` (pool-solid.ts, objects of cubes turned in depth) is built and tested but not
 * in the pool: drawn in an isometric view, a step along one axis and a step along the two
 * others can land on the same spot of the picture, and a lead reviewer could not solve its
 * instances by eye with certainty. It joins the pool once its drawing has been changed so
 * that a person reads every object one way, and checked by eye (docs/items/re.md).
 */
import type { ItemModel } from "../pool/item-model.ts";
import { explainCube } from "./explain-cube.ts";
import { cubeModel as cubeAlone } from "./pool-cube.ts";
import { cubeArrowModel } from "./pool-cube-arrow.ts";
import { foldModel } from "./pool-fold.ts";
import { mirrorModel, rotationModel } from "./pool-shapes.ts";

/** The cube model with its worked explanation (kept apart: it reads the model's words). */
export const cubeModel: typeof cubeAlone = {
  ...cubeAlone,
  explain: (draft) => explainCube(draft.spec.faces, draft.answer, draft.distractors),
};

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [
  rotationModel,
  mirrorModel,
  foldModel,
  cubeModel,
  cubeArrowModel,
];
