/**
 * Simulated takers from known item parameters (docs/decisions/0024-calibration.md): the
 * pipeline can be tried without data, and the tests check that the fit recovers what
 * the simulation put in. Deterministic from the seed.
 */
import type { Letter } from "../../core/items/questions.ts";
import { createRng, type Rng } from "../../core/items/rng.ts";
import { guessing, type ItemParameters, probabilityRight } from "../../core/scoring/irt.ts";
import { ageBands, unknownAgeBand } from "../../core/scoring/norms-model.ts";
import { letters, type ResponseSet, type Taker } from "./classical.ts";

export const syntheticSeed = "lumen-iq-calibration-synthetic-v1";

/** Share of wrong answers left unanswered. */
const omitShare = 0.05;
/** Every age band of the norms, and takers without a result. */
export const syntheticAgeBands = [...ageBands.map((band) => band.id), unknownAgeBand];

/** A standard normal draw (Box-Muller). */
export function normalDraw(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * The true parameters: within each category b rises from about -2 to +2 (as the bank's
 * items are meant to), a spread over 0.5-1.8, c = 1/4.
 */
export function syntheticItems(codes: readonly string[], rng: Rng): ItemParameters[] {
  return codes.map((code) => {
    const position = Number(code.slice(3)) - 1;
    const b = -2 + (4 * position) / 9 + (rng.next() - 0.5) * 0.6;
    const a = 0.5 + 1.3 * rng.next();
    return { a, b, c: guessing };
  });
}

export interface SyntheticData {
  set: ResponseSet;
  truth: { items: ItemParameters[]; abilities: number[] };
}

/** `takers` people of ability N(0, 1) answering the bank whose key is `key`. */
export function simulate(
  key: Readonly<Record<string, Letter>>,
  takers: number,
  seed = syntheticSeed,
): SyntheticData {
  const rng = createRng(seed);
  const items = Object.keys(key);
  const keyLetters = items.map((code) => key[code] as Letter);
  const truth = syntheticItems(items, rng);
  // Each item's distractors are unequally attractive, as real ones are.
  const pulls = items.map(() => letters.map(() => 0.2 + rng.next()));
  const abilities = Array.from({ length: takers }, () => normalDraw(rng));
  const people: Taker[] = abilities.map((theta) => ({
    ageBand: rng.pick(syntheticAgeBands),
    choices: truth.map((item, j) => {
      const expected = keyLetters[j] as Letter;
      if (rng.next() < probabilityRight(item, theta)) return expected;
      if (rng.next() < omitShare) return null;
      const wrong = letters.filter((letter) => letter !== expected);
      const weights = wrong.map(
        (letter) => (pulls[j] as number[])[letters.indexOf(letter)] as number,
      );
      let draw = rng.next() * weights.reduce((s, w) => s + w, 0);
      for (let d = 0; d < wrong.length; d++) {
        draw -= weights[d] as number;
        if (draw < 0) return wrong[d] as Letter;
      }
      return wrong[wrong.length - 1] as Letter;
    }),
  }));
  return { set: { items, key: keyLetters, takers: people }, truth: { items: truth, abilities } };
}
