/**
 * The RA pool over many instances, as a taker who reads only the options would see it.
 * (Named solver-* so that bank v2's guard, which keeps the choosers out of every generator
 * file of this folder, lets it import them: it is a check, not a generator.)
 */
import { describe, expect, it } from "vitest";
import { type AuditedItem, choosers, hitOf } from "../checks/audit.ts";
import { heuristicChoosers, optionsOf } from "../checks/verify.ts";
import { type Letter, letters } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { models } from "./models.ts";

const combos = models.flatMap((model) =>
  radicalGrid(model).map((radicals) => ({ model, radicals })),
);

describe("the RA pool over many instances", () => {
  it("leaves every context-blind chooser near chance and never ends a draw without an instance", () => {
    const rng = createRng("ra-models-test");
    const items: AuditedItem[] = [];
    // The value and pair tests of verify.ts as choosers (the first test that splits them).
    const heuristicHits: Record<string, number> = {};
    const seen = new Set<string>();
    let tries = 0;
    const n = combos.length * 45; // every radical combination 45 times: over 2,000 instances
    for (let i = 0; i < n; i++) {
      const { model, radicals } = combos[i % combos.length] as (typeof combos)[number];
      const result = drawInstance(model, radicals, `census-${i}`);
      tries += result.tries;
      const instance = result.instance;
      expect(instance).not.toBeNull();
      if (!instance) continue;
      const options = optionsOf(instance.draft);
      seen.add(JSON.stringify([instance.draft.spec, options]));
      const order = rng.shuffle([0, 1, 2, 3]);
      const shown = order.map((k) => options[k]);
      const panels = model.questionPanels(instance.draft);
      const picks = heuristicChoosers(
        shown.map((o) => model.optionFeatures(instance.draft, o)),
        panels,
      );
      for (const [name, picked] of Object.entries(picks))
        heuristicHits[name] =
          (heuristicHits[name] ?? 0) + (picked.includes(order.indexOf(0)) ? 1 / picked.length : 0);
      items.push({
        code: instance.draft.code,
        category: "RA",
        draft: { family: instance.draft.family, spec: instance.draft.spec },
        expect: letters[order.indexOf(0)] as Letter,
        options: shown,
        features: shown.map((o) => model.optionFeatures(instance.draft, o)),
      });
    }
    expect(n).toBeGreaterThanOrEqual(2000);
    expect(seen.size).toBe(n);
    expect((tries - n) / tries).toBeLessThan(0.1);
    for (const [name, chooser] of Object.entries(choosers)) {
      const rate = items.reduce((sum, item) => sum + hitOf(chooser, item), 0) / items.length;
      expect(rate, name).toBeLessThanOrEqual(0.3);
    }
    for (const [name, hits] of Object.entries(heuristicHits))
      expect(hits / items.length, name).toBeLessThanOrEqual(0.3);
  }, 30_000);
});
