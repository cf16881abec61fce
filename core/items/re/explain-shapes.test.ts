import { describe, expect, it } from "vitest";
import type { ItemDraft } from "../model.ts";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { turnOf } from "./explain-shapes.ts";
import { flipX, flipY, key, keyUpToRotation } from "./polyomino.ts";
import { mirrorModel, rotationModel } from "./pool-shapes.ts";
import type { MirrorSpec, RotationSpec, ShapeOption } from "./types.ts";

/**
 * The answer review's explanations of re-rotation and re-mirror instances (issue 29.2): the
 * turn named is the one that makes the figure the key, and the kinds of wrong options counted
 * are what the options are.
 */
const turnNames = { 1: "quarter turn clockwise", 2: "half turn", 3: "quarter turn anticlockwise" };
const counts = ["No", "One", "Two", "Three"];

describe("the worked explanations of re-rotation and re-mirror", () => {
  it("names the key's turn and counts the mirror images and moved squares among the others", () => {
    const rng = createRng("explain:re-rotation");
    for (let i = 0; i < 60; i++) {
      const { instance } = drawInstance(
        rotationModel,
        rng.pick(radicalGrid(rotationModel)),
        `er-${i}`,
      );
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<RotationSpec, ShapeOption>;
      const text = rotationModel.explain?.(draft);
      const turn = turnOf(draft.spec.figure, draft.answer.cells) as 1 | 2 | 3;
      expect(text?.en).toContain(`turned a ${turnNames[turn]}`);
      const mirrored = keyUpToRotation(flipX(draft.spec.figure));
      const flipped = draft.distractors.filter((d) => keyUpToRotation(d.cells) === mirrored).length;
      expect(text?.en).toContain(
        `${counts[flipped]} of the other options ${flipped === 1 ? "is" : "are"} the shape flipped over`,
      );
      expect(text?.en).toContain(
        `${counts[3 - flipped]} of the other options ${3 - flipped === 1 ? "has" : "have"} a square moved`,
      );
      expect(text?.["pt-br"]).toContain("girada");
    }
  });

  it("says which line reflects the figure, and counts the turned shapes and moved squares among the others", () => {
    const rng = createRng("explain:re-mirror");
    for (let i = 0; i < 60; i++) {
      const { instance } = drawInstance(mirrorModel, rng.pick(radicalGrid(mirrorModel)), `em-${i}`);
      if (!instance) continue;
      const draft = instance.draft as ItemDraft<MirrorSpec, ShapeOption>;
      const text = mirrorModel.explain?.(draft);
      const reflect = draft.spec.axis === "vertical" ? flipX : flipY;
      expect(key(reflect(draft.spec.figure))).toBe(key(draft.answer.cells));
      expect(text?.en).toContain(`across the ${draft.spec.axis} line`);
      const turned = keyUpToRotation(draft.spec.figure);
      const only = draft.distractors.filter((d) => keyUpToRotation(d.cells) === turned).length;
      expect(only).toBeGreaterThan(0);
      expect(text?.en).toContain(
        `${counts[only]} of the other options ${only === 1 ? "is" : "are"} the shape only turned`,
      );
      expect(text?.["pt-br"]).toContain(
        draft.spec.axis === "vertical" ? "linha vertical" : "linha horizontal",
      );
    }
  });
});
