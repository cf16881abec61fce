import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { evaluate } from "./equations.ts";
import { equationsModel, type NumberOption } from "./model-equations.ts";
import type { EquationSpec } from "./types.ts";

/** Evaluates "a op b … = d" with ×, then + and −, as the items do. */
function calculation(text: string): { value: number; result: number } | null {
  const match = /(\d+(?: [+−×] \d+)*) = (\d+)\.$/.exec(text);
  if (!match) return null;
  const tokens = (match[1] as string)
    .split(" ")
    .map((t) => (t === "−" ? "-" : t === "×" ? "*" : t));
  const values: Record<string, number> = {};
  const expression = tokens.map((t, i) => {
    if (i % 2 === 1) return t;
    values[`v${i}`] = Number(t);
    return `v${i}`;
  });
  return { value: evaluate(expression, values), result: Number(match[2]) };
}

describe("the worked explanation of rl-equations", () => {
  it("finds every shape from the equations shown and ends with the asked calculation", () => {
    const rng = createRng("explain:rl-equations");
    const cells = radicalGrid(equationsModel);
    const texts = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const { instance } = drawInstance(equationsModel, rng.pick(cells), `explain-eq-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<EquationSpec, NumberOption>;
      const text = equationsModel.explain?.(draft);
      for (const locale of ["en", "pt-br"] as const) {
        const worked = calculation(text?.[locale] ?? "");
        expect(worked, text?.[locale]).not.toBeNull();
        expect(worked?.value, text?.[locale]).toBe(draft.answer.value);
        expect(worked?.result).toBe(draft.answer.value);
        // Every equation the instance shows is quoted: the reader can follow each step.
        expect((text?.[locale].match(/“/g) ?? []).length).toBe(draft.spec.equations.length);
      }
      texts.add(text?.en ?? "");
    }
    expect(texts.size).toBeGreaterThan(60);
  });
});
