import { describe, expect, it } from "vitest";
import { bankSeed } from "../bank-v2.ts";
import { predictParameters } from "../pool/difficulty.ts";
import { modelById, weightsByCategory } from "../pool/models.ts";
import type { CubeView } from "./cube.ts";
import { generator } from "./generate.ts";
import { type Cell, flipX, key, movedVariants, rotate } from "./polyomino.ts";
import { viewDistance } from "./pool-cube.ts";
import type { FoldSpec, MirrorSpec, NetSpec, RotationSpec, ShapeOption } from "./types.ts";
import { v2Designs } from "./v2-designs.ts";

const codes = Array.from({ length: 10 }, (_, i) => `RE-${String(i + 1).padStart(2, "0")}`);
const bank = new Map(generator.generate(bankSeed).map((item) => [item.code, item]));

/** The model that describes each v2 family. */
const modelOfFamily: Record<string, string> = {
  rotation: "re-rotation",
  mirror: "re-mirror",
  "paper-fold": "re-fold",
  "cube-net": "re-cube",
};

const predicted = (code: string) => {
  const entry = v2Designs[code] as (typeof v2Designs)[string];
  const model = modelById(entry.model);
  if (!model) throw new Error(`${code}: no model ${entry.model}`);
  return predictParameters(weightsByCategory.RE, model.design(entry.radicals));
};

/** Every orientation of a figure, as keys (turns only). */
const turnsOf = (cells: Cell[]) => new Set([0, 1, 2, 3].map((t) => key(rotate(cells, t))));

describe("bank v2's RE items as the pool's models describe them (issue 28.4)", () => {
  it("describes exactly RE-01..RE-10, each by a registered RE model, never re-solid", () => {
    expect(Object.keys(v2Designs).sort()).toEqual(codes);
    for (const code of codes) {
      const entry = v2Designs[code] as (typeof v2Designs)[string];
      const model = modelById(entry.model);
      expect(model, code).toBeDefined();
      expect(model?.category, code).toBe("RE");
      expect(entry.model, code).not.toBe("re-solid");
      expect(entry.note.length, code).toBeGreaterThan(40);
    }
  });

  it("gives every radical of the model, each from its declared domain", () => {
    for (const code of codes) {
      const entry = v2Designs[code] as (typeof v2Designs)[string];
      const model = modelById(entry.model);
      if (!model) throw new Error(code);
      expect(Object.keys(entry.radicals).sort(), code).toEqual(Object.keys(model.radicals).sort());
      for (const [name, value] of Object.entries(entry.radicals))
        expect(model.radicals[name] as readonly unknown[], `${code} ${name}`).toContain(value);
    }
  });

  it("matches the items of bank v2 as built: family, turn, squares, moved square, axis, lure, folds, holes, net distance", () => {
    for (const code of codes) {
      const item = bank.get(code);
      if (!item) throw new Error(`${code} missing from bank v2`);
      const { model, radicals: r } = v2Designs[code] as (typeof v2Designs)[string];
      expect(model, code).toBe(modelOfFamily[item.family]);
      const options = [item.answer, ...item.distractors];
      if (item.family === "rotation") {
        const figure = (item.spec as RotationSpec).figure;
        const answer = (item.answer as ShapeOption).cells;
        const turn = [1, 2, 3].find((t) => key(rotate(figure, t)) === key(answer));
        expect(turn === 2 ? 180 : 90, code).toBe(r.angle);
        expect(figure.length, code).toBe(r.squares);
        // "near": both moved distractors are the figure (or its mirror image) with one square
        // moved at most two places, up to a turn.
        const near = (shape: Cell[], option: Cell[]) =>
          movedVariants(shape, 2).some((m) => turnsOf(m).has(key(option)));
        const [, , moved, mirroredMoved] = options as ShapeOption[];
        const isNear =
          near(figure, (moved as ShapeOption).cells) &&
          near(flipX(figure), (mirroredMoved as ShapeOption).cells);
        expect(isNear ? "near" : "far", code).toBe(r.change);
      } else if (item.family === "mirror") {
        const spec = item.spec as MirrorSpec;
        expect(spec.axis, code).toBe(r.axis);
        expect(spec.figure.length, code).toBe(r.squares);
        const turned = (options[1] as ShapeOption).cells;
        expect(key(rotate(spec.figure, 2)) === key(turned) ? "half" : "quarter", code).toBe(r.lure);
      } else if (item.family === "paper-fold") {
        const spec = item.spec as FoldSpec;
        expect(spec.folds.length, code).toBe(r.folds);
        expect(spec.punched.length, code).toBe(r.holes);
        // v2 folds every time in half: the pool's "halves".
        expect(r.lines, code).toBe("halves");
      } else {
        const faces = (item.spec as NetSpec).faces;
        expect(viewDistance(faces, item.answer as CubeView), code).toBe(r.distance);
      }
    }
  });

  it("predicts every item's b with the RE weights, next to v2's assumed b by position", () => {
    const table = codes.map((code, i) => ({
      code,
      b: predicted(code).b,
      assumed: Math.round((-1.8 + 0.4 * i) * 10) / 10,
    }));
    expect(table).toEqual([
      { code: "RE-01", b: -1.2, assumed: -1.8 },
      { code: "RE-02", b: -1.8, assumed: -1.4 },
      { code: "RE-03", b: -1.4, assumed: -1 },
      { code: "RE-04", b: -2.1, assumed: -0.6 },
      { code: "RE-05", b: -0.9, assumed: -0.2 },
      { code: "RE-06", b: -1.1, assumed: 0.2 },
      { code: "RE-07", b: -0.2, assumed: 0.6 },
      { code: "RE-08", b: -0.9, assumed: 1 },
      { code: "RE-09", b: 0.1, assumed: 1.4 },
      { code: "RE-10", b: 0.1, assumed: 1.8 },
    ]);
    for (const code of codes) {
      const p = predicted(code);
      expect(p.a, code).toBe(weightsByCategory.RE.discrimination);
      expect(p.c, code).toBe(0.25);
    }
  });
});
