import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { chainDown, explainScales, factsOf } from "./explain-scales.ts";
import type { ScalesSpec, ShapeOption } from "./model-scales.ts";
import { scalesModel } from "./models.ts";
import { theShape } from "./words.ts";

/**
 * The answer review's explanation of rl-scales instances (issue 29.2): every statement it
 * makes is a scale the instance shows, it names the key in its conclusion, and the order it
 * claims holds (checked here by walking the scales independently of the text).
 */
describe("the worked explanation of rl-scales", () => {
  it("states only scales the instance shows and concludes on its key, in both languages", () => {
    const rng = createRng("explain:rl-scales");
    const cells = radicalGrid(scalesModel);
    const asked = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const { instance } = drawInstance(scalesModel, rng.pick(cells), `explain-scales-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<ScalesSpec, ShapeOption>;
      const key = draft.answer.shape;
      const { text, stated } = explainScales(
        draft.spec,
        key,
        draft.distractors.map((d) => d.shape),
      );
      expect(scalesModel.explain?.(draft)).toEqual(text);
      const facts = factsOf(draft.spec.scales);
      for (const fact of stated) expect(facts, JSON.stringify(fact)).toContainEqual(fact);
      const keyName = theShape(key);
      expect(text.en).toMatch(new RegExp(`[Ss]o ${keyName.en} (is|fits)`));
      expect(text["pt-br"]).toContain(keyName["pt-br"]);
      // The claim holds: for "complete", the key is linked to the shown shape in the needed
      // direction; for the others, the key reaches every other shape going down (or up).
      const spec = draft.spec;
      if (spec.ask === "complete" && spec.query) {
        const heavier = spec.query.heavier !== spec.query.side;
        const chain = heavier
          ? chainDown(facts, key, spec.query.shape)
          : chainDown(facts, spec.query.shape, key);
        expect(chain).not.toBeNull();
      } else if (spec.ask === "heaviest" || spec.ask === "lightest") {
        const shapes = [...new Set(spec.scales.flatMap((s) => [s.left, s.right]))];
        for (const other of shapes.filter((s) => s !== key))
          expect(
            spec.ask === "heaviest" ? chainDown(facts, key, other) : chainDown(facts, other, key),
          ).not.toBeNull();
      }
      asked.add(spec.ask);
    }
    expect(asked.size).toBe(5);
  });
});
