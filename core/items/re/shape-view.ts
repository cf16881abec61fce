import type { Feature, LocalizedText } from "../model.ts";
import { missingMark, palette, panel, svgDocument } from "../svg.ts";
import { dashedLine, figure, grid } from "./draw.ts";
import { type Cell, keyUpToRotation, keyUpToRotationAndMirror, size } from "./polyomino.ts";
import type { MirrorSpec, RotationSpec, ShapeOption } from "./types.ts";
import { cellsByRow, numbersEn, numbersPt } from "./words.ts";

/**
 * Figures of squares as the rotation and mirror families show them: the question images,
 * the option images, their alts and visible features. Shared by bank v2 (rotation.ts,
 * mirror.ts) and the pool's models (pool-shapes.ts); imports no check, so that a model may
 * use it.
 */

export function shapeFeatures(cells: Cell[]): Record<string, Feature> {
  const { width, height } = size(cells);
  return {
    shapeUpToRotation: keyUpToRotation(cells),
    shapeUpToRotationAndMirror: keyUpToRotationAndMirror(cells),
    box: `${width}x${height}`,
    squares: cells.length,
  };
}

/** Cell size for an item's options: the same for all four, so that sizes compare. */
function optionCell(figureCells: Cell[]): number {
  const { width, height } = size(figureCells);
  return Math.min(44, Math.floor(180 / Math.max(width, height)));
}

export function renderShapeOption(figureCells: Cell[], cells: Cell[]): string {
  const c = optionCell(figureCells);
  const { width, height } = size(cells);
  const x0 = 120 - (width * c) / 2;
  const y0 = 120 - (height * c) / 2;
  return svgDocument(
    240,
    240,
    panel(2, 2, 236, 236, 18) + grid(12, 12, 216, 216, c, x0, y0) + figure(cells, x0, y0, c),
  );
}

export function shapeOptionAlt(option: ShapeOption): LocalizedText {
  const count = option.cells.length;
  const where = cellsByRow(option.cells);
  return {
    en: `A figure of ${numbersEn[count]} squares; ${where.en}`,
    "pt-br": `Uma figura de ${numbersPt[count]} quadrados; ${where["pt-br"]}`,
  };
}

export function renderRotationQuestion(spec: RotationSpec): string {
  const c = 50;
  const { width, height } = size(spec.figure);
  const x0 = 360 - (width * c) / 2;
  const y0 = 140 - (height * c) / 2;
  return svgDocument(
    720,
    280,
    panel(2, 2, 716, 276, 18) + grid(14, 14, 692, 252, c, x0, y0) + figure(spec.figure, x0, y0, c),
  );
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
