import { describe, expect, it } from "vitest";
import type { QuestionCategory } from "../items/questions";
import { averageTakerRaw, categoryProfile } from "./profile";

const raw = (SM: number, RA: number, RE: number, RL: number) => ({ SM, RA, RE, RL });

describe("strengths and development areas against the reader's own mean", () => {
  it("names the areas at least 1.5 points from the mean, largest first", () => {
    const profile = categoryProfile(raw(9, 4, 5, 8));
    expect(profile.mean).toBe(6.5);
    expect(profile.balanced).toBe(false);
    expect(profile.strengths).toEqual(["SM", "RL"]);
    expect(profile.developmentAreas).toEqual(["RA", "RE"]);
    expect(profile.best).toBe("SM");
    expect(profile.weakest).toBe("RA");
  });

  it("reads a mirrored profile the other way round", () => {
    const profile = categoryProfile(raw(3, 9, 8, 4));
    expect(profile.strengths).toEqual(["RA", "RE"]);
    expect(profile.developmentAreas).toEqual(["SM", "RL"]);
  });

  it("leaves an area 1 point from the mean unnamed", () => {
    const profile = categoryProfile(raw(4, 7, 7, 7)); // mean 6.25: RA, RE, RL are +0.75
    expect(profile.strengths).toEqual([]);
    expect(profile.developmentAreas).toEqual(["SM"]);
  });

  it.each([raw(6, 6, 6, 6), raw(7, 6, 7, 6), raw(10, 8, 9, 10), raw(0, 2, 1, 0)])(
    "calls %o balanced and claims no strength or weakness",
    (scores) => {
      const profile = categoryProfile(scores);
      expect(profile.balanced).toBe(true);
      expect(profile.strengths).toEqual([]);
      expect(profile.developmentAreas).toEqual([]);
    },
  );

  it("names something in every unbalanced profile and nothing in a balanced one", () => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const SM of values)
      for (const RA of values)
        for (const RE of values)
          for (const RL of values) {
            const profile = categoryProfile({ SM, RA, RE, RL });
            const named = profile.strengths.length + profile.developmentAreas.length;
            if (profile.balanced) expect(named).toBe(0);
            else expect(named).toBeGreaterThan(0);
          }
  });
});

describe("the average taker", () => {
  it("is the norms model's IQ 100 split evenly: 25 of 40 in the reference band", () => {
    expect(averageTakerRaw("25-34")).toBeCloseTo(6.25, 5);
    expect(averageTakerRaw("unknown")).toBeCloseTo(6.25, 5);
    expect(averageTakerRaw("65+")).toBeLessThan(6);
  });

  it("compares each area with it", () => {
    const profile = categoryProfile(raw(9, 4, 6, 7));
    const versus: Record<QuestionCategory, string> = profile.versusAverage;
    expect(versus).toEqual({ SM: "above", RA: "below", RE: "near", RL: "near" });
  });
});
