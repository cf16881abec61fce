import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { overlayModel, type PanelOption } from "./model-overlay.ts";
import { elementNames } from "./overlay.ts";
import type { OverlaySpec } from "./types.ts";

/**
 * The answer review's explanation of rl-overlay instances (issue 29.2): the gate in words,
 * the last row's panels, and the missing panel's elements: every element of the key named,
 * and no other.
 */
describe("the worked explanation of rl-overlay", () => {
  it("names exactly the key's elements as the missing panel, for every gate", () => {
    const rng = createRng("explain:rl-overlay");
    const cells = radicalGrid(overlayModel);
    const gates = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const { instance } = drawInstance(overlayModel, rng.pick(cells), `explain-overlay-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<OverlaySpec, PanelOption>;
      const text = overlayModel.explain?.(draft);
      expect(text).toBeDefined();
      const key = new Set(draft.answer.elements);
      for (const [locale, marker] of [
        ["en", "So the missing panel has: "],
        ["pt-br", "Então o quadro que falta tem: "],
      ] as const) {
        const conclusion = (text?.[locale] ?? "").split(marker)[1] ?? "";
        expect(conclusion, text?.[locale]).not.toBe("");
        for (const [element, name] of Object.entries(elementNames)) {
          const word = locale === "en" ? name.en : name.pt;
          // Names never contain one another: a name found is that element.
          expect(conclusion.includes(word), `${locale} ${word} in "${conclusion}"`).toBe(
            key.has(Number(element)),
          );
        }
      }
      gates.add(draft.spec.op);
    }
    expect(gates.size).toBeGreaterThanOrEqual(5);
  });
});
