import { describe, expect, it } from "vitest";
import { bankSeed } from "../bank-v2.ts";
import { predictParameters } from "../pool/difficulty.ts";
import { modelById, weightsByCategory } from "../pool/models.ts";
import { generator } from "./generate.ts";
import type { EquationSpec, OverlaySpec } from "./types.ts";
import { v2Designs } from "./v2-designs.ts";

const codes = Array.from({ length: 10 }, (_, i) => `RL-${String(i + 1).padStart(2, "0")}`);

/** Predicted b of each v2 item under the pool's weights, next to v2's assumed b by position. */
const expected: Record<string, { predicted: number; assumed: number }> = {
  "RL-01": { predicted: -2.0, assumed: -1.8 },
  "RL-02": { predicted: -2.2, assumed: -1.4 },
  "RL-03": { predicted: -1.5, assumed: -1.0 },
  "RL-04": { predicted: -0.6, assumed: -0.6 },
  "RL-05": { predicted: -0.95, assumed: -0.2 },
  "RL-06": { predicted: 0.1, assumed: 0.2 },
  "RL-07": { predicted: 1.65, assumed: 0.6 },
  "RL-08": { predicted: -0.6, assumed: 1.0 },
  "RL-09": { predicted: 1.1, assumed: 1.4 },
  "RL-10": { predicted: 1.65, assumed: 1.8 },
};

const gateOf: Record<OverlaySpec["op"], string> = {
  or: "or",
  and: "and",
  "a-minus-b": "difference",
  "b-minus-a": "difference",
  xor: "xor",
  xor3: "xor3",
};

/** The radicals read off a v2 item's structure, as the pool's models define them. */
function observed(spec: OverlaySpec | EquationSpec): { model: string; radicals: object } {
  if (spec.kind === "overlay")
    return {
      model: "rl-overlay",
      radicals: {
        gate: gateOf[spec.op],
        elements: spec.rows.flat(2).some((e) => e >= 8) ? "lines-dots" : "lines",
      },
    };
  const expressions = [...spec.equations.map((e) => e.left), spec.question];
  const shapes = new Set(spec.equations.flatMap((e) => e.left.filter((_, i) => i % 2 === 0)));
  const alone = spec.equations.some(
    (e) => new Set(e.left.filter((_, i) => i % 2 === 0)).size === 1,
  );
  const uses = (op: string) => expressions.some((e) => e.includes(op));
  return {
    model: "rl-equations",
    radicals: {
      unknowns: shapes.size,
      solving: alone ? "substitute" : "eliminate",
      operations: uses("*") ? "multiply" : uses("-") ? "subtract" : "add",
    },
  };
}

describe("bank v2's RL items as the pool's models describe them", () => {
  it("covers every code, RL-01 to RL-10, and no other", () => {
    expect(Object.keys(v2Designs).sort()).toEqual(codes);
    for (const code of codes) expect(v2Designs[code]?.note.length, code).toBeGreaterThan(40);
  });

  it("names RL models of the pool, with every radical given and in its model's domain", () => {
    for (const code of codes) {
      const design = v2Designs[code] as (typeof v2Designs)[string];
      const model = modelById(design.model);
      expect(model, code).toBeDefined();
      expect(model?.category).toBe("RL");
      const domains = model?.radicals as Record<string, readonly unknown[]>;
      expect(Object.keys(design.radicals).sort(), code).toEqual(Object.keys(domains).sort());
      for (const [name, value] of Object.entries(design.radicals))
        expect(domains[name], `${code} ${name}`).toContain(value);
    }
  });

  it("predicts each item's parameters with the category's weights", () => {
    const weights = weightsByCategory.RL;
    codes.forEach((code, i) => {
      const design = v2Designs[code] as (typeof v2Designs)[string];
      const model = modelById(design.model);
      const parameters = predictParameters(weights, model?.design(design.radicals) ?? {});
      expect(parameters.a).toBe(weights.discrimination);
      expect(parameters.c).toBe(0.25);
      expect(parameters.b, code).toBeCloseTo(expected[code]?.predicted as number, 6);
      expect(expected[code]?.assumed, code).toBeCloseTo(-1.8 + 0.4 * i, 6);
    });
  });

  it("matches the radicals read off the v2 items themselves (gate, elements, unknowns, solving, operations)", () => {
    const items = generator.generate(bankSeed);
    expect(items.map((item) => item.code)).toEqual(codes);
    for (const item of items) {
      const design = v2Designs[item.code] as (typeof v2Designs)[string];
      expect({ model: design.model, radicals: design.radicals }, item.code).toEqual(
        observed(item.spec as OverlaySpec | EquationSpec),
      );
    }
  });
});
