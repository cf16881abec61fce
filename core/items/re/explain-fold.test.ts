import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { type FoldLinesSpec, foldModel } from "./pool-fold.ts";
import type { SheetOption } from "./types.ts";
import { countWord } from "./words.ts";

/**
 * The answer review's explanation of re-fold instances (issue 29.2): the folds undone from
 * the last, and the layers each punch went through adding up to the key's holes.
 */
describe("the worked explanation of re-fold", () => {
  it("undoes the folds from the last and counts the key's holes from the layers punched", () => {
    const rng = createRng("explain:re-fold");
    for (let i = 0; i < 80; i++) {
      const { instance } = drawInstance(foldModel, rng.pick(radicalGrid(foldModel)), `ef-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<FoldLinesSpec, SheetOption>;
      const text = foldModel.explain?.(draft);
      const holes = draft.answer.holes.length;
      expect(text?.en).toContain(
        `so the open sheet has ${countWord(holes, "en")} ${holes === 1 ? "hole" : "holes"}`,
      );
      expect(text?.["pt-br"]).toContain(`a folha aberta tem ${countWord(holes, "pt-br")}`);
      expect(
        text?.en.startsWith(draft.spec.folds.length === 1 ? "Undo the fold" : "Undo the folds"),
      ).toBe(true);
    }
  });
});
