import { describe, expect, it } from "vitest";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { explanationSteps } from "./explain.ts";
import { shapeTypes } from "./matrix.ts";
import { models } from "./models.ts";

/**
 * The answer review's explanations of RA instances (issue 29.2): for every model, each
 * attribute's stated line ends with the key's value and follows the rule it names (a step
 * of one, the same three values as the other lines, a sum or a difference, a constant).
 */
const level = (v: string | number) =>
  typeof v === "number" ? v : shapeTypes.indexOf(v as (typeof shapeTypes)[number]);

describe("the worked explanation of every RA model", () => {
  for (const model of models) {
    it(`${model.id}: each attribute's line follows its rule and ends with the key`, () => {
      const rng = createRng(`explain:${model.id}`);
      const cells = radicalGrid(model);
      let checked = 0;
      for (let i = 0; i < 25; i++) {
        const { instance } = drawInstance(model, rng.pick(cells), `ea-${model.id}-${i}`);
        if (!instance) continue;
        // biome-ignore lint/suspicious/noExplicitAny: each RA family has its own cell type
        const draft = instance.draft as any;
        const text = model.explain?.(draft);
        expect(text?.en).toMatch(/So the missing cell holds: .+\.$/);
        expect(text?.["pt-br"]).toMatch(/Então a célula que falta tem: .+\.$/);
        for (const step of explanationSteps(draft.spec, draft.answer)) {
          const [a, b, c] = step.line.map(level) as [number, number, number];
          expect(step.line[2], step.attribute).toBe(draft.answer[step.attribute]);
          if (step.role === "progression") expect(c - b, step.attribute).toBe(b - a);
          if (step.role === "progression") expect(Math.abs(b - a)).toBe(1);
          if (step.role === "arithmetic") expect(a + b === c || a - b === c).toBe(true);
          if (step.role === "row-constant" || step.role === "fixed")
            expect(new Set(step.line).size).toBe(1);
          if (step.role === "distribute-three") expect(new Set(step.line).size).toBe(3);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(40);
    });
  }
});
