import type { ItemDraft } from "../model.ts";
import type { Rng } from "../rng.ts";
import { flipX, flipY, movedVariants, randomChiral, rotate } from "./polyomino.ts";
import { fair, shapeFeatures } from "./shape-option.ts";
import type { ReOption, ReSpec, ShapeOption } from "./types.ts";
import { numbersEn, numbersPt } from "./words.ts";

/**
 * Mirror: the reflection of a chiral polyomino across a dashed line. Options (2x2 design):
 * the reflection, a rotation of the figure, and both again with one square moved.
 */

export function mirrorItem(
  code: string,
  rng: Rng,
  count: number,
  maxMove: number,
  axis: "vertical" | "horizontal",
  turns: number[],
): ItemDraft<ReSpec, ReOption> {
  const reflect = axis === "vertical" ? flipX : flipY;
  for (let attempt = 0; attempt < 300; attempt++) {
    const shape = randomChiral(rng, count, 4);
    for (const moved of rng.shuffle(movedVariants(shape, maxMove)).slice(0, 12)) {
      for (let t = 0; t < 20; t++) {
        const a = rng.pick(turns);
        const b = rng.pick(turns);
        const options = [reflect(shape), rotate(shape, a), reflect(moved), rotate(moved, b)];
        if (!fair(options.map(shapeFeatures))) continue;
        const [answer, ...rest] = options.map((cells) => ({ cells }));
        const side =
          axis === "vertical"
            ? {
                en: "to the left of a dashed vertical line",
                pt: "à esquerda de uma linha tracejada vertical",
              }
            : {
                en: "above a dashed horizontal line",
                pt: "acima de uma linha tracejada horizontal",
              };
        return {
          code,
          family: "mirror",
          spec: { figure: shape, axis },
          answer: answer as ShapeOption,
          distractors: rest as [ShapeOption, ShapeOption, ShapeOption],
          title: {
            en: "Which figure is the mirror image of the shape across the dashed line?",
            "pt-br": "Qual figura é a imagem espelhada da forma em relação à linha tracejada?",
          },
          alt: {
            en: `A figure made of ${numbersEn[count]} squares ${side.en}; the other side shows a question mark.`,
            "pt-br": `Uma figura formada por ${numbersPt[count]} quadrados ${side.pt}; do outro lado há um ponto de interrogação.`,
          },
        };
      }
    }
  }
  throw new Error(`${code}: no balanced mirror item`);
}

export { renderMirrorQuestion } from "./shape-view.ts";
