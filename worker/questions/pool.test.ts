import { describe, expect, it } from "vitest";
import { drawInstance } from "../../core/items/pool/draw";
import { fingerprint } from "../../core/items/pool/fingerprint";
import recorded from "../../core/items/pool/fingerprints.generated.json";
import { radicalGrid } from "../../core/items/pool/item-model";
import { modelsByCategory, poolModels } from "../../core/items/pool/models";

/** The pool runs where attempts start: in the Worker (workerd), with the Node census's results. */
describe("the item pool in the Worker", () => {
  it("has models in every category", () => {
    for (const [category, models] of Object.entries(modelsByCategory))
      expect(models.length, category).toBeGreaterThan(0);
  });

  it("builds from each name what Node builds (the recorded fingerprints)", () => {
    const now = Object.fromEntries(poolModels.map((model) => [model.id, fingerprint(model)]));
    expect(now).toEqual(recorded);
  });

  it("draws a verified instance at each model's easiest and hardest radicals", () => {
    for (const model of poolModels) {
      const grid = radicalGrid(model);
      for (const radicals of [grid[0], grid.at(-1)]) {
        const draw = drawInstance(model, radicals as (typeof grid)[number], "workerd");
        expect(draw.instance, `${model.id} ${JSON.stringify(radicals)}`).not.toBeNull();
        expect(drawInstance(model, radicals as (typeof grid)[number], "workerd").instance?.id).toBe(
          draw.instance?.id,
        );
      }
    }
  });
});
