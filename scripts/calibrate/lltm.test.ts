import { describe, expect, it } from "vitest";
import type { CategoryWeights } from "../../core/items/pool/difficulty.ts";
import { modelsByCategory, weightsByCategory } from "../../core/items/pool/models.ts";
import { createRng } from "../../core/items/rng.ts";
import { probabilityRight } from "../../core/scoring/irt.ts";
import { independentColumns, invert } from "./linear-algebra.ts";
import { fitModels } from "./lltm.ts";
import type { ModelResponses } from "./lltm-design.ts";
import { modelRecovery } from "./model-recovery.ts";
import { normalDraw } from "./synthetic.ts";
import { simulateForms, weightPerturbation } from "./synthetic-forms.ts";

describe("the linear algebra", () => {
  it("inverts a matrix and says when it cannot", () => {
    const inverse = invert([
      [4, 2],
      [2, 3],
    ]);
    expect(inverse?.[0]?.[0]).toBeCloseTo(0.375, 12);
    expect(inverse?.[0]?.[1]).toBeCloseTo(-0.25, 12);
    expect(inverse?.[1]?.[1]).toBeCloseTo(0.5, 12);
    expect(
      invert([
        [1, 2],
        [2, 4],
      ]),
    ).toBeNull();
  });

  it("keeps a column only when the earlier kept ones do not make it", () => {
    // a, b, a + b, zero, c
    expect(
      independentColumns([
        [1, 0, 1, 0],
        [0, 1, 1, 0],
        [1, 1, 2, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 1],
      ]),
    ).toEqual([true, true, false, false, true]);
  });
});

/**
 * Tolerances (ADR 0040): 800 simulated takers on forms of their own, in about a second.
 * Measured on three seeds: corr(weights) 0.992-0.995, MAE 0.10-0.12, corr of what the
 * simulation added to the current weights 0.90-0.94, coverage 95-98 %, a's MAE 0.08-0.14.
 * A fit that stayed at its start (the current weights) would still correlate with the
 * truth (the perturbation is small beside the weights' spread), so the perturbation's
 * correlation is the check that the data moved the estimates.
 */
describe("the model fit recovers the weights and discriminations it was given", () => {
  const { data, truth } = simulateForms(800);
  const fit = fitModels(data, weightsByCategory, modelsByCategory);
  const recovery = modelRecovery(fit, data, truth);

  it("converges, with every category's weights near the truth", () => {
    expect(fit.converged).toBe(true);
    expect(recovery.weights.length).toBeGreaterThan(50);
    expect(recovery.weightCorrelation).toBeGreaterThan(0.97);
    expect(recovery.weightMeanAbsoluteError).toBeLessThan(0.25);
    expect(recovery.perturbationCorrelation).toBeGreaterThan(0.75);
    expect(recovery.cellBMeanAbsoluteError).toBeLessThan(0.25);
  });

  it("gives standard errors that cover the truth about 95 % of the time", () => {
    expect(recovery.weightCoverage).toBeGreaterThan(0.85);
    expect(recovery.discriminationCoverage).toBeGreaterThan(0.8);
  });

  it("recovers one a per model", () => {
    expect(recovery.discriminations).toHaveLength(20);
    expect(recovery.discriminationMeanAbsoluteError).toBeLessThan(0.25);
    expect(recovery.discriminationCorrelation).toBeGreaterThan(0.6);
  });

  it("is deterministic: the same seed gives the same estimates", () => {
    const again = fitModels(simulateForms(800).data, weightsByCategory, modelsByCategory);
    expect(again.categories).toEqual(fit.categories);
  });

  it("perturbs the truth by the documented amount", () => {
    const moved = Object.entries(truth.weights).flatMap(([category, weights]) =>
      Object.entries(weights.features).map(
        ([name, f]) =>
          f.weight -
          (weightsByCategory[category as keyof typeof weightsByCategory].features[name]?.weight ??
            0),
      ),
    );
    const sd = Math.sqrt(moved.reduce((s, v) => s + v * v, 0) / moved.length);
    expect(sd).toBeGreaterThan(weightPerturbation * 0.7);
    expect(sd).toBeLessThan(weightPerturbation * 1.3);
    for (const a of Object.values(truth.discrimination)) {
      expect(a).toBeGreaterThanOrEqual(0.7);
      expect(a).toBeLessThanOrEqual(1.6);
    }
  });
});

describe("what the data cannot tell apart", () => {
  // A category of two models: every instance has exactly one of two "base" features, and a
  // third feature no answered cell has.
  const weights = {
    SM: {
      intercept: 0,
      discrimination: 1,
      features: {
        "base:one": { weight: -1, evidence: "" },
        "base:two": { weight: 1, evidence: "" },
        steps: { weight: 0.5, evidence: "" },
        never: { weight: 2, evidence: "" },
      },
    },
  } as unknown as Record<"SM", CategoryWeights>;
  const models = { SM: [{ id: "one" }, { id: "two" }, { id: "unused" }] } as never;
  const cells: ModelResponses["cells"] = [
    { category: "SM", model: "one", design: { "base:one": 1 } },
    { category: "SM", model: "one", design: { "base:one": 1, steps: 2 } },
    { category: "SM", model: "two", design: { "base:two": 1, steps: 1 } },
    { category: "SM", model: "two", design: { "base:two": 1, never: 1 } },
  ];
  const rng = createRng("aliased");
  const trueB = [-1.2, -0.1, 1.4];
  const takers = Array.from({ length: 600 }, () => {
    const theta = normalDraw(rng);
    return {
      ageBand: "25-34",
      responses: [0, 1, 2].flatMap((cell) =>
        [0, 1, 2, 3].map(() => ({
          cell,
          right: rng.next() < probabilityRight({ a: 1, b: trueB[cell] as number, c: 0.25 }, theta),
        })),
      ),
    };
  });
  const fit = fitModels({ cells, takers }, weights as never, models);
  const [category] = fit.categories;
  const weight = (name: string) => category?.weights.find((w) => w.name === name);

  it("reports a feature no answered cell has as absent, at its current value, without an SE", () => {
    expect(weight("never")).toMatchObject({
      status: "absent",
      estimate: 2,
      se: null,
      responses: 0,
    });
  });

  it("keeps the intercept when the bases make it, and estimates the bases in its place", () => {
    expect(weight("intercept")).toMatchObject({
      status: "aliased",
      aliasedWith: ["base:one", "base:two"],
      estimate: 0,
      se: null,
    });
    expect(weight("base:one")?.status).toBe("estimated");
    // b of the cells: base:one -1.2, base:one + 2 steps -0.1, base:two + 1 step 1.4.
    expect(weight("base:one")?.estimate).toBeCloseTo(-1.2, 0);
    expect(weight("steps")?.estimate).toBeCloseTo(0.55, 0);
    expect(weight("base:two")?.estimate).toBeCloseTo(0.85, 0);
    expect(weight("steps")?.se).toBeGreaterThan(0);
  });

  it("lists a model nobody answered without an estimate", () => {
    expect(category?.discriminations.find((d) => d.model === "unused")).toMatchObject({
      estimate: null,
      responses: 0,
    });
  });
});
