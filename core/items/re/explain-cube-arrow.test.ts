import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { symbolWords } from "./pool-cube.ts";
import {
  type ArrowCubeView,
  type ArrowNetSpec,
  arrowTarget,
  cubeArrowModel,
} from "./pool-cube-arrow.ts";

/**
 * The answer review's explanation of re-cube-arrow instances (issue 29.2): the face the arrow
 * points toward is another face than its own, and the three kinds of wrong options it names
 * are what the options are.
 */
describe("the worked explanation of re-cube-arrow", () => {
  it("names the face the arrow points toward, and the wrong options' mistakes", () => {
    const rng = createRng("explain:re-cube-arrow");
    for (let i = 0; i < 40; i++) {
      const { instance } = drawInstance(
        cubeArrowModel,
        rng.pick(radicalGrid(cubeArrowModel)),
        `eca-${i}`,
      );
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<ArrowNetSpec, ArrowCubeView>;
      const target = arrowTarget(draft.spec);
      expect(target).not.toBe("arrow");
      const text = cubeArrowModel.explain?.(draft);
      expect(text?.en).toContain(
        `points toward the face with ${symbolWords[target as keyof typeof symbolWords].en}`,
      );
      const [turned, swapped, both] = draft.distractors as [
        ArrowCubeView,
        ArrowCubeView,
        ArrowCubeView,
      ];
      const marks = (v: ArrowCubeView) => [v.top, v.left, v.right].join();
      expect(marks(turned)).toBe(marks(draft.answer));
      expect(turned.arrow.edge).not.toBe(draft.answer.arrow.edge);
      expect(marks(swapped)).not.toBe(marks(draft.answer));
      expect(swapped.arrow.edge).toBe(draft.answer.arrow.edge);
      expect(marks(both)).toBe(marks(swapped));
      expect(both.arrow.edge).not.toBe(draft.answer.arrow.edge);
    }
  });
});
