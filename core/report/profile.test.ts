import { beforeAll, describe, expect, it } from "vitest";
import { drawForm, type Form } from "../items/pool/form";
import type { QuestionCategory } from "../items/questions";
import { createRng } from "../items/rng";
import { bankAbilities } from "../scoring/bank-abilities";
import { scoreForm } from "../scoring/form-scoring";
import { probabilityRight } from "../scoring/irt";
import { averageTakerRaw, type CategoryProfile, categoryProfile } from "./profile";

const raw = (SM: number, RA: number, RE: number, RL: number) => ({ SM, RA, RE, RL });
const bankProfile = (scores: Record<QuestionCategory, number>) =>
  categoryProfile(scores, bankAbilities(scores, "25-34"), "25-34");

let forms: Form[];
beforeAll(() => {
  forms = Array.from({ length: 8 }, (_, i) => drawForm(`profile-${i}`));
}, 120_000);

/**
 * `takers` simulated people answering forms: ability N(0, 1) overall, and `boost` added in
 * one area. Seeded, so the rates below are the same on every run.
 */
function simulatedProfiles(takers: number, boost: Partial<Record<QuestionCategory, number>>) {
  const rng = createRng(`profiles:${JSON.stringify(boost)}`);
  const normal = () =>
    Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const profiles: CategoryProfile[] = [];
  for (let t = 0; t < takers; t++) {
    const form = forms[t % forms.length] as Form;
    const theta = normal();
    const answers = Object.fromEntries(
      form.items.map((item) => {
        const category = item.code.slice(0, 2) as QuestionCategory;
        const right =
          rng.next() < probabilityRight(item.parameters, theta + (boost[category] ?? 0));
        return [item.code, right ? item.key : item.key === "A" ? "B" : "A"];
      }),
    );
    const score = scoreForm({
      items: form.items,
      answers,
      dateOfBirth: "1995-01-01",
      testDate: new Date("2026-11-28T12:00:00Z"),
    });
    profiles.push(
      categoryProfile(
        score.rawByCategory,
        { overall: score.ability, byCategory: score.abilityByCategory },
        score.ageBand,
      ),
    );
  }
  return profiles;
}

const share = (profiles: CategoryProfile[], test: (p: CategoryProfile) => boolean) =>
  profiles.filter(test).length / profiles.length;

describe("a profile that claims only what the test can tell (issue 29.1)", () => {
  it("reports an even person even: at most 1 in 10 simulated even takers gets any claim", () => {
    const profiles = simulatedProfiles(200, {});
    // The 95 % bound, four areas: about 6 % in the simulation that chose the rule.
    expect(share(profiles, (p) => !p.balanced)).toBeLessThanOrEqual(0.1);
    for (const p of profiles)
      expect(p.balanced).toBe(p.strengths.length + p.developmentAreas.length === 0);
  });

  it("names one clearly stronger area (3 SD above the rest) most of the time, and no other", () => {
    const profiles = simulatedProfiles(200, { RE: 3 });
    expect(share(profiles, (p) => p.strengths.includes("RE"))).toBeGreaterThanOrEqual(0.5);
    for (const other of ["SM", "RA", "RL"] as const)
      expect(
        share(profiles, (p) => p.strengths.includes(other)),
        other,
      ).toBeLessThanOrEqual(0.05);
    expect(share(profiles, (p) => p.developmentAreas.includes("RE"))).toBe(0);
  });

  it("names one clearly weaker area as the one to develop", () => {
    const profiles = simulatedProfiles(200, { SM: -3 });
    expect(share(profiles, (p) => p.developmentAreas.includes("SM"))).toBeGreaterThanOrEqual(0.5);
    expect(share(profiles, (p) => p.strengths.includes("SM"))).toBe(0);
  });

  it("says how precisely each area is known, in whole steps of 5 IQ points", () => {
    for (const p of simulatedProfiles(40, {})) {
      for (const category of ["SM", "RA", "RE", "RL"] as const) {
        expect(p.margin[category] % 5).toBe(0);
        // Ten questions: no area is known to better than about +-10 points.
        expect(p.margin[category]).toBeGreaterThanOrEqual(10);
        expect(Math.abs(p.difference[category] % 5)).toBe(0);
      }
    }
  });
});

describe("a stored result of the shared banks, read from its area totals", () => {
  it.each([raw(6, 6, 6, 6), raw(7, 6, 7, 6), raw(8, 6, 7, 7), raw(0, 2, 1, 0)])(
    "calls %o even and claims no strength or weakness",
    (scores) => {
      const profile = bankProfile(scores);
      expect(profile.balanced).toBe(true);
      expect(profile.strengths).toEqual([]);
      expect(profile.developmentAreas).toEqual([]);
    },
  );

  it("names a stark difference, and reads a mirrored profile the other way round", () => {
    const profile = bankProfile(raw(10, 1, 6, 6));
    expect(profile.strengths).toContain("SM");
    expect(profile.developmentAreas).toContain("RA");
    expect(profile.best).toBe("SM");
    expect(profile.weakest).toBe("RA");
    const mirrored = bankProfile(raw(1, 10, 6, 6));
    expect(mirrored.strengths).toContain("RA");
    expect(mirrored.developmentAreas).toContain("SM");
  });
});

describe("the average taker", () => {
  it("is the norms model's IQ 100 split evenly: 25 of 40 in the reference band", () => {
    expect(averageTakerRaw("25-34")).toBeCloseTo(6.25, 5);
    expect(averageTakerRaw("unknown")).toBeCloseTo(6.25, 5);
    expect(averageTakerRaw("65+")).toBeLessThan(6);
  });

  it("compares each area with it", () => {
    const profile = bankProfile(raw(9, 4, 6, 7));
    const versus: Record<QuestionCategory, string> = profile.versusAverage;
    expect(versus).toEqual({ SM: "above", RA: "below", RE: "near", RL: "near" });
  });
});
