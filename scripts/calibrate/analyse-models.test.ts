import { describe, expect, it } from "vitest";
import { attemptsNeeded, type Precision } from "./analyse-models.ts";

const run = (takers: number, largestWeightSe: number): Precision => ({
  takers,
  weightsEstimated: 10,
  largestWeightSe,
  largestWeight: "SM x",
  medianWeightSe: largestWeightSe / 2,
  largestDiscriminationSe: 0.1,
});

describe("how many attempts the weights need", () => {
  it("is the smallest sample whose every weight's SE is under 0.15, when one is", () => {
    expect(attemptsNeeded([run(4000, 0.12), run(1000, 0.3), run(2000, 0.149)])).toEqual({
      takers: 2000,
      how: "measured",
    });
  });

  it("is extrapolated from the largest sample as 1/sqrt(N) otherwise, rounded up to 100", () => {
    // 2,000 x (0.3 / 0.15)^2 = 8,000; 1,000 x (0.2 / 0.15)^2 = 1,777.8 -> 1,800.
    expect(attemptsNeeded([run(500, 0.9), run(2000, 0.3)])).toEqual({
      takers: 8000,
      how: "extrapolated",
    });
    expect(attemptsNeeded([run(1000, 0.2)])).toEqual({ takers: 1800, how: "extrapolated" });
  });

  it("is not said while a weight is still mostly its prior", () => {
    expect(attemptsNeeded([run(200, 1.4)])).toBeNull();
    expect(attemptsNeeded([])).toBeNull();
  });
});
