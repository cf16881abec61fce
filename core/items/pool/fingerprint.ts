/**
 * A model's fingerprint: the hash of a dozen of its instances, drawn at fixed radicals and
 * seeds, with their questions and options rendered. An instance is stored by its name
 * alone, (model, radicals, seed), and rebuilt from it: when a model's code changes what a
 * name gives, every stored form that holds it would change under its taker. So the
 * fingerprints are committed (`fingerprints.generated.json`, written by
 * `npm run questions -- fingerprints`), a test compares them in Node and in workerd, and a
 * model whose items must change gets a new id instead (docs/decisions/0037-item-models.md).
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { createRng } from "../rng.ts";
import { drawInstance } from "./draw.ts";
import { type ItemModel, radicalGrid } from "./item-model.ts";

export const fingerprintDraws = 12;

export function fingerprint(model: ItemModel): string {
  const grid = radicalGrid(model);
  const rng = createRng(`fingerprint:${model.id}`);
  const parts: string[] = [];
  for (let i = 0; i < fingerprintDraws; i++) {
    const radicals = i < grid.length ? (grid[i] as (typeof grid)[number]) : rng.pick(grid);
    const { instance } = drawInstance(model, radicals, `fingerprint:${i}`);
    if (!instance) {
      parts.push(`gave up ${i}`);
      continue;
    }
    const { draft } = instance;
    parts.push(
      instance.id,
      JSON.stringify(draft),
      model.renderQuestion(draft),
      ...[draft.answer, ...draft.distractors].flatMap((option) => [
        model.renderOption(draft, option),
        JSON.stringify(model.optionAlt(draft, option)),
      ]),
    );
  }
  return encodeHexLowerCase(sha256(new TextEncoder().encode(parts.join("\n")))).slice(0, 16);
}
