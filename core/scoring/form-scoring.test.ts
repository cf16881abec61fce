import { describe, expect, it } from "vitest";
import { drawForm } from "../items/pool/form";
import type { Letter } from "../items/questions";
import { createRng } from "../items/rng";
import { scoreForm } from "./form-scoring";
import { probabilityRight } from "./irt";

const forms = Array.from({ length: 20 }, (_, i) => drawForm(`scoring-${i}`));
const testDate = new Date("2026-11-28T12:00:00Z");
/** 30 years old on the test date: the reference band 25-34 (mean ability 0). */
const dateOfBirth = "1996-05-10";

function answersOf(form: (typeof forms)[number], right: (index: number) => boolean) {
  return Object.fromEntries(
    form.items.map((item, i) => {
      const wrong = (["A", "B", "C", "D"] as Letter[]).find((l) => l !== item.key) as Letter;
      return [item.code, right(i) ? item.key : wrong];
    }),
  );
}

const score = (form: (typeof forms)[number], answers: Record<string, Letter>, dob = dateOfBirth) =>
  scoreForm({ items: form.items, answers, dateOfBirth: dob, testDate });

describe("a score from the form actually taken", () => {
  it("recovers simulated IQs, with errors the size of the person's own standard error", () => {
    const rng = createRng("form-scoring-recovery");
    const z: number[] = [];
    for (const form of forms)
      for (let person = 0; person < 60; person++) {
        const theta = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
        const answers = answersOf(form, (i) => {
          const item = form.items[i];
          return item !== undefined && rng.next() < probabilityRight(item.parameters, theta);
        });
        const result = score(form, answers);
        if (result.atFloor || result.atCeiling) continue;
        const se = 15 * result.ability.se;
        z.push((100 + 15 * theta - (100 + 15 * result.ability.theta)) / se);
      }
    const mean = z.reduce((s, v) => s + v, 0) / z.length;
    const sd = Math.sqrt(z.reduce((s, v) => s + (v - mean) ** 2, 0) / z.length);
    expect(z.length).toBeGreaterThan(1000);
    expect(Math.abs(mean)).toBeLessThan(0.1);
    expect(sd).toBeGreaterThan(0.85);
    expect(sd).toBeLessThan(1.15);
  });

  it("gives a wider interval at the extremes than in the middle, kept within the scale", () => {
    const form = forms[0] as (typeof forms)[number];
    const middle = score(
      form,
      answersOf(form, (i) => i % 10 < 5),
    );
    const high = score(
      form,
      answersOf(form, (i) => i % 10 < 9),
    );
    const middleWidth = middle.unclampedInterval.high - middle.unclampedInterval.low;
    const highWidth = high.unclampedInterval.high - high.unclampedInterval.low;
    expect(highWidth).toBeGreaterThan(middleWidth);
    for (const result of [middle, high]) {
      expect(result.interval.low).toBeGreaterThanOrEqual(55);
      expect(result.interval.high).toBeLessThanOrEqual(145);
      expect(result.interval.low).toBeLessThanOrEqual(result.iq);
      expect(result.interval.high).toBeGreaterThanOrEqual(result.iq);
    }
  });

  it("labels the ceiling and the floor, and puts a total no better than guessing at the floor", () => {
    const form = forms[1] as (typeof forms)[number];
    const all = score(
      form,
      answersOf(form, () => true),
    );
    expect(all.iqLabel).toBe("145+");
    expect(all.atCeiling).toBe(true);
    const none = score(
      form,
      answersOf(form, () => false),
    );
    expect(none.iqLabel).toBe("≤55");
    // Ten right of forty, the hardest ones: what a guesser gets, wherever it falls.
    // The two hardest of each category and the third hardest of SM and RA: ten right.
    const guessed = score(
      form,
      answersOf(form, (i) => i % 10 >= 8 || (i % 10 === 7 && i < 20)),
    );
    expect(guessed.rawTotal).toBeLessThanOrEqual(10);
    expect(guessed.iqLabel).toBe("≤55");
    expect(guessed.interval.low).toBe(55);
  });

  it("reads the same answers against the person's age band", () => {
    const form = forms[2] as (typeof forms)[number];
    const answers = answersOf(form, (i) => i % 10 < 6);
    const thirty = score(form, answers);
    const seventy = score(form, answers, "1956-05-10");
    expect(seventy.ageBand).toBe("65+");
    expect(seventy.iq).toBeGreaterThan(thirty.iq);
  });
});
