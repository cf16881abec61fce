/** The RE item models of the pool (issue 28), easiest family first. */
import type { ItemModel } from "../pool/item-model.ts";
import { cubeModel } from "./pool-cube.ts";
import { cubeArrowModel } from "./pool-cube-arrow.ts";
import { foldModel } from "./pool-fold.ts";
import { mirrorModel, rotationModel } from "./pool-shapes.ts";
import { solidModel } from "./pool-solid.ts";

// biome-ignore lint/suspicious/noExplicitAny: each model has its own radicals, spec and option types
export const models: ItemModel<any, any, any>[] = [
  rotationModel,
  mirrorModel,
  foldModel,
  cubeModel,
  cubeArrowModel,
  solidModel,
];
