import { mostCommonValueChooser, mostSimilarChooser } from "../checks/blind.ts";
import type { Feature, LocalizedText } from "../model.ts";
import { panel, svgDocument } from "../svg.ts";
import { figure, grid } from "./draw.ts";
import { type Cell, keyUpToRotation, keyUpToRotationAndMirror, size } from "./polyomino.ts";
import type { ShapeOption } from "./types.ts";
import { cellsByRow, numbersEn, numbersPt } from "./words.ts";

/**
 * Options that are figures. The rotation and mirror families draw them, describe them and
 * test their fairness the same way, so that the two families cannot drift apart.
 */

/** True when neither context-blind chooser can tell the four options apart. */
export function fair(features: Record<string, Feature>[]): boolean {
  return mostCommonValueChooser(features).length === 4 && mostSimilarChooser(features).length === 4;
}

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
