import { describe, expect, it } from "vitest";
import { ageOn } from "../accounts/age";
import type { Letter } from "../items/questions";
import { questionCodes } from "../items/questions";
import { inverseNormalCdf, normalCdf } from "./normal";
import { normsRow, normsTable } from "./norms";
import { ageBands, iqScale, normsVersion } from "./norms-model";
import {
  bandOf,
  empiricalThreshold,
  intervalHalfWidth,
  percentileAgainst,
  populationMeans,
  rawScores,
  scoreAttempt,
} from "./scoring";

/** A key where every answer is A, and answers that get exactly `right` of them right. */
const key: Record<string, Letter> = Object.fromEntries(questionCodes.map((code) => [code, "A"]));
function answersWith(right: number): Record<string, Letter> {
  return Object.fromEntries(questionCodes.map((code, i) => [code, i < right ? "A" : "B"]));
}

describe("the normal distribution", () => {
  it.each([
    [0, 0.5],
    [1, 0.841345],
    [-1.96, 0.024998],
    [3, 0.99865],
  ])("Phi(%d) = %d", (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 5);
  });

  it("its inverse undoes it", () => {
    for (const z of [-3.5, -2, -0.3, 0, 0.7, 1.5, 2.9]) {
      expect(inverseNormalCdf(normalCdf(z))).toBeCloseTo(z, 3);
    }
  });
});

describe("the norms table", () => {
  it("has one row per raw total 0-40 in every age band, never decreasing", () => {
    for (const band of ageBands) {
      const rows = normsTable[band.id] ?? [];
      expect(rows.map((row) => row.raw)).toEqual(Array.from({ length: 41 }, (_, i) => i));
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]?.iq).toBeGreaterThanOrEqual(rows[i - 1]?.iq ?? 0);
      }
    }
  });

  // raw -> IQ in the reference band and at both ends of life (model v1-model-2026-11).
  it.each([
    ["25-34", 0, 55],
    ["25-34", 10, 55],
    ["25-34", 11, 58],
    ["25-34", 18, 85],
    ["25-34", 25, 100],
    ["25-34", 32, 115],
    ["25-34", 39, 142],
    ["25-34", 40, 145],
    ["16-17", 25, 102],
    ["45-54", 25, 104],
    ["65+", 25, 111],
    ["65+", 38, 145],
  ])("in %s, %d right gives IQ %d", (band, raw, iq) => {
    expect(normsVersion).toBe("v1-model-2026-11");
    expect(normsRow(raw, band).iq).toBe(iq);
  });

  it("lands pure guessing (10 of 40, SD about 2.7) at the bottom, never near 100", () => {
    for (const raw of [7, 10, 12, 13]) expect(normsRow(raw, "25-34").iq).toBeLessThan(72);
    expect(normsRow(10, "25-34").iq).toBe(iqScale.floor);
  });

  it("gives an older taker a higher IQ for the same raw score", () => {
    expect(normsRow(30, "65+").iq).toBeGreaterThan(normsRow(30, "25-34").iq);
  });
});

describe("bands of spec section 9", () => {
  it.each([
    [160, "giftedness"],
    [145, "giftedness"],
    [144, "superior"],
    [130, "superior"],
    [129, "above_average"],
    [115, "above_average"],
    [114, "average"],
    [85, "average"],
    [84, "dullness"],
    [70, "dullness"],
    [69, "slow"],
    [50, "slow"],
    [49, "very_below_average"],
    [40, "very_below_average"],
  ])("%d is %s", (iq, band) => {
    expect(bandOf(iq)).toBe(band);
  });
});

describe("age at the test's date", () => {
  it.each([
    ["2000-06-15", "2026-06-14", 25],
    ["2000-06-15", "2026-06-15", 26],
    ["2008-02-29", "2026-02-28", 17],
    ["2008-02-29", "2026-03-01", 18],
    ["not-a-date", "2026-01-01", null],
  ])("born %s, tested %s: %s", (born, tested, age) => {
    expect(ageOn(born, new Date(`${tested}T12:00:00Z`))).toBe(age);
  });
});

describe("scoring an attempt", () => {
  const testDate = new Date("2026-11-22T12:00:00Z");

  it("counts right answers per category and in total; unanswered count for nothing", () => {
    const answers: Record<string, Letter> = {
      "SM-01": "A",
      "SM-02": "B",
      "RA-01": "A",
      "RL-10": "A",
    };
    expect(rawScores(answers, key)).toEqual({
      total: 3,
      byCategory: { SM: 1, RA: 1, RE: 0, RL: 1 },
    });
  });

  it("scores an average taker 100 with a 95% interval of +-11", () => {
    const scored = scoreAttempt({
      answers: answersWith(25),
      key,
      dateOfBirth: "1995-03-10",
      testDate,
    });
    expect(scored).toMatchObject({
      iq: 100,
      iqLabel: "100",
      atCeiling: false,
      atFloor: false,
      interval: { low: 89, high: 111 },
      band: "average",
      rawTotal: 25,
      ageBand: "25-34",
      age: 31,
      normsVersion: "v1-model-2026-11",
    });
    expect(intervalHalfWidth).toBe(11);
  });

  it("reports the ceiling as 145+ rather than invented precision", () => {
    const scored = scoreAttempt({
      answers: answersWith(40),
      key,
      dateOfBirth: "1995-03-10",
      testDate,
    });
    expect(scored).toMatchObject({ iq: 145, iqLabel: "145+", atCeiling: true, band: "giftedness" });
    expect(scored.interval).toEqual({ low: 134, high: 145 });
  });

  it("puts a blank or chance-level test at the floor", () => {
    for (const right of [0, 10]) {
      const scored = scoreAttempt({
        answers: answersWith(right),
        key,
        dateOfBirth: null,
        testDate,
      });
      expect(scored).toMatchObject({ iq: 55, iqLabel: "≤55", atFloor: true, band: "slow" });
      expect(scored.interval).toEqual({ low: 55, high: 66 });
    }
  });

  it("scores an owner without a date of birth on the reference band, and says so", () => {
    const scored = scoreAttempt({ answers: answersWith(30), key, dateOfBirth: null, testDate });
    expect(scored.ageBand).toBe("unknown");
    expect(scored.iq).toBe(normsRow(30, "25-34").iq);
  });

  it("uses the owner's age band", () => {
    const scored = scoreAttempt({
      answers: answersWith(25),
      key,
      dateOfBirth: "1955-01-01",
      testDate,
    });
    expect(scored).toMatchObject({ ageBand: "65+", age: 71, iq: 111 });
  });
});

describe("percentiles against the world and Brazil", () => {
  it("uses the normal model around the published mean while results are few", () => {
    expect(percentileAgainst(100, populationMeans.world, null)).toEqual({
      percentage: 50,
      method: "model",
    });
    expect(
      percentileAgainst(115, populationMeans.world, { below: 10, equal: 1, total: 999 }),
    ).toEqual({
      percentage: 84.1,
      method: "model",
    });
    // Brazil's mean (83.42): 100 is above about 87% of Brazilians under the model.
    expect(percentileAgainst(100, populationMeans.brazil, null)).toEqual({
      percentage: 86.5,
      method: "model",
    });
  });

  it("reads this site's own results once a population has enough", () => {
    const sample = { below: 700, equal: 100, total: empiricalThreshold };
    expect(percentileAgainst(100, populationMeans.brazil, sample)).toEqual({
      percentage: 75,
      method: "empirical",
    });
  });
});
