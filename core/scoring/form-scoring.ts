/**
 * A score from the form actually taken (issue 28.6; docs/decisions/0038-scoring-a-form.md):
 * ability by EAP from the form's own item parameters with the age band's population as the
 * prior (N(band mean, 1), the same bands as the norms), its posterior SD as the person's own
 * standard error, IQ through the age norms (100 + 15 x (ability - band mean), as
 * norms.ts's percentile then inverse normal), and a 95 % interval from that error, so it
 * widens at the extremes. As on the fixed banks, a total no better than guessing (10 of 40
 * or fewer) lands at the floor. Every attempt with a form of its own is scored by it (worker/attempts/results.ts, ADR 0039).
 */
import { ageOn } from "../accounts/age";
import type { Letter, QuestionCategory } from "../items/questions";
import { areaAbilitiesOf, areaCategories } from "./area-abilities";
import { type Ability, eapAbility, guessing, type ItemParameters, normalGrid } from "./irt";
import { ageBandFor } from "./norms";
import { ageBands, iqScale, normsVersion, referenceAgeBand, unknownAgeBand } from "./norms-model";
import { bandOf, iqLabel, type ScoredAttempt } from "./scoring";

export const formScoringVersion = "eap-band-prior-v1";

export interface FormItemToScore {
  code: string;
  key: Letter;
  parameters: ItemParameters;
}

export interface FormScore extends ScoredAttempt {
  /** Ability on the reference scale and its standard error, overall and per category. */
  ability: Ability;
  abilityByCategory: Record<QuestionCategory, Ability>;
  /** The 95 % interval before it is kept within the scale (what the floor and ceiling hide). */
  unclampedInterval: { low: number; high: number };
  scoringVersion: string;
}

export function scoreForm(input: {
  items: readonly FormItemToScore[];
  answers: Readonly<Record<string, Letter>>;
  dateOfBirth: string | null;
  testDate: Date;
}): FormScore {
  const age = input.dateOfBirth ? ageOn(input.dateOfBirth, input.testDate) : null;
  const ageBand = age === null ? unknownAgeBand : ageBandFor(age).id;
  const band = ageBands.find((b) => b.id === (age === null ? referenceAgeBand : ageBand));
  const mean = band?.meanAbility ?? 0;
  const grid = normalGrid(121, 6, mean, 1);
  const responses = input.items.map((item) => ({
    code: item.code,
    item: item.parameters,
    right: input.answers[item.code] === item.key,
  }));
  const ability = eapAbility(responses, grid);
  const abilityByCategory = areaAbilitiesOf(responses, ability);
  const rawByCategory = Object.fromEntries(
    areaCategories.map((c) => [c, responses.filter((r) => r.right && r.code.startsWith(c)).length]),
  ) as Record<QuestionCategory, number>;
  const rawTotal = responses.filter((r) => r.right).length;

  const atChance = rawTotal <= input.items.length * guessing;
  const unbounded = iqScale.mean + iqScale.sd * (ability.theta - mean);
  const halfWidth = 1.96 * iqScale.sd * ability.se;
  const clamp = (value: number) =>
    Math.min(iqScale.ceiling, Math.max(iqScale.floor, Math.round(value)));
  const iq = atChance ? iqScale.floor : clamp(unbounded);
  const unclampedInterval = {
    low: Math.round(unbounded - halfWidth),
    high: Math.round(unbounded + halfWidth),
  };
  return {
    iq,
    iqLabel: iqLabel(iq),
    atCeiling: iq >= iqScale.ceiling,
    atFloor: iq <= iqScale.floor,
    interval: {
      low: atChance ? iqScale.floor : clamp(unclampedInterval.low),
      high: clamp(unclampedInterval.high),
    },
    band: bandOf(iq),
    rawTotal,
    rawByCategory,
    normsVersion,
    ageBand,
    age,
    ability,
    abilityByCategory,
    unclampedInterval,
    scoringVersion: formScoringVersion,
  };
}
