import { n, palette } from "../svg.ts";
import type { SymbolName } from "./cube.ts";
import type { Cell } from "./polyomino.ts";

/** Drawing helpers for the RE items (generator side). */

/** The squares of a figure as one path, with the top-left corner of the figure at (x0, y0). */
export function figure(cells: readonly Cell[], x0: number, y0: number, c: number): string {
  const d = cells
    .map(([x, y]) => `M${n(x0 + x * c)} ${n(y0 + y * c)}h${n(c)}v${n(c)}h${n(-c)}z`)
    .join("");
  return `<path d="${d}" fill="${palette.fills[1]}" stroke="${palette.ink}" stroke-width="3" stroke-linejoin="round"/>`;
}

/** A faint grid filling the box (x, y, w, h) whose lines pass through (ox, oy) every `c`. */
export function grid(
  x: number,
  y: number,
  w: number,
  h: number,
  c: number,
  ox: number,
  oy: number,
): string {
  let d = "";
  for (let gx = ox - Math.floor((ox - x) / c) * c; gx <= x + w + 0.01; gx += c) {
    if (gx > x + 0.5 && gx < x + w - 0.5) d += `M${n(gx)} ${n(y)}v${n(h)}`;
  }
  for (let gy = oy - Math.floor((oy - y) / c) * c; gy <= y + h + 0.01; gy += c) {
    if (gy > y + 0.5 && gy < y + h - 0.5) d += `M${n(x)} ${n(gy)}h${n(w)}`;
  }
  return `<path d="${d}" stroke="${palette.panelBorder}" stroke-width="1.5" fill="none"/>`;
}

export function dashedLine(x1: number, y1: number, x2: number, y2: number, color: string): string {
  return `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${color}" stroke-width="3" stroke-dasharray="10 7" stroke-linecap="round"/>`;
}

/** A curved arrow from a to b, bulging to the left of the direction of travel by `bend`. */
export function curvedArrow(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  bend: number,
  color: string,
): string {
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay);
  const cx = mx + ((by - ay) / len) * bend;
  const cy = my - ((bx - ax) / len) * bend;
  // Arrowhead along the tangent at b (from the control point to b).
  const tl = Math.hypot(bx - cx, by - cy);
  const tx = (bx - cx) / tl;
  const ty = (by - cy) / tl;
  const head = 13;
  const p1 = `${n(bx - tx * head - ty * head * 0.6)},${n(by - ty * head + tx * head * 0.6)}`;
  const p2 = `${n(bx - tx * head + ty * head * 0.6)},${n(by - ty * head - tx * head * 0.6)}`;
  const ex = bx - tx * head * 0.6;
  const ey = by - ty * head * 0.6;
  return `<path d="M${n(ax)} ${n(ay)}Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}" fill="none" stroke="${color}" stroke-width="3.5" stroke-linecap="round"/><polygon points="${n(bx)},${n(by)} ${p1} ${p2}" fill="${color}"/>`;
}

/** A straight "next step" arrow. */
export function stepArrow(x: number, y: number, length: number): string {
  return `<path d="M${n(x)} ${n(y)}h${n(length - 8)}" stroke="${palette.muted}" stroke-width="3.5" stroke-linecap="round"/><polygon points="${n(x + length)},${n(y)} ${n(x + length - 12)},${n(y - 8)} ${n(x + length - 12)},${n(y + 8)}" fill="${palette.muted}"/>`;
}

/**
 * A symbol drawn for a face spanning -50..50 in its own coordinates, symmetric under a
 * quarter turn and under reflection, so that a face's orientation never matters. No plus
 * or X: on the top face of an isometric cube a plus looks like an X and the other way round.
 */
function symbolBody(symbol: SymbolName): string {
  const ink = palette.ink;
  const corners = `<circle cx="-17" cy="-17" r="9"/><circle cx="17" cy="-17" r="9"/><circle cx="-17" cy="17" r="9"/><circle cx="17" cy="17" r="9"/>`;
  switch (symbol) {
    case "dot":
      return `<circle r="22" fill="${ink}"/>`;
    case "ring":
      return `<circle r="22" fill="none" stroke="${ink}" stroke-width="9"/>`;
    case "bullseye":
      return `<circle r="25" fill="none" stroke="${ink}" stroke-width="7"/><circle r="9" fill="${ink}"/>`;
    case "square":
      return `<rect x="-21" y="-21" width="42" height="42" fill="${ink}"/>`;
    case "frame":
      return `<rect x="-21" y="-21" width="42" height="42" fill="none" stroke="${ink}" stroke-width="8"/>`;
    case "fourDots":
      return `<g fill="${ink}">${corners}</g>`;
    case "fiveDots":
      return `<g fill="${ink}">${corners}<circle r="9"/></g>`;
  }
}

const m = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * The symbol placed on a face: (cx, cy) is the face centre on screen, (ux, uy) and
 * (vx, vy) the screen vectors of the face's two edges.
 */
export function symbolOnFace(
  symbol: SymbolName,
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
): string {
  return `<g transform="matrix(${m(ux / 100)} ${m(uy / 100)} ${m(vx / 100)} ${m(vy / 100)} ${n(cx)} ${n(cy)})">${symbolBody(symbol)}</g>`;
}
