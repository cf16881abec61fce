import { describe, expect, it } from "vitest";
import { drawInstance } from "../pool/draw.ts";
import { radicalGrid } from "../pool/item-model.ts";
import { createRng } from "../rng.ts";
import { models } from "./models.ts";
import type { PoolDraft } from "./pool.ts";

/**
 * The answer review's explanations of SM instances (issue 29.2): generated from each
 * instance's rule, in both languages, ending with the calculation that gives the key.
 * The calculation is checked by evaluating it, for every model over many instances.
 */

/** Evaluates "a op b [op c] = d" written with +, −, ×, ÷ from left to right. */
function calculation(text: string): { value: number; result: number } | null {
  const match = /(\d+(?: [+−×÷] \d+)+) = (\d+)\.$/.exec(text);
  if (!match) return null;
  const tokens = (match[1] as string).split(" ");
  let value = Number(tokens[0]);
  for (let i = 1; i < tokens.length; i += 2) {
    const operand = Number(tokens[i + 1]);
    const op = tokens[i];
    value =
      op === "+"
        ? value + operand
        : op === "−"
          ? value - operand
          : op === "×"
            ? value * operand
            : value / operand;
  }
  return { value, result: Number(match[2]) };
}

describe("the worked explanation of every SM model", () => {
  for (const model of models) {
    it(`${model.id}: ends with a calculation that gives the key, in both languages`, () => {
      const rng = createRng(`explain:${model.id}`);
      const cells = radicalGrid(model);
      const texts = new Set<string>();
      for (let i = 0; i < 60; i++) {
        const { instance } = drawInstance(model, rng.pick(cells), `explain-${model.id}-${i}`);
        if (!instance) continue;
        const draft = instance.draft as PoolDraft;
        const text = model.explain?.(draft);
        expect(text, model.id).toBeDefined();
        for (const locale of ["en", "pt-br"] as const) {
          const worked = calculation(text?.[locale] ?? "");
          expect(worked, `${model.id} ${locale}: ${text?.[locale]}`).not.toBeNull();
          expect(worked?.result, text?.[locale]).toBe(draft.answer);
          expect(worked?.value, text?.[locale]).toBe(draft.answer);
        }
        // Written from the instance: its last term (or one the rule uses) is in it.
        expect(text?.en).not.toBe(text?.["pt-br"]);
        texts.add(text?.en ?? "");
      }
      expect(texts.size).toBeGreaterThan(40);
    });
  }
});
