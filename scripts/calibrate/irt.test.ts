import { describe, expect, it } from "vitest";
import { questionCodes } from "../../core/items/questions.ts";
import {
  expectedTotal,
  guessing,
  type ItemParameters,
  itemInformation,
  probabilityRight,
} from "../../core/scoring/irt.ts";
import { correlation, scoreMatrix } from "./classical.ts";
import { fitItems } from "./irt.ts";
import { simulate } from "./synthetic.ts";

const key = Object.fromEntries(questionCodes.map((code, i) => [code, "ABCD"[i % 4] as "A"]));

function mean(values: readonly number[]) {
  return values.reduce((s, v) => s + v, 0) / values.length;
}
function meanAbsoluteError(x: readonly number[], y: readonly number[]) {
  return mean(x.map((v, i) => Math.abs(v - (y[i] as number))));
}

describe("the item model", () => {
  const item: ItemParameters = { a: 1, b: 0.5, c: guessing };

  it("is the guessing floor far below the item and halfway above it at its difficulty", () => {
    expect(probabilityRight(item, -20)).toBeCloseTo(0.25, 10);
    expect(probabilityRight(item, 0.5)).toBeCloseTo(0.625, 10);
    expect(probabilityRight(item, 20)).toBeCloseTo(1, 10);
  });

  it("informs most a little above its difficulty (guessing shifts the peak up)", () => {
    const thetas = Array.from({ length: 401 }, (_, i) => -4 + i * 0.02);
    const peak = thetas.reduce((best, t) =>
      itemInformation(item, t) > itemInformation(item, best) ? t : best,
    );
    // Birnbaum: the peak is at b + ln((1 + sqrt(1 + 8c)) / 2) / (1.7 a) = 0.5 + 0.1838.
    expect(peak).toBeCloseTo(0.5 + Math.log((1 + Math.sqrt(3)) / 2) / 1.7, 1);
  });
});

/**
 * Tolerances (ADR 0024): with 2,000 simulated takers the fit must find the order of the
 * difficulties almost exactly and each parameter within a fraction of the spread the
 * bank's items are designed over (b from -2 to 2, a from 0.5 to 1.8).
 */
describe("the fit recovers known item parameters from simulated takers", () => {
  it.each([
    { takers: 2000, bCorrelation: 0.98, bError: 0.15, aError: 0.2 },
    { takers: 1000, bCorrelation: 0.97, bError: 0.2, aError: 0.25 },
  ])("$takers takers: corr(b) > $bCorrelation, MAE b < $bError, MAE a < $aError", (tolerance) => {
    const { set, truth } = simulate(key, tolerance.takers);
    const fit = fitItems(scoreMatrix(set));
    expect(fit.converged).toBe(true);
    const trueB = truth.items.map((item) => item.b);
    const fitB = fit.items.map((item) => item.b);
    const trueA = truth.items.map((item) => item.a);
    const fitA = fit.items.map((item) => item.a);
    expect(correlation(trueB, fitB)).toBeGreaterThan(tolerance.bCorrelation);
    expect(meanAbsoluteError(trueB, fitB)).toBeLessThan(tolerance.bError);
    expect(meanAbsoluteError(trueA, fitA)).toBeLessThan(tolerance.aError);
    // The takers' abilities come back too (40 items: the EAP is shrunk but ordered).
    const eap = fit.abilities.map((ability) => ability.eap);
    expect(correlation(truth.abilities, eap)).toBeGreaterThan(0.9);
    // The expected total of the fitted items tracks the simulated takers' mean total.
    const totals = scoreMatrix(set).map((row) => row.reduce((s, v) => s + v, 0));
    expect(Math.abs(mean(totals) - mean(eap.map((t) => expectedTotal(fit.items, t))))).toBeLessThan(
      0.5,
    );
  });

  it("is deterministic: the same seed gives the same parameters", () => {
    const first = fitItems(scoreMatrix(simulate(key, 300).set), { maxIterations: 20 });
    const second = fitItems(scoreMatrix(simulate(key, 300).set), { maxIterations: 20 });
    expect(second.items).toEqual(first.items);
  });
});
