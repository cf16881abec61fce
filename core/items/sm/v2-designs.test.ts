import { describe, expect, it } from "vitest";
import { bankSeed } from "../bank-v2.ts";
import { predictParameters } from "../pool/difficulty.ts";
import { modelById, weightsByCategory } from "../pool/models.ts";
import { createRng } from "../rng.ts";
import { generator } from "./generate.ts";
import type { PoolSpec } from "./pool.ts";
import { v2Designs } from "./v2-designs.ts";

const codes = Array.from({ length: 10 }, (_, i) => `SM-${String(i + 1).padStart(2, "0")}`);

/** The pool rule family each v2 family is built as. */
const poolFamily: Record<string, string> = {
  arithmetic: "arithmetic",
  geometric: "geometric-fraction",
  interleaved: "interleaved",
  "growing-difference": "growing-difference",
  "squares-offset": "growing-difference",
  fibonacci: "fibonacci",
  "multiply-add": "multiply-add",
  "alternating-ops": "alternating",
  tribonacci: "tribonacci",
};

/** v2 items showing more terms than their cell (said in their notes). */
const extraTerms: Record<string, number> = { "SM-07": 1, "SM-10": 1 };

describe("bank v2's SM items as pool designs (issue 28.4)", () => {
  it("covers SM-01..SM-10 and nothing else", () => {
    expect(Object.keys(v2Designs).sort()).toEqual(codes);
  });

  it("names pool SM models and radical values from their domains", () => {
    for (const code of codes) {
      const { model: id, radicals, note } = v2Designs[code] ?? expect.fail(code);
      const model = modelById(id);
      expect(model, `${code}: ${id}`).toBeDefined();
      expect(model?.category).toBe("SM");
      const domains = model?.radicals as Record<string, readonly unknown[]>;
      expect(Object.keys(radicals).sort(), code).toEqual(Object.keys(domains).sort());
      for (const [name, value] of Object.entries(radicals))
        expect(domains[name], `${code} ${name}`).toContain(value);
      expect(note.length).toBeGreaterThan(20);
    }
  });

  it("predicts every item's parameters with the SM weights", () => {
    for (const code of codes) {
      const { model: id, radicals } = v2Designs[code] ?? expect.fail(code);
      const model = modelById(id) ?? expect.fail(id);
      const parameters = predictParameters(weightsByCategory.SM, model.design(radicals));
      expect(Number.isFinite(parameters.b), code).toBe(true);
      expect(Math.abs(parameters.b)).toBeLessThanOrEqual(3);
      expect(parameters.a).toBe(weightsByCategory.SM.discrimination);
    }
  });

  it("matches each v2 item's rule family and count of terms to what its cell generates", () => {
    const items = generator.generate(bankSeed);
    expect(items.map((item) => item.code)).toEqual(codes);
    for (const item of items) {
      const { model: id, radicals } = v2Designs[item.code] ?? expect.fail(item.code);
      const model = modelById(id) ?? expect.fail(id);
      let draft = null;
      for (let k = 0; k < 40 && !draft; k++)
        draft = model.generate(radicals, createRng(`v2-designs:${item.code}:${k}`));
      const spec = (draft ?? expect.fail(`${item.code}: no instance`)).spec as PoolSpec;
      expect(spec.rule.family, item.code).toBe(poolFamily[item.spec.rule.family]);
      expect(item.spec.terms.length, item.code).toBe(
        spec.terms.length + (extraTerms[item.code] ?? 0),
      );
    }
  });
});
