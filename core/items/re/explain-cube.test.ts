import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { type CubeView, opposite, validViews } from "./cube.ts";
import { oppositePairs } from "./explain-cube.ts";
import { cubeModel } from "./models.ts";
import { symbolWords } from "./pool-cube.ts";
import type { NetSpec } from "./types.ts";

/**
 * The answer review's explanation of re-cube instances (issue 29.2): the opposite faces it
 * names are opposite on the folded net, the key it describes is a view the net can give, and
 * its account of the wrong options matches what they are.
 */
describe("the worked explanation of re-cube", () => {
  it("names the opposite faces and the key's faces, and sorts the wrong options rightly", () => {
    const rng = createRng("explain:re-cube");
    for (let i = 0; i < 40; i++) {
      const { instance } = drawInstance(cubeModel, rng.pick(radicalGrid(cubeModel)), `ec-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<NetSpec, CubeView>;
      const text = cubeModel.explain?.(draft);
      const net = draft.spec.faces;
      for (const face of net) {
        const [a, b] = [symbolWords[face.symbol].en, symbolWords[opposite(net, face.symbol)].en];
        const named = text?.en.includes(`${a} and ${b}`) || text?.en.includes(`${b} and ${a}`);
        expect(named, `${a} / ${b} in ${text?.en}`).toBe(true);
      }
      const views = validViews(net).map((v) => JSON.stringify(v));
      expect(views).toContain(JSON.stringify(draft.answer));
      const withOpposites = draft.distractors.filter((d) => oppositePairs(net, d).length > 0);
      // No opposite pair yet impossible: the mirrored order.
      for (const d of draft.distractors.filter((x) => !withOpposites.includes(x)))
        expect(views).not.toContain(JSON.stringify(d));
      expect(text?.["pt-br"]).toContain("faces opostas");
    }
  });
});
