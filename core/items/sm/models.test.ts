import { describe, expect, it } from "vitest";
import { verifyDraft } from "../checks/verify.ts";
import type { ItemDraft } from "../model.ts";
import { buildInstance, drawInstance, maxTries } from "../pool/draw.ts";
import { type ItemModel, instanceId, type Radicals, radicalGrid } from "../pool/item-model.ts";
import { fittingFamilies, nextTerms } from "./infer.ts";
import { models } from "./models.ts";
import type { PoolSpec } from "./pool.ts";
import { solver } from "./solve.ts";
import { weights } from "./weights.ts";

type Sm = ItemModel<Radicals, PoolSpec, number>;
const smModels = models as Sm[];
const seeds = ["t-1", "t-2", "t-3"];

const stored = (draft: ItemDraft<PoolSpec, number>) =>
  JSON.parse(JSON.stringify({ family: draft.family, spec: draft.spec })) as {
    family: string;
    spec: PoolSpec;
  };

function firstDraw(model: Sm, radicals: Radicals, seed: string) {
  const draw = drawInstance(model, radicals, seed);
  if (!draw.instance)
    throw new Error(`${model.id} ${JSON.stringify(radicals)} ${seed}: no instance`);
  return draw.instance.draft as ItemDraft<PoolSpec, number>;
}

describe("the SM item models", () => {
  it("have stable ids, finite radical domains and a weight for every design feature", () => {
    expect(smModels.map((m) => m.id)).toEqual([
      "sm-arithmetic",
      "sm-geometric",
      "sm-interleaved",
      "sm-second-order",
      "sm-combined",
      "sm-two-level",
    ]);
    for (const model of smModels) {
      expect(model.category).toBe("SM");
      for (const radicals of radicalGrid(model))
        for (const feature of Object.keys(model.design(radicals)))
          expect(weights.features[feature], `${model.id} ${feature}`).toBeDefined();
    }
  });

  it("are deterministic: the same model, radicals and seed give the same draft and images", () => {
    for (const model of smModels) {
      const radicals = radicalGrid(model).at(-1) as Radicals;
      const ref = { model: model.id, radicals, seed: "same" };
      const a = buildInstance(model, ref) as ItemDraft<PoolSpec, number> | null;
      const b = buildInstance(model, ref) as ItemDraft<PoolSpec, number> | null;
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      if (a && b) {
        expect(model.renderQuestion(a)).toBe(model.renderQuestion(b));
        expect(model.renderOption(a, a.answer)).toBe(model.renderOption(b, b.answer));
      }
    }
  });

  it("draw a passing instance for every radical combination, within the tries, with readable numbers", () => {
    let tries = 0;
    let draws = 0;
    for (const model of smModels)
      for (const radicals of radicalGrid(model))
        for (const seed of seeds) {
          const draw = drawInstance(model, radicals, seed);
          tries += draw.tries;
          draws++;
          expect(draw.instance, `${model.id} ${JSON.stringify(radicals)} ${seed}`).not.toBeNull();
          const draft = draw.instance?.draft as ItemDraft<PoolSpec, number>;
          expect(draft.code).toBe(model.id);
          expect(verifyDraft(model, draft, solver)).toEqual([]);
          for (const v of [...draft.spec.terms, draft.answer, ...draft.distractors]) {
            expect(Number.isInteger(v) && v >= 1 && v <= 9999, `${v}`).toBe(true);
          }
          expect(draw.tries).toBeLessThan(maxTries);
        }
    // Failed tries stay well under 30 %.
    expect((tries - draws) / tries).toBeLessThan(0.2);
  });

  it("have a solver that accepts the key and rejects every distractor, reading the terms as stored", () => {
    for (const model of smModels)
      for (const radicals of radicalGrid(model)) {
        const draft = firstDraw(model, radicals, "solver");
        const item = stored(draft);
        expect(solver.satisfies(item, draft.answer), `${model.id} key`).toBe(true);
        for (const distractor of draft.distractors)
          expect(solver.satisfies(item, distractor), `${model.id} ${distractor}`).toBe(false);
        // The terms alone, without the declared rule, lead to the key too.
        expect(nextTerms(draft.spec.terms).has(draft.answer), `${model.id} inferred`).toBe(true);
      }
  });

  it("predict difficulty from very easy to harder than bank v2's hardest", () => {
    const bs = smModels.flatMap((model) =>
      radicalGrid(model).map((radicals) => {
        let b = weights.intercept;
        for (const [feature, count] of Object.entries(model.design(radicals)))
          b += (weights.features[feature]?.weight ?? Number.NaN) * count;
        return b;
      }),
    );
    expect(Math.min(...bs)).toBeLessThanOrEqual(-2.4);
    expect(Math.max(...bs)).toBeGreaterThanOrEqual(2.6);
  });
});

describe("the SM solver reads the visible terms", () => {
  it.each([
    [[7, 12, 17, 22], [27]],
    [[3, 6, 12, 24, 48], [96]],
    [[1, 4, 2, 8, 4, 16], [8]],
    [[2, 10, 4, 12, 6], [14]],
    [[3, 4, 6, 9, 14, 22], [35]],
    [[1, 8, 27, 64, 125, 216], [343]],
    [[243, 162, 108, 72], [48]],
    [[6, 37, 11, 35, 16, 33, 21], [31]],
    // -2 and x2 taking turns; the differences -2, +3, -2, +4, -2 would need 3, 4 seen as a rule.
    [[5, 3, 6, 4, 8, 6], [12]],
    [[3, 6, 8, 16, 18, 36], [38]],
    [[12, 15, 21, 24, 30], [33]],
  ])("%j continues only as %j", (terms, next) => {
    expect([...nextTerms(terms)].sort((a, b) => a - b)).toEqual(next);
  });

  it.each([
    // x4 then /2 or x4 then -2: the second operation is seen once.
    [
      [1, 4, 2, 8],
      [6, 4],
    ],
    // x2 - 9 each time (41), or each term plus the sum of its digits (32).
    [
      [10, 11, 13, 17, 25],
      [32, 41],
    ],
    // Fibonacci, or the sum of the two before plus a constant: the same here.
    [[2, 3, 5, 8, 13], [21]],
  ])("%j allows each of %j", (terms, next) => {
    for (const value of next) expect(nextTerms(terms).has(value), `${value}`).toBe(true);
  });

  it("says which families fit", () => {
    expect(fittingFamilies([2, 4, 8, 16, 32]).map((f) => f.family)).toContain("geometric");
    expect(fittingFamilies([2, 4, 8, 16, 32]).every((f) => f.next === 64)).toBe(true);
  });
});

describe("a planted bad SM instance fails the checks", () => {
  const model = smModels[0] as Sm;
  const radicals = { magnitude: "small", direction: "up", visible: 6 };
  const good = firstDraw(model, radicals, "planted");

  it("passes as drawn", () => {
    expect(verifyDraft(model, good, solver)).toEqual([]);
  });

  it("fails when the terms allow a second next term, offered as a distractor", () => {
    // Doubling seen with four terms: x2 throughout (32), or differences that are products (48).
    const draft: ItemDraft<PoolSpec, number> = {
      ...good,
      family: "geometric-fraction",
      spec: { rule: { family: "geometric-fraction", times: 2, over: 1 }, terms: [2, 4, 8, 16] },
      answer: 32,
      distractors: [48, 31, 36],
    };
    expect(verifyDraft(model, draft, solver)).toContain(
      "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
  });

  it("fails when the terms allow a second next term, even one not offered", () => {
    // x2 - 9 each time gives 41; each term plus the sum of its digits gives 32 (not offered).
    const draft: ItemDraft<PoolSpec, number> = {
      ...good,
      family: "multiply-add",
      spec: {
        rule: { family: "multiply-add", factor: 2, addend: -9 },
        terms: [10, 11, 13, 17, 25],
      },
      answer: 41,
      distractors: [49, 33, 45],
    };
    expect(verifyDraft(model, draft, solver)).toContain(
      "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
  });

  it("passes the same shape of item when the terms allow one next term", () => {
    const draft: ItemDraft<PoolSpec, number> = {
      ...good,
      family: "geometric-fraction",
      spec: {
        rule: { family: "geometric-fraction", times: 2, over: 1 },
        terms: [3, 6, 12, 24, 48],
      },
      answer: 96,
      distractors: [72, 98, 90],
    };
    expect(verifyDraft(model, draft, solver)).toEqual([]);
  });

  it("fails when an option copies a term of the question", () => {
    const draft = { ...good, distractors: [good.spec.terms[2], ...good.distractors.slice(1)] };
    expect(verifyDraft(model, draft as typeof good, solver)).toContain(
      "blind: a copy of something the question shows tells options apart",
    );
  });

  it("fails when two option alts read the same", () => {
    const twin: Sm = { ...model, optionAlt: () => ({ en: "a number", "pt-br": "um número" }) };
    expect(verifyDraft(twin, good, solver).some((f) => f.startsWith("alt: two options"))).toBe(
      true,
    );
  });

  it("fails when the key does not continue the terms", () => {
    const draft = { ...good, answer: (good.answer as number) + 1 };
    expect(verifyDraft(model, draft, solver)).toContain(
      "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
  });
});

describe("the SM generators", () => {
  it("name instances by model, radicals and seed", () => {
    expect(
      instanceId({ model: "sm-arithmetic", radicals: { visible: 6, direction: "up" }, seed: "s" }),
    ).toBe("sm-arithmetic|direction=up,visible=6|s");
  });
});
