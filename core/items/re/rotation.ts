import type { ItemDraft } from "../model.ts";
import type { Rng } from "../rng.ts";
import { flipX, movedVariants, randomChiral, rotate } from "./polyomino.ts";
import { fair, shapeFeatures } from "./shape-option.ts";
import type { ReOption, ReSpec, ShapeOption } from "./types.ts";
import { numbersEn, numbersPt } from "./words.ts";

/**
 * Rotation: a chiral polyomino, so that its mirror image is a different shape. Options
 * (2x2 design over mirrored? x moved?): the figure rotated, its mirror image, the figure
 * with one square moved, and the mirror image with that square moved, each shown at some
 * rotation.
 */

export function rotationItem(
  code: string,
  rng: Rng,
  count: number,
  maxMove: number,
): ItemDraft<ReSpec, ReOption> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const shape = randomChiral(rng, count, 4);
    for (const moved of rng.shuffle(movedVariants(shape, maxMove)).slice(0, 12)) {
      for (let t = 0; t < 40; t++) {
        const angles = [rng.int(1, 3), rng.int(0, 3), rng.int(0, 3), rng.int(0, 3)];
        if (new Set(angles).size < 3) continue;
        const [a, b, c, d] = angles as [number, number, number, number];
        const options = [
          rotate(shape, a),
          rotate(flipX(shape), b),
          rotate(moved, c),
          rotate(flipX(moved), d),
        ];
        if (!fair(options.map(shapeFeatures))) continue;
        const [answer, ...rest] = options.map((cells) => ({ cells }));
        return {
          code,
          family: "rotation",
          spec: { figure: shape },
          answer: answer as ShapeOption,
          distractors: rest as [ShapeOption, ShapeOption, ShapeOption],
          title: {
            en: "Which figure is the same shape, only rotated?",
            "pt-br": "Qual figura é a mesma forma, apenas girada?",
          },
          alt: {
            en: `A figure made of ${numbersEn[count]} squares on a grid.`,
            "pt-br": `Uma figura formada por ${numbersPt[count]} quadrados sobre uma grade.`,
          },
        };
      }
    }
  }
  throw new Error(`${code}: no balanced rotation item`);
}

export { renderRotationQuestion } from "./shape-view.ts";
