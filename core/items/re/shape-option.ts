import { mostCommonValueChooser, mostSimilarChooser } from "../checks/blind.ts";
import type { Feature } from "../model.ts";

/**
 * Options that are figures. The rotation and mirror families draw them, describe them and
 * test their fairness the same way, so that the two families cannot drift apart.
 */

/** True when neither context-blind chooser can tell the four options apart. */
export function fair(features: Record<string, Feature>[]): boolean {
  return mostCommonValueChooser(features).length === 4 && mostSimilarChooser(features).length === 4;
}

export { renderShapeOption, shapeFeatures, shapeOptionAlt } from "./shape-view.ts";
