import { describe, expect, it } from "vitest";
import { renderDraft, verifyDraft } from "../checks/verify.ts";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { type ItemModel, radicalGrid } from "../pool/item-model.ts";
import { models as poolModels } from "./models.ts";
import { solidModel } from "./pool-solid.ts";
import { solver } from "./solve.ts";

type AnyModel = ItemModel<never, unknown, unknown>;
/** The pool's models and the solid model, built and tested but kept out of the pool (models.ts). */
const models = [...poolModels, solidModel];
const byId = (id: string) => models.find((m) => m.id === id) as AnyModel;

function draw(model: AnyModel, radicals: Record<string, number | string>, seed: string) {
  const result = drawInstance(model as ItemModel, radicals, seed);
  if (!result.instance) throw new Error(`${model.id} ${JSON.stringify(radicals)} ${seed}: gave up`);
  return result.instance.draft as ItemDraft<unknown, unknown>;
}

const fits = (draft: ItemDraft<unknown, unknown>, option: unknown) =>
  solver.satisfies(
    JSON.parse(JSON.stringify({ family: draft.family, spec: draft.spec })),
    JSON.parse(JSON.stringify(option)),
  );

describe("RE item models", () => {
  it("have stable ids, five models in the pool (the solid model out of it), and radicals from easiest to hardest with weights for every design feature", () => {
    expect(poolModels.map((m) => m.id)).toEqual([
      "re-rotation",
      "re-mirror",
      "re-fold",
      "re-cube",
      "re-cube-arrow",
    ]);
    for (const model of models) expect(model.category).toBe("RE");
  });

  it("are deterministic: the same model, radicals and seed give the same draft and the same images", () => {
    for (const model of models) {
      const radicals = radicalGrid(model).at(-1) as Record<string, number | string>;
      const a = draw(model as AnyModel, radicals, "same");
      const b = draw(model as AnyModel, radicals, "same");
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      const ra = renderDraft(model as ItemModel, a as ItemDraft);
      const rb = renderDraft(model as ItemModel, b as ItemDraft);
      expect(ra).toEqual(rb);
    }
  });

  it("draw a verified instance for every radical combination, whose key alone fits the solver", () => {
    for (const model of models)
      for (const radicals of radicalGrid(model))
        for (const seed of ["s1", "s2", "s3"]) {
          const result = drawInstance(model, radicals, `${seed}`);
          const label = `${model.id} ${JSON.stringify(radicals)} ${seed}`;
          expect(result.instance, label).not.toBeNull();
          const draft = result.instance?.draft as ItemDraft<unknown, unknown>;
          expect(draft.code).toBe(model.id);
          expect(fits(draft, draft.answer), label).toBe(true);
          for (const d of draft.distractors) expect(fits(draft, d), label).toBe(false);
          expect(JSON.parse(JSON.stringify(draft))).toEqual(draft);
        }
  });

  it("fail the checks when a distractor is replaced by another option that fits the rule", () => {
    const rotation = draw(byId("re-rotation"), { angle: 90, squares: 6, change: "far" }, "p");
    const figure = (rotation.spec as { figure: [number, number][] }).figure;
    // The figure turned half way: also "the same shape, only rotated".
    const turned = figure.map(([x, y]) => [-x, -y] as [number, number]);
    const left = Math.min(...turned.map(([x]) => x));
    const top = Math.min(...turned.map(([, y]) => y));
    const half = turned
      .map(([x, y]) => [x - left, y - top] as [number, number])
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const planted = {
      ...rotation,
      distractors: [{ cells: half }, ...rotation.distractors.slice(1)],
    };
    expect(verifyDraft(byId("re-rotation") as ItemModel, planted as ItemDraft, solver)).toContain(
      "solver: 1 distractor(s) fit the rule too",
    );

    const fold = draw(byId("re-fold"), { folds: 2, holes: 2, lines: "halves" }, "p");
    const twice = { ...fold, distractors: [fold.answer, ...fold.distractors.slice(1)] };
    const failures = verifyDraft(byId("re-fold") as ItemModel, twice as ItemDraft, solver);
    expect(failures).toContain("solver: 1 distractor(s) fit the rule too");
    expect(failures).toContain("options: two options are the same");
  });

  it("fail the checks when a distractor is the object turned another way (any of the 24 turns counts)", () => {
    const model = byId("re-solid") as ItemModel;
    const solid = draw(model as AnyModel, { angle: 180, cubes: 8 }, "p");
    const figure = (solid.spec as { figure: [number, number, number][] }).figure;
    // A quarter turn about the vertical and a half turn about the left-right axis.
    const turned = figure.map(([x, y, z]) => [-y, -x, -z]);
    const planted = { ...solid, distractors: [{ cells: turned }, ...solid.distractors.slice(1)] };
    expect(verifyDraft(model, planted as ItemDraft, solver)).toContain(
      "solver: 1 distractor(s) fit the rule too",
    );
  });

  it("fail the checks when the cube's arrow is turned in the key (the solver follows the arrow)", () => {
    const model = byId("re-cube-arrow") as ItemModel;
    const cube = draw(model as AnyModel, { distance: 8 }, "p");
    const answer = cube.answer as { arrow: { at: string; edge: number } };
    for (const turn of [1, 2, 3]) {
      const turned = {
        ...cube,
        answer: { ...answer, arrow: { ...answer.arrow, edge: (answer.arrow.edge + turn) % 4 } },
      };
      expect(verifyDraft(model, turned as ItemDraft, solver)).toContain(
        "solver: no option fits (a wrong key, or a question that reads two ways)",
      );
    }
  });

  it("fail the checks when a distractor copies the figure the question shows", () => {
    const mirror = draw(byId("re-mirror"), { axis: "vertical", squares: 6, lure: "quarter" }, "p");
    const figure = (mirror.spec as { figure: unknown }).figure;
    const planted = {
      ...mirror,
      distractors: [{ cells: figure }, ...mirror.distractors.slice(1)],
    };
    expect(verifyDraft(byId("re-mirror") as ItemModel, planted as ItemDraft, solver)).toContain(
      "blind: a copy of something the question shows tells options apart",
    );
  });

  it("fail the checks when the key is the only symmetric sheet", () => {
    const model = byId("re-fold") as ItemModel;
    const fold = draw(model as AnyModel, { folds: 1, holes: 1, lines: "halves" }, "p");
    // One fold that halves the sheet: the key mirrors itself across that midline. Three
    // lopsided sheets of the same count make it the one symmetric option.
    const key = (fold.answer as { holes: number[] }).holes;
    expect(model.optionFeatures(fold as ItemDraft, fold.answer).symmetric).toBe(true);
    const lopsided = [0, 1, 2].map((k) => ({ holes: [k, 35 - k * 7].sort((a, b) => a - b) }));
    expect(key).toHaveLength(2);
    const planted = { ...fold, distractors: lopsided };
    for (const d of lopsided)
      expect(model.optionFeatures(planted as ItemDraft, d).symmetric).toBe(false);
    expect(verifyDraft(model, planted as ItemDraft, solver)).toContain(
      'blind: "symmetric" splits the options three to one (the odd one out)',
    );
  });

  it("make fold distractors lose holes as often as they gain them, in every radical cell (the key's count is not its tell)", () => {
    const model = byId("re-fold");
    for (const radicals of radicalGrid(model as ItemModel)) {
      let lost = 0;
      for (let i = 0; i < 60; i++) {
        const draft = draw(model, radicals, `count-${i}`);
        const counts = [draft.answer, ...draft.distractors].map(
          (o) => (o as { holes: number[] }).holes.length,
        );
        const [key, wrong, second, both] = counts as [number, number, number, number];
        const label = `${JSON.stringify(radicals)} count-${i}: ${counts}`;
        // The wrong sheet keeps the key's count; the second pair changes both by the same.
        expect(wrong, label).toBe(key);
        if (key === 2 && radicals.folds === 1 && radicals.lines === "halves") {
          // One hole through one halving fold: the key's only pair moves (a blank sheet
          // would be no option), the wrong sheet gets both pairs.
          expect([second, both], label).toEqual([2, 6]);
          continue;
        }
        expect(both - wrong, label).toBe(second - key);
        expect(second, label).not.toBe(key);
        if (second < key) lost++;
      }
      if (radicals.folds === 1 && radicals.holes === 1 && radicals.lines === "halves") continue;
      expect(lost / 60, JSON.stringify(radicals)).toBeGreaterThanOrEqual(0.3);
      expect(lost / 60, JSON.stringify(radicals)).toBeLessThanOrEqual(0.7);
    }
  });

  it("fail the checks when two options read the same to a screen reader", () => {
    const model = byId("re-cube") as ItemModel;
    const cube = draw(model as AnyModel, { distance: 6 }, "p");
    const muted: ItemModel = {
      ...model,
      optionAlt: () => ({ en: "A cube", "pt-br": "Um cubo" }),
    };
    expect(verifyDraft(muted, cube as ItemDraft, solver).join(" ")).toMatch(
      /alt: two options read the same \(en\)/,
    );
  });
});
