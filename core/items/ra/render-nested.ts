import { missingMark, palette, panel, svgDocument } from "../svg.ts";
import type { ShapeType } from "./matrix.ts";
import { figure } from "./render.ts";

/**
 * Drawing of RA cells that hold two entities: a large figure with a small one inside, each
 * with its own shape and fill (the same scale and strokes as the one-figure cells). The inner
 * figure has a dark outline under its light one, so it stays visible on any outer fill.
 */

export interface NestedCell {
  outer: ShapeType;
  outerFill: number;
  inner: ShapeType;
  innerFill: number;
}

const cellSize = 224;
const gap = 12;
const margin = 12;
const outerRadius = 86;
const innerRadius = 30;
/** The triangle is drawn lower (render.ts): its incircle's centre, where the inner figure goes. */
const triangleCentre = (outerRadius * 1.2) / 4;

const fillOf = (level: number) => palette.fills[level] ?? "none";

function nestedFigures(cell: NestedCell, cx: number, cy: number): string {
  const outer = figure(cell.outer, cx, cy, outerRadius, fillOf(cell.outerFill));
  const dy = cell.outer === "triangle" ? triangleCentre : 0;
  const inner = figure(cell.inner, cx, cy + dy, innerRadius, fillOf(cell.innerFill));
  return (
    `<g stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round">${outer}</g>` +
    `<g stroke="${palette.panel}" stroke-width="9" stroke-linejoin="round">${inner}</g>` +
    `<g stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round">${inner}</g>`
  );
}

export function renderNestedMatrix(cells: readonly NestedCell[]): string {
  const size = margin * 2 + cellSize * 3 + gap * 2;
  let panels = "";
  let figures = "";
  for (let i = 0; i < 9; i++) {
    const x = margin + (i % 3) * (cellSize + gap);
    const y = margin + Math.floor(i / 3) * (cellSize + gap);
    panels += panel(x, y, cellSize, cellSize);
    const cell = cells[i];
    if (cell) figures += nestedFigures(cell, x + cellSize / 2, y + cellSize / 2);
    else panels += missingMark(x + 14, y + 14, cellSize - 28, cellSize - 28);
  }
  return svgDocument(size, size, panels + figures);
}

export function renderNestedCell(cell: NestedCell): string {
  return svgDocument(240, 240, panel(8, 8, cellSize, cellSize) + nestedFigures(cell, 120, 120));
}
