import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { buildInstance } from "../../core/items/pool/draw";
import { type ItemModel, radicalGrid } from "../../core/items/pool/item-model";
import { poolModels } from "../../core/items/pool/models";
import { FontSet } from "./fonts";
import { type Drawing, drawSvg, readSvg, type Shape } from "./svg-drawing";

/** Every image of one instance of each of a model's cells (or a few cells). */
function imagesOf(model: ItemModel, cells: "all" | "ends"): string[] {
  const grid = radicalGrid(model);
  const chosen =
    cells === "all" ? grid : [grid[0], grid.at(-1)].filter((cell) => cell !== undefined);
  return chosen.flatMap((radicals, index) => {
    for (let k = 0; k < 20; k++) {
      const draft = buildInstance(model, { model: model.id, radicals, seed: `pdf-${index}-${k}` });
      if (!draft) continue;
      return [
        model.renderQuestion(draft),
        ...[draft.answer, ...draft.distractors].map((option) => model.renderOption(draft, option)),
      ];
    }
    return [];
  });
}

const drawable = /<(rect|circle|polygon|path|text)\b/g;

/** A drawing written back as SVG, one path per shape with its whole transform (no text). */
function rewrite(drawing: Drawing): string {
  const paths = drawing.shapes
    .filter((shape): shape is Extract<Shape, { kind: "path" }> => shape.kind === "path")
    .map(
      (shape) =>
        `<path d="${shape.d}" transform="matrix(${shape.matrix.join(" ")})" ` +
        `fill="${shape.fill ?? "none"}" fill-opacity="${shape.fillOpacity}" ` +
        `stroke="${shape.stroke ?? "none"}" stroke-width="${shape.strokeWidth}" ` +
        `stroke-dasharray="${shape.dash.length ? shape.dash.join(" ") : "none"}" ` +
        `stroke-linejoin="${shape.join}" stroke-linecap="${shape.cap}"/>`,
    );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${drawing.width}" height="${drawing.height}" ` +
    `viewBox="0 0 ${drawing.width} ${drawing.height}">${paths.join("")}</svg>`
  );
}

function pixels(svg: string): Uint8Array {
  // No fonts are given: resvg draws no text, in the source as in the rewrite.
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return image.pixels;
}

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
});

describe("item images drawn into a PDF", () => {
  it("reads every cell of every item model, one shape per element", () => {
    let images = 0;
    for (const model of poolModels) {
      for (const svg of imagesOf(model, "all")) {
        const drawing = readSvg(svg);
        expect(drawing.shapes.length, model.id).toBe(svg.match(drawable)?.length ?? 0);
        images += 1;
      }
    }
    expect(images).toBeGreaterThan(poolModels.length * 5);
  });

  it("reads each model's images into the same picture (rasterised, pixel by pixel)", () => {
    for (const model of poolModels) {
      for (const svg of imagesOf(model, "ends")) {
        const source = pixels(svg);
        const again = pixels(rewrite(readSvg(svg)));
        expect(again.length).toBe(source.length);
        let differing = 0;
        let painted = 0;
        for (let i = 0; i < source.length; i += 4) {
          if ((source[i + 3] ?? 0) > 0) painted += 1;
          for (let c = 0; c < 4; c++) {
            if (Math.abs((source[i + c] ?? 0) - (again[i + c] ?? 0)) > 40) {
              differing += 1;
              break;
            }
          }
        }
        expect(painted, model.id).toBeGreaterThan(0);
        expect(differing / (source.length / 4), model.id).toBeLessThan(0.002);
      }
    }
  });

  it("the rewrite is not the identity: a wrong transform is seen", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">' +
      '<g transform="rotate(90)"><rect x="10" y="-90" width="30" height="80" fill="#e8ecff"/></g></svg>';
    const drawing = readSvg(svg);
    const wrong: Drawing = {
      ...drawing,
      shapes: drawing.shapes.map((shape) => ({ ...shape, matrix: [1, 0, 0, 1, 0, 0] as const })),
    };
    const source = pixels(svg);
    expect(Buffer.from(pixels(rewrite(drawing))).equals(Buffer.from(source))).toBe(true);
    expect(Buffer.from(pixels(rewrite(wrong))).equals(Buffer.from(source))).toBe(false);
  });

  it.each([
    ['<ellipse cx="1" cy="1" rx="1" ry="1"/>', "element <ellipse>"],
    ['<rect x="0" y="0" width="1" height="1" style="fill:red"/>', "attribute style"],
    ['<g transform="skewX(10)"><rect x="0" y="0" width="1" height="1"/></g>', "transform"],
    ['<rect x="0" y="0" width="1" height="1" fill="red"/>', 'colour "red"'],
    ['<text x="0" y="0">a<tspan>b</tspan></text>', "<tspan>"],
  ])("refuses what it does not know: %s", (inner, message) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">${inner}</svg>`;
    expect(() => readSvg(svg)).toThrow(message);
  });

  it("inherits a group's paint and follows SVG's initial values", () => {
    const drawing = readSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">' +
        '<g stroke="#4fe0c2" stroke-width="3" fill="none"><circle cx="5" cy="5" r="2"/></g>' +
        '<rect x="0" y="0" width="1" height="1"/></svg>',
    );
    expect(drawing.shapes.map((s) => [s.fill, s.stroke, s.strokeWidth])).toEqual([
      [null, "#4fe0c2", 3],
      ["#000000", null, 1],
    ]);
  });

  it("draws the text of an image as text a reader can find in the PDF", async () => {
    const doc = await PDFDocument.create();
    const fonts = await FontSet.embed(doc);
    const page = doc.addPage([600, 200]);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="100" viewBox="0 0 600 100">' +
      '<rect x="10" y="10" width="80" height="80" rx="12" fill="#141c3a" stroke="#2b3868" stroke-width="2"/>' +
      '<text x="50" y="50" font-size="40" font-weight="650" fill="#e8ecff" text-anchor="middle" ' +
      'dominant-baseline="central">71</text>' +
      '<text x="150" y="50" font-size="40" fill="#e8ecff">4 × 3 − 2 = ?</text></svg>';
    drawSvg(page, readSvg(svg), fonts, { x: 0, top: 200, scale: 1 });
    const pdf = await getDocumentProxy(new Uint8Array(await doc.save()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(String(text).replace(/\s+/g, " ")).toContain("71");
    expect(String(text).replace(/\s+/g, " ")).toContain("4 × 3 − 2 = ?");
  });
});
