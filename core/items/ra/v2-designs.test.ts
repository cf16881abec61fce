import { describe, expect, it } from "vitest";
import { bankSeed } from "../bank-v2.ts";
import { predictParameters } from "../pool/difficulty.ts";
import { modelById, weightsByCategory } from "../pool/models.ts";
import { generator } from "./generate.ts";
import type { MatrixSpec } from "./matrix.ts";
import { v2Designs } from "./v2-designs.ts";

const codes = Array.from({ length: 10 }, (_, i) => `RA-${String(i + 1).padStart(2, "0")}`);

/** The b each v2 item gets from the pool's weights (docs/items/ra.md's table). */
const predictedB: Record<string, number> = {
  "RA-01": -2.5,
  "RA-02": -2.5,
  "RA-03": -2.5,
  "RA-04": -1.3,
  "RA-05": -1.3,
  "RA-06": -1.3,
  "RA-07": 0.4,
  "RA-08": 0.4,
  "RA-09": 0.8,
  "RA-10": 1.6,
};

/** Items whose rule kinds differ from their cell's (the note says how). */
const looseKinds = new Set(["RA-03"]);

const modelOf = (code: string) => {
  const design = v2Designs[code];
  if (!design) throw new Error(`no design for ${code}`);
  const model = modelById(design.model);
  if (!model) throw new Error(`no model ${design.model}`);
  return { design, model };
};

describe("bank v2's RA items as pool designs (issue 28.4)", () => {
  it("describes exactly the ten codes RA-01..RA-10, each with a note", () => {
    expect(Object.keys(v2Designs).sort()).toEqual(codes);
    for (const code of codes) expect(v2Designs[code]?.note.length, code).toBeGreaterThan(40);
  });

  it("names RA models of the pool, with every radical set and in its domain", () => {
    for (const code of codes) {
      const { design, model } = modelOf(code);
      expect(model.category, code).toBe("RA");
      expect(Object.keys(design.radicals).sort(), code).toEqual(Object.keys(model.radicals).sort());
      for (const [name, value] of Object.entries(design.radicals))
        expect(model.radicals[name], `${code} ${name}`).toContain(value);
    }
  });

  it("predicts each item's b with the category's weights", () => {
    for (const code of codes) {
      const { design, model } = modelOf(code);
      const parameters = predictParameters(weightsByCategory.RA, model.design(design.radicals));
      expect(parameters.b, code).toBeCloseTo(predictedB[code] as number, 6);
      expect(parameters.a, code).toBe(weightsByCategory.RA.discrimination);
      expect(parameters.c, code).toBe(0.25);
    }
  });

  it("matches v2's recipes: rules along the rows, one entity, the same rule kinds", () => {
    const items = generator.generate(bankSeed);
    expect(items.map((item) => item.code)).toEqual(codes);
    for (const item of items) {
      const { design, model } = modelOf(item.code);
      const row = model.design(design.radicals);
      const kinds = Object.values((item.spec as MatrixSpec).rules).map((rule) => rule.kind);
      const count = (kind: string) => kinds.filter((k) => k === kind).length;
      expect(row.rules, item.code).toBe(kinds.length - count("constant"));
      expect(row.entities, item.code).toBe(0);
      expect(row.columns, item.code).toBe(0);
      expect(row.crossed, item.code).toBe(0);
      const v2Kinds = [count("progression"), count("distribute-three"), count("arithmetic")];
      const cellKinds = [
        row["rule:progression"],
        row["rule:distribute-three"],
        row["rule:arithmetic"],
      ];
      if (looseKinds.has(item.code)) expect(cellKinds, item.code).not.toEqual(v2Kinds);
      else expect(cellKinds, item.code).toEqual(v2Kinds);
    }
  });

  it("orders v2's RA items by predicted b, with ties, below v2's assumed top", () => {
    const bs = codes.map((code) => predictedB[code] as number);
    for (let i = 1; i < bs.length; i++) expect(bs[i]).toBeGreaterThanOrEqual(bs[i - 1] as number);
    // v2 assumed -1.8 + 0.4 * (n - 1): the formula puts 01-03 lower and 10 lower too.
    expect(bs[0]).toBeLessThan(-1.8);
    expect(bs[9]).toBeLessThan(1.8);
  });
});
