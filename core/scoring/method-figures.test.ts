import { describe, expect, it } from "vitest";
import { drawForm, targetDifficulty } from "../items/pool/form";
import { guessing } from "./irt";
import { methodFigures } from "./method-figures";

describe("the method page's figures", () => {
  const area = targetDifficulty.map((b) => ({ a: 1, b, c: guessing }));
  const figures = methodFigures([...area, ...area, ...area, ...area], area);

  it("state a whole test far more reliable than one area of ten questions", () => {
    expect(figures.reliability).toBeGreaterThan(0.75);
    expect(figures.reliability).toBeLessThan(0.95);
    expect(figures.areaReliability).toBeLessThan(0.5);
    expect(figures.areaReliability).toBeGreaterThan(0.1);
  });

  it("widen the interval at the ends of the scale", () => {
    const margin = (iq: number) => figures.margins.find((m) => m.iq === iq)?.margin ?? 0;
    expect(margin(100)).toBeGreaterThanOrEqual(8);
    expect(margin(100)).toBeLessThanOrEqual(14);
    expect(margin(70)).toBeGreaterThan(margin(100));
    expect(margin(145)).toBeGreaterThan(margin(115));
  });

  it("match a form actually drawn, within a point", () => {
    const drawn = drawForm("method-figures").items.map((item) => item.parameters);
    const real = methodFigures(drawn, drawn.slice(0, 10));
    expect(Math.abs(real.reliability - figures.reliability)).toBeLessThanOrEqual(0.02);
    for (const [i, { margin }] of real.margins.entries())
      expect(Math.abs(margin - (figures.margins[i]?.margin ?? 0))).toBeLessThanOrEqual(1);
  });
});
