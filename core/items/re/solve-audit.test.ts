/**
 * The RE pool's chooser audit and the symmetry of fold sheets, on the check side. (Named
 * solve-*: scripts/questions/bank.test.ts greps every other file of this folder for the
 * audit's name, to keep generators from filtering with it; a test is no generator.)
 */
import { describe, expect, it } from "vitest";
import { type AuditedItem, choosers, hitOf } from "../checks/audit.ts";
import { mirrorSymmetric, symmetricChooser } from "../checks/blind.ts";
import { type ItemDraft, type Letter, letters } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { type ItemModel, radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { models } from "./models.ts";

function draw(model: ItemModel, radicals: Record<string, number | string>, seed: string) {
  const result = drawInstance(model, radicals, seed);
  if (!result.instance) throw new Error(`${model.id} ${JSON.stringify(radicals)} ${seed}: gave up`);
  return result.instance.draft as ItemDraft;
}

describe("RE pool, seen by a taker who reads only the options", () => {
  it("give every context-blind chooser at most 35 % over 480 instances in a random option order (the census runs 2,000+)", () => {
    const items: AuditedItem[] = [];
    const rng = createRng("re-audit");
    for (let i = 0; i < 480; i++) {
      const model = models[i % models.length] as ItemModel;
      const radicals = rng.pick(radicalGrid(model));
      const draft = draw(model, radicals, `audit-${i}`);
      const options = rng.shuffle([draft.answer, ...draft.distractors]);
      items.push({
        code: draft.code,
        category: "RE",
        draft: { family: draft.family, spec: draft.spec },
        expect: letters[options.indexOf(draft.answer)] as Letter,
        options,
        features: options.map((o) => model.optionFeatures(draft, o)),
      });
    }
    for (const [name, chooser] of Object.entries(choosers)) {
      const rate = items.reduce((sum, item) => sum + hitOf(chooser, item), 0) / items.length;
      expect(rate, name).toBeLessThanOrEqual(0.35);
    }
  });

  it("never makes the key of a fold item the only symmetric sheet (checks' own symmetry test, 300 instances)", () => {
    const fold = models.find((m) => m.id === "re-fold") as ItemModel;
    const rng = createRng("re-symmetric");
    let hits = 0;
    for (let i = 0; i < 300; i++) {
      const draft = draw(fold, rng.pick(radicalGrid(fold)), `sym-${i}`);
      const size = (draft.spec as { size: number }).size;
      const flags = [draft.answer, ...draft.distractors].map((o) =>
        mirrorSymmetric(
          (o as { holes: number[] }).holes.map((h) => [h % size, Math.floor(h / size)]),
          size,
          size,
        ),
      );
      const picked = symmetricChooser(flags);
      expect(picked, JSON.stringify(draft.spec)).not.toEqual([0]);
      // All four sheets symmetric, or none: the chooser cannot do better than chance.
      expect(new Set(flags).size, JSON.stringify(draft.spec)).toBe(1);
      if (picked.includes(0)) hits += 1 / picked.length;
      // The model's own flag, seen by the per-instance checks, agrees with the checks' test.
      expect(
        [draft.answer, ...draft.distractors].map((o) => fold.optionFeatures(draft, o).symmetric),
      ).toEqual(flags);
    }
    expect(hits / 300).toBeCloseTo(0.25, 6);
  });

  it("give the key of a fold item the most holes about as often as the fewest (2,160 instances, 120 per radical cell, at most 28 % each)", () => {
    const fold = models.find((m) => m.id === "re-fold") as ItemModel;
    const rng = createRng("re-fold-rank");
    const counted = ["most elements", "fewest elements", "most ink", "least ink"];
    const sums = Object.fromEntries(counted.map((name) => [name, 0]));
    let n = 0;
    for (const radicals of radicalGrid(fold))
      for (let i = 0; i < 120; i++) {
        const draft = draw(fold, radicals, `rank-${n}`);
        const options = rng.shuffle([draft.answer, ...draft.distractors]);
        const item: AuditedItem = {
          code: draft.code,
          category: "RE",
          draft: { family: draft.family, spec: draft.spec },
          expect: letters[options.indexOf(draft.answer)] as Letter,
          options,
          features: options.map((o) => fold.optionFeatures(draft, o)),
        };
        for (const name of counted)
          sums[name] = (sums[name] as number) + hitOf(choosers[name] as never, item);
        n++;
      }
    for (const name of counted) {
      expect((sums[name] as number) / n, name).toBeLessThanOrEqual(0.28);
      expect((sums[name] as number) / n, name).toBeGreaterThanOrEqual(0.22);
    }
  });

  it("keep the model files free of the checks' symmetry helpers", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    // The pool's model files (bank v2's shape-option.ts filters with blind.ts's choosers, as
    // it did before the pool; no pool model imports it).
    for (const file of readdirSync("core/items/re").filter((f) =>
      /^(pool-.*|models|weights|shape-view|words)\.ts$/.test(f),
    ))
      expect(readFileSync(`core/items/re/${file}`, "utf8"), file).not.toMatch(
        /symmetricChooser|mirrorSymmetric|checks\//,
      );
  });
});
