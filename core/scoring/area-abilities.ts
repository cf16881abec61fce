/**
 * Each area's ability beside the person's own overall ability (issue 29.1;
 * docs/decisions/0038-scoring-a-form.md): an area is read with a prior centred on the
 * person's overall ability (SD 1), so ten questions say how the area stands against the
 * person's own level and fall back to it when they cannot tell. Forms read the answers
 * themselves; banks v1/v2, whose stored results keep only totals, read each area's total
 * through bank v2's items as the pool's models price them (the likelihood of a total,
 * whichever items made it).
 */
import type { QuestionCategory } from "../items/questions";
import {
  type Ability,
  eapAbility,
  type ItemParameters,
  normalGrid,
  posteriorAbility,
  type Response,
  totalProbability,
} from "./irt";

export const areaCategories: readonly QuestionCategory[] = ["SM", "RA", "RE", "RL"];

export interface AreaAbilities {
  overall: Ability;
  byCategory: Record<QuestionCategory, Ability>;
}

const gridPoints = 121;
const gridLimit = 6;

/** An area's prior: the person's own overall ability, SD 1. */
const areaGrid = (overall: Ability) => normalGrid(gridPoints, gridLimit, overall.theta, 1);

const inCategory = (code: string, category: QuestionCategory) => code.startsWith(category);

/** Each area's ability from the answers to its items (a form), against `overall`. */
export function areaAbilitiesOf(
  responses: readonly (Response & { code: string })[],
  overall: Ability,
): Record<QuestionCategory, Ability> {
  const grid = areaGrid(overall);
  return Object.fromEntries(
    areaCategories.map((c) => [
      c,
      eapAbility(
        responses.filter((r) => inCategory(r.code, c)),
        grid,
      ),
    ]),
  ) as Record<QuestionCategory, Ability>;
}

/**
 * Overall and area abilities from the areas' totals alone (a stored result of bank v1/v2):
 * the overall with the age band's prior N(bandMean, 1), each area against it.
 */
export function areaAbilitiesFromTotals(
  items: readonly { code: string; parameters: ItemParameters }[],
  totals: Readonly<Record<QuestionCategory, number>>,
  bandMean: number,
): AreaAbilities {
  const prior = normalGrid(gridPoints, gridLimit, bandMean, 1);
  const logOfTotal = (category: QuestionCategory) => {
    const area = items.filter((i) => inCategory(i.code, category)).map((i) => i.parameters);
    return prior.nodes.map((theta) => Math.log(totalProbability(area, totals[category], theta)));
  };
  const logs = Object.fromEntries(areaCategories.map((c) => [c, logOfTotal(c)])) as Record<
    QuestionCategory,
    number[]
  >;
  const overall = posteriorAbility(
    prior,
    prior.nodes.map((_, k) => areaCategories.reduce((sum, c) => sum + (logs[c][k] as number), 0)),
  );
  const grid = areaGrid(overall);
  const byCategory = Object.fromEntries(
    areaCategories.map((c) => [c, posteriorAbility(grid, logs[c])]),
  ) as Record<QuestionCategory, Ability>;
  return { overall, byCategory };
}
