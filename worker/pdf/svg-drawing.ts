import {
  concatTransformationMatrix,
  LineCapStyle,
  LineJoinStyle,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setLineJoin,
} from "pdf-lib";
import type { FontRole, FontSet } from "./fonts";
import { hex } from "./typeset";

/**
 * An item image drawn into a PDF as vectors (issue 29.2: the answer review's images in the
 * report's PDF). The item SVGs are the site's own (core/items), made of a few elements:
 * `g`, `rect`, `circle`, `polygon`, `path` and `text`, with fills, strokes, dashes, opacity
 * and affine transforms. This reads exactly that subset into shapes, and draws the shapes
 * with pdf-lib; anything else (an element, an attribute or a transform this does not know)
 * is an error, so an item model that starts using one fails the tests that draw every
 * model's images (worker/pdf/svg-drawing.unit.test.ts) instead of drawing wrongly.
 * Text is drawn with the PDF's own Inter, the first face the SVGs ask for.
 */

/** An affine transform [a b c d e f], as SVG's matrix() and PDF's cm. */
export type Matrix = readonly [number, number, number, number, number, number];

const identity: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer` applied after `inner`: the matrix of a child inside its parent. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a * a2 + c * b2,
    b * a2 + d * b2,
    a * c2 + c * d2,
    b * c2 + d * d2,
    a * e2 + c * f2 + e,
    b * e2 + d * f2 + f,
  ];
}

interface Paint {
  /** null: none. */
  fill: string | null;
  fillOpacity: number;
  stroke: string | null;
  strokeWidth: number;
  dash: readonly number[];
  join: "miter" | "round" | "bevel";
  cap: "butt" | "round" | "square";
}

export type Shape =
  | ({ kind: "path"; d: string; matrix: Matrix } & Paint)
  | ({
      kind: "text";
      text: string;
      x: number;
      y: number;
      size: number;
      bold: boolean;
      anchor: "start" | "middle" | "end";
      central: boolean;
      matrix: Matrix;
    } & Paint);

export interface Drawing {
  width: number;
  height: number;
  shapes: Shape[];
}

/** SVG's initial values: black fill, no stroke. */
const initialPaint: Paint = {
  fill: "#000000",
  fillOpacity: 1,
  stroke: null,
  strokeWidth: 1,
  dash: [],
  join: "miter",
  cap: "butt",
};

const paintAttributes = new Set([
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-linejoin",
  "stroke-linecap",
  "transform",
]);

const geometry: Record<string, readonly string[]> = {
  svg: ["xmlns", "width", "height", "viewBox"],
  g: [],
  rect: ["x", "y", "width", "height", "rx"],
  circle: ["cx", "cy", "r"],
  polygon: ["points"],
  path: ["d"],
  text: ["x", "y", "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline"],
};

function numbers(text: string): number[] {
  return (text.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number);
}

function parseTransform(text: string): Matrix {
  let matrix = identity;
  for (const [, name, args] of text.matchAll(/(\w+)\(([^)]*)\)/g)) {
    const v = numbers(args ?? "");
    let step: Matrix;
    if (name === "matrix" && v.length === 6) step = v as unknown as Matrix;
    else if (name === "translate" && v.length >= 1) step = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
    else if (name === "scale" && v.length >= 1) step = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
    else if (name === "rotate" && (v.length === 1 || v.length === 3)) {
      const angle = ((v[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      step = multiply(multiply([1, 0, 0, 1, cx, cy], [cos, sin, -sin, cos, 0, 0]), [
        1,
        0,
        0,
        1,
        -cx,
        -cy,
      ]);
    } else throw new Error(`svg drawing: transform "${text}" is not supported`);
    matrix = multiply(matrix, step);
  }
  return matrix;
}

function colour(value: string): string | null {
  if (value === "none") return null;
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  if (/^#[0-9a-f]{3}$/i.test(value)) return `#${[...value.slice(1)].map((h) => h + h).join("")}`;
  throw new Error(`svg drawing: colour "${value}" is not supported`);
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`svg drawing: ${what} "${value}" is not supported`);
}

/** The paint an element or group hands down, after its own attributes. */
function paintOf(inherited: Paint, attributes: Map<string, string>): Paint {
  const paint = { ...inherited };
  for (const [name, value] of attributes) {
    if (name === "fill") paint.fill = colour(value);
    else if (name === "fill-opacity") paint.fillOpacity = Number(value);
    else if (name === "stroke") paint.stroke = colour(value);
    else if (name === "stroke-width") paint.strokeWidth = Number(value);
    else if (name === "stroke-dasharray") paint.dash = value === "none" ? [] : numbers(value);
    else if (name === "stroke-linejoin") {
      paint.join = oneOf(value, ["miter", "round", "bevel"] as const, "stroke-linejoin");
    } else if (name === "stroke-linecap") {
      paint.cap = oneOf(value, ["butt", "round", "square"] as const, "stroke-linecap");
    }
  }
  return paint;
}

function attributesOf(tag: string, text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const known = geometry[tag];
  if (!known) throw new Error(`svg drawing: element <${tag}> is not supported`);
  for (const [, name, value] of text.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (name === undefined || value === undefined) continue;
    if (!known.includes(name) && !paintAttributes.has(name)) {
      throw new Error(`svg drawing: attribute ${name} of <${tag}> is not supported`);
    }
    attributes.set(name, value);
  }
  return attributes;
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
};

function decode(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|\w+);/gi, (entity, dec, hexCode) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hexCode) return String.fromCodePoint(Number.parseInt(hexCode, 16));
    const named = entities[entity];
    if (named === undefined) throw new Error(`svg drawing: entity ${entity} is not supported`);
    return named;
  });
}

function num(attributes: Map<string, string>, name: string, fallback = 0): number {
  const value = attributes.get(name);
  return value === undefined ? fallback : Number(value);
}

/** The outline of a geometric element as path data, in its own coordinates. */
function outline(tag: string, attributes: Map<string, string>): string {
  if (tag === "path") return attributes.get("d") ?? "";
  if (tag === "polygon") {
    const v = numbers(attributes.get("points") ?? "");
    const points: string[] = [];
    for (let i = 0; i + 1 < v.length; i += 2) points.push(`${v[i]} ${v[i + 1]}`);
    return `M${points.join("L")}Z`;
  }
  if (tag === "circle") {
    const [cx, cy, r] = [num(attributes, "cx"), num(attributes, "cy"), num(attributes, "r")];
    return `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;
  }
  const [x, y] = [num(attributes, "x"), num(attributes, "y")];
  const [w, h] = [num(attributes, "width"), num(attributes, "height")];
  const r = Math.min(num(attributes, "rx"), w / 2, h / 2);
  if (r <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
  return (
    `M${x + r} ${y}H${x + w - r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h - r}` +
    `A${r} ${r} 0 0 1 ${x + w - r} ${y + h}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + h - r}` +
    `V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`
  );
}

/** An item SVG read into shapes, each with its full transform and paint. */
export function readSvg(svg: string): Drawing {
  const groups: { paint: Paint; matrix: Matrix }[] = [{ paint: initialPaint, matrix: identity }];
  const shapes: Shape[] = [];
  let size: { width: number; height: number } | null = null;
  let text: { attributes: Map<string, string>; paint: Paint; matrix: Matrix; body: string } | null =
    null;
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, tag, rest, selfClosing, body] = match;
    if (body !== undefined) {
      if (text) text.body += body;
      else if (body.trim() !== "") throw new Error("svg drawing: text outside <text>");
      continue;
    }
    if (tag === undefined) continue;
    const top = groups[groups.length - 1] as (typeof groups)[number];
    if (closing) {
      if (tag === "g") groups.pop();
      if (tag === "text" && text) {
        const { attributes, paint, matrix } = text;
        const weight = attributes.get("font-weight") ?? "400";
        shapes.push({
          kind: "text",
          text: decode(text.body),
          x: num(attributes, "x"),
          y: num(attributes, "y"),
          size: num(attributes, "font-size", 16),
          bold: Number(weight) >= 600 || weight === "bold",
          anchor: oneOf(
            attributes.get("text-anchor") ?? "start",
            ["start", "middle", "end"] as const,
            "text-anchor",
          ),
          central: (attributes.get("dominant-baseline") ?? "auto") === "central",
          matrix,
          ...paint,
        });
        text = null;
      }
      continue;
    }
    if (text) throw new Error(`svg drawing: <${tag}> inside <text> is not supported`);
    const attributes = attributesOf(tag, rest ?? "");
    if (tag === "svg") {
      const box = numbers(attributes.get("viewBox") ?? "");
      if (box.length !== 4 || box[0] !== 0 || box[1] !== 0) {
        throw new Error("svg drawing: the image needs a viewBox from 0 0");
      }
      size = { width: box[2] ?? 0, height: box[3] ?? 0 };
      continue;
    }
    const paint = paintOf(top.paint, attributes);
    const transform = attributes.get("transform");
    const matrix = transform ? multiply(top.matrix, parseTransform(transform)) : top.matrix;
    if (tag === "g") {
      if (!selfClosing) groups.push({ paint, matrix });
      continue;
    }
    if (tag === "text") {
      text = { attributes, paint, matrix, body: "" };
      if (selfClosing) text = null;
      continue;
    }
    shapes.push({ kind: "path", d: outline(tag, attributes), matrix, ...paint });
  }
  if (!size) throw new Error("svg drawing: no <svg> element");
  return { ...size, shapes };
}

const joins = {
  miter: LineJoinStyle.Miter,
  round: LineJoinStyle.Round,
  bevel: LineJoinStyle.Bevel,
} as const;
const caps = {
  butt: LineCapStyle.Butt,
  round: LineCapStyle.Round,
  square: LineCapStyle.Projecting,
} as const;

/**
 * Where Inter's "central" baseline sits: halfway between its ascender (0.96875 em) and
 * descender (-0.2421875 em), so a text drawn at y has its baseline 0.363 em lower.
 */
const centralDrop = (0.96875 - 0.2421875) / 2;

/**
 * Draws an item image with its top left corner at (x, top) in PDF points, `scale` points
 * per SVG unit.
 */
export function drawSvg(
  page: PDFPage,
  drawing: Drawing,
  fonts: FontSet,
  at: { x: number; top: number; scale: number },
): void {
  // SVG's y grows downwards: the image's own coordinates are mapped with y flipped once.
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(at.scale, 0, 0, -at.scale, at.x, at.top),
  );
  for (const shape of drawing.shapes) {
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...shape.matrix));
    if (shape.kind === "path") drawPath(page, shape);
    else drawText(page, shape, fonts);
    page.pushOperators(popGraphicsState());
  }
  page.pushOperators(popGraphicsState());
}

function drawPath(page: PDFPage, shape: Extract<Shape, { kind: "path" }>): void {
  if (shape.fill === null && shape.stroke === null) return;
  // pdf-lib flips y for SVG path data; the drawing is already in SVG's orientation.
  page.pushOperators(concatTransformationMatrix(1, 0, 0, -1, 0, 0), setLineJoin(joins[shape.join]));
  page.drawSvgPath(shape.d, {
    x: 0,
    y: 0,
    ...(shape.fill !== null ? { color: hex(shape.fill), opacity: shape.fillOpacity } : {}),
    ...(shape.stroke !== null
      ? {
          borderColor: hex(shape.stroke),
          borderWidth: shape.strokeWidth,
          borderDashArray: [...shape.dash],
          borderLineCap: caps[shape.cap],
        }
      : {}),
  });
}

function drawText(page: PDFPage, shape: Extract<Shape, { kind: "text" }>, fonts: FontSet): void {
  if (shape.fill === null) return;
  const role: FontRole = shape.bold ? "bold" : "body";
  const width = fonts.width(shape.text, role, shape.size);
  const left = shape.anchor === "middle" ? width / 2 : shape.anchor === "end" ? width : 0;
  const baseline = shape.y + (shape.central ? centralDrop * shape.size : 0);
  // Glyphs are drawn upright: y flipped back around the baseline.
  page.pushOperators(concatTransformationMatrix(1, 0, 0, -1, shape.x - left, baseline));
  let x = 0;
  for (const piece of fonts.pieces(shape.text, role)) {
    page.drawText(piece.text, {
      x,
      y: 0,
      size: shape.size,
      font: piece.font,
      color: hex(shape.fill),
      opacity: shape.fillOpacity,
    });
    x += piece.font.widthOfTextAtSize(piece.text, shape.size);
  }
}
