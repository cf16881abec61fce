import { describe, expect, it } from "vitest";
import { createRng } from "../items/rng.ts";
import {
  eapAbility,
  guessing,
  type ItemParameters,
  probabilityRight,
  testInformation,
} from "./irt.ts";

/** Forty items spread from easy to hard, as a form would be. */
const items: ItemParameters[] = Array.from({ length: 40 }, (_, i) => ({
  a: 1,
  b: -2.5 + (5.5 * i) / 39,
  c: guessing,
}));

function simulate(theta: number, seed: string) {
  const rng = createRng(seed);
  return items.map((item) => ({ item, right: rng.next() < probabilityRight(item, theta) }));
}

describe("EAP ability from the items actually taken", () => {
  it("recovers simulated abilities, with errors the size of the standard error it states", () => {
    const rng = createRng("eap-recovery");
    const z: number[] = [];
    for (let person = 0; person < 1500; person++) {
      // A normal ability (Box-Muller), as the prior assumes.
      const theta = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
      const { theta: estimate, se } = eapAbility(simulate(theta, `taker-${person}`));
      z.push((estimate - theta) / se);
    }
    const mean = z.reduce((s, v) => s + v, 0) / z.length;
    const sd = Math.sqrt(z.reduce((s, v) => s + (v - mean) ** 2, 0) / z.length);
    // The stated SE matches the actual error when (estimate - truth) / SE has SD 1.
    expect(Math.abs(mean)).toBeLessThan(0.1);
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
  });

  it("is more precise in the middle than at the extremes, and never certain of all right or all wrong", () => {
    const middle = eapAbility(simulate(0, "middle"));
    const allRight = eapAbility(items.map((item) => ({ item, right: true })));
    const allWrong = eapAbility(items.map((item) => ({ item, right: false })));
    expect(middle.se).toBeLessThan(0.4);
    expect(allRight.se).toBeGreaterThan(middle.se * 1.3);
    expect(allWrong.se).toBeGreaterThan(middle.se * 1.3);
    expect(allRight.theta).toBeGreaterThan(2);
    expect(allWrong.theta).toBeLessThan(-1);
    // The stated SE is about 1 / sqrt(information) where the test is informative.
    expect(middle.se).toBeCloseTo(1 / Math.sqrt(testInformation(items, middle.theta)), 1);
  });
});
