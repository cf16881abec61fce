import { missingMark, n, palette, panel, polygonPoints, svgDocument } from "../svg.ts";
import type { Cell, MatrixSpec } from "./matrix.ts";

/**
 * Drawing of RA cells: the same scale in the question and in the options, so that sizes
 * compare across them. The scale depends only on the largest number of figures in the item.
 */

const cellSize = 224;
const gap = 12;
const margin = 12;
/** Radius factor of each size level: clearly apart, even at 290 px for the whole grid. */
const sizeFactor = [0.44, 0.7, 1] as const;

/** The slot radius (largest figure) for an item whose cells hold at most `maxNumber` figures. */
export function slotRadius(maxNumber: number): number {
  if (maxNumber <= 1) return 84;
  if (maxNumber === 2) return 48;
  return 44;
}

/** Fixed positions per number of figures, relative to the cell's centre. */
function positions(count: number, r: number): [number, number][] {
  switch (count) {
    case 1:
      return [[0, 0]];
    case 2:
      return [
        [-1.12 * r, 0],
        [1.12 * r, 0],
      ];
    case 3:
      return [
        [0, -1.05 * r],
        [-1.17 * r, 0.95 * r],
        [1.17 * r, 0.95 * r],
      ];
    default:
      return [
        [-1.12 * r, -1.12 * r],
        [1.12 * r, -1.12 * r],
        [-1.12 * r, 1.12 * r],
        [1.12 * r, 1.12 * r],
      ];
  }
}

/** One figure of radius r; each type is scaled so that one size level looks alike across types. */
export function figure(
  type: Cell["type"],
  cx: number,
  cy: number,
  r: number,
  fill: string,
): string {
  const f = `fill="${fill}"`;
  switch (type) {
    case "triangle": {
      const rt = r * 1.2;
      return `<polygon points="${polygonPoints(cx, cy + rt / 4, rt, 3)}" ${f}/>`;
    }
    case "square":
      return `<polygon points="${polygonPoints(cx, cy, r * 1.2, 4, Math.PI / 4)}" ${f}/>`;
    case "pentagon":
      return `<polygon points="${polygonPoints(cx, cy + r * 0.09, r * 1.02, 5)}" ${f}/>`;
    case "hexagon":
      return `<polygon points="${polygonPoints(cx, cy, r, 6)}" ${f}/>`;
    case "circle":
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.92)}" ${f}/>`;
  }
}

/** The figures of one cell centred on (cx, cy). */
function cellFigures(cell: Cell, cx: number, cy: number, slot: number): string {
  const r = slot * (sizeFactor[cell.size] ?? 1);
  const fill = palette.fills[cell.fill] ?? "none";
  return positions(cell.number, slot)
    .map(([dx, dy]) => figure(cell.type, cx + dx, cy + dy, r, fill))
    .join("");
}

const strokeGroup = (body: string) =>
  `<g stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round">${body}</g>`;

export function itemSlot(spec: Pick<MatrixSpec, "cells">, answer: Cell): number {
  return slotRadius(Math.max(answer.number, ...spec.cells.map((c) => c.number)));
}

export function renderMatrix(spec: Pick<MatrixSpec, "cells">, slot: number): string {
  const size = margin * 2 + cellSize * 3 + gap * 2;
  let panels = "";
  let figures = "";
  for (let i = 0; i < 9; i++) {
    const x = margin + (i % 3) * (cellSize + gap);
    const y = margin + Math.floor(i / 3) * (cellSize + gap);
    panels += panel(x, y, cellSize, cellSize);
    const cell = spec.cells[i];
    if (cell) figures += cellFigures(cell, x + cellSize / 2, y + cellSize / 2, slot);
    else panels += missingMark(x + 14, y + 14, cellSize - 28, cellSize - 28);
  }
  return svgDocument(size, size, panels + strokeGroup(figures));
}

export function renderCell(cell: Cell, slot: number): string {
  return svgDocument(
    240,
    240,
    panel(8, 8, cellSize, cellSize) + strokeGroup(cellFigures(cell, 120, 120, slot)),
  );
}
