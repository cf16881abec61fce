import type { ItemDraft } from "../model.ts";
import type { Rng } from "../rng.ts";
import { missingMark, palette, panel, svgDocument } from "../svg.ts";
import { dashedLine, figure, grid } from "./draw.ts";
import { flipX, flipY, movedVariants, randomChiral, rotate, size } from "./polyomino.ts";
import { fair, shapeFeatures } from "./shape-option.ts";
import type { MirrorSpec, ReOption, ReSpec, ShapeOption } from "./types.ts";
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

export function renderMirrorQuestion(spec: MirrorSpec): string {
  const c = 44;
  const { width, height } = size(spec.figure);
  const box = 170;
  if (spec.axis === "vertical") {
    const h = 300;
    const x0 = 360 - c - width * c;
    const y0 = h / 2 - (height * c) / 2;
    return svgDocument(
      720,
      h,
      panel(2, 2, 716, h - 4, 18) +
        grid(14, 14, 692, h - 28, c, 360, y0) +
        figure(spec.figure, x0, y0, c) +
        dashedLine(360, 12, 360, h - 12, palette.accent) +
        missingMark(360 + 50, h / 2 - box / 2, box, box),
    );
  }
  const h = 520;
  const x0 = 360 - (width * c) / 2;
  const y0 = h / 2 - c - height * c;
  return svgDocument(
    720,
    h,
    panel(2, 2, 716, h - 4, 18) +
      grid(14, 14, 692, h - 28, c, x0, h / 2) +
      figure(spec.figure, x0, y0, c) +
      dashedLine(12, h / 2, 708, h / 2, palette.accent) +
      missingMark(360 - box / 2, h / 2 + 40, box, box),
  );
}
