import type { CategoryGenerator, ItemDraft } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import {
  cubeFeatures,
  cubeItem,
  cubeOptionAlt,
  renderCubeOption,
  renderNetQuestion,
} from "./cube-net.ts";
import { mirrorItem, renderMirrorQuestion } from "./mirror.ts";
import {
  foldOnceItem,
  foldTwiceItem,
  renderFoldQuestion,
  renderSheetOption,
  sheetFeatures,
  sheetOptionAlt,
} from "./paper-fold.ts";
import { renderRotationQuestion, rotationItem } from "./rotation.ts";
import { renderShapeOption, shapeFeatures, shapeOptionAlt } from "./shape-option.ts";
import type {
  FoldSpec,
  MirrorSpec,
  NetSpec,
  ReOption,
  ReSpec,
  RotationSpec,
  ShapeOption,
  SheetOption,
} from "./types.ts";

/**
 * RE: spatial reasoning in four families, easiest first: rotation (01-03), mirror (04-05),
 * paper-fold (06-07) and cube-net (08-10). In every family the four options cross two
 * independent mistakes (a 2x2 design), so that the answer, the option with neither, is
 * never the odd one out.
 */

type Item = ItemDraft<ReSpec, ReOption>;

const recipes: ((code: string, rng: Rng) => Item)[] = [
  (code, rng) => rotationItem(code, rng, 5, 99),
  (code, rng) => rotationItem(code, rng, 6, 3),
  (code, rng) => rotationItem(code, rng, 8, 2),
  (code, rng) => mirrorItem(code, rng, 6, 3, "vertical", [1, 3]),
  // A half turn keeps the outline's proportions: it is easily taken for the reflection.
  (code, rng) => mirrorItem(code, rng, 7, 2, "horizontal", [2]),
  foldOnceItem,
  foldTwiceItem,
  (code, rng) => cubeItem(code, rng, 0, [2, 3]),
  (code, rng) => cubeItem(code, rng, 1, [1]),
  (code, rng) => cubeItem(code, rng, 2, [0, 1]),
];

const isShape = (o: ReOption): o is ShapeOption => "cells" in o;
const isSheet = (o: ReOption): o is SheetOption => "holes" in o;

export const generator: CategoryGenerator<ReSpec, ReOption> = {
  category: "RE",

  generate(seed) {
    return recipes.map((recipe, index) => {
      const code = `RE-${String(index + 1).padStart(2, "0")}`;
      return recipe(code, createRng(`${seed}:${code}`));
    });
  },

  renderQuestion(item) {
    switch (item.family) {
      case "rotation":
        return renderRotationQuestion(item.spec as RotationSpec);
      case "mirror":
        return renderMirrorQuestion(item.spec as MirrorSpec);
      case "paper-fold":
        return renderFoldQuestion(item.spec as FoldSpec);
      default:
        return renderNetQuestion(item.spec as NetSpec);
    }
  },

  renderOption(item, option) {
    if (isShape(option)) return renderShapeOption((item.spec as RotationSpec).figure, option.cells);
    if (isSheet(option)) return renderSheetOption(option);
    return renderCubeOption(option);
  },

  optionAlt(_item, option) {
    if (isShape(option)) return shapeOptionAlt(option);
    if (isSheet(option)) return sheetOptionAlt(option);
    return cubeOptionAlt(option);
  },

  optionFeatures(_item, option) {
    if (isShape(option)) return shapeFeatures(option.cells);
    if (isSheet(option)) return sheetFeatures(option);
    return cubeFeatures(option);
  },
};
