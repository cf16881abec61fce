/** Answer letters balanced within each category, for bank v2 and for every form of the pool. */
import { type Letter, letters } from "./model.ts";
import { createRng } from "./rng.ts";

/**
 * The answer letters of `groups` categories of ten items, in bank order. Within a category
 * each letter is the key two or three times (two letters three times, two letters twice);
 * over four categories the letters that come three times pair up as {A,B}, {C,D}, {A,C},
 * {B,D} in a seeded order, so every letter is the key ten times in the bank. Never four
 * equal letters in a row, across category boundaries too.
 */
export function answerLetters(seed: string, groups = 4): Letter[] {
  const rng = createRng(`${seed}:letters`);
  const pairs = rng.shuffle([
    ["A", "B"],
    ["C", "D"],
    ["A", "C"],
    ["B", "D"],
  ] as Letter[][]);
  const pools = Array.from({ length: groups }, (_, g) => [
    ...letters,
    ...letters,
    ...(pairs[g % 4] as Letter[]),
  ]);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = pools.flatMap((pool) => rng.shuffle(pool));
    if (!/(A{4}|B{4}|C{4}|D{4})/.test(candidate.join(""))) return candidate;
  }
  throw new Error("could not balance the answer letters");
}
