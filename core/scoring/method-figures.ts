/**
 * The figures the public method page states (issue 29.5): how precise a form is, from the
 * item parameters the forms are priced with, until `npm run calibrate` measures them on real
 * takers. Information-based: the error at an ability is 1 / sqrt(test information), the
 * marginal reliability 1 - E[error^2] over the population N(0, 1).
 */

import { type ItemParameters, itemInformation, normalGrid } from "./irt";
import { iqScale } from "./norms-model";

export interface MethodFigures {
  /** Marginal reliability of the 40 items, two decimals. */
  reliability: number;
  /** Of one area's ten items. */
  areaReliability: number;
  /** Half the 95 % interval in IQ points, whole, at these IQs. */
  margins: { iq: number; margin: number }[];
}

const information = (items: readonly ItemParameters[], theta: number) =>
  items.reduce((sum, item) => sum + itemInformation(item, theta), 0);

function marginalReliability(items: readonly ItemParameters[]): number {
  const grid = normalGrid(121, 6);
  const meanError = grid.nodes.reduce(
    (sum, theta, k) => sum + (grid.weights[k] as number) / information(items, theta),
    0,
  );
  return Math.round((1 - meanError) * 100) / 100;
}

/** `form`: a form's 40 items in order (ten per area); `area`: one area's ten. */
export function methodFigures(
  form: readonly ItemParameters[],
  area: readonly ItemParameters[],
  at: readonly number[] = [70, 85, 100, 115, 130, 145],
): MethodFigures {
  return {
    reliability: marginalReliability(form),
    areaReliability: marginalReliability(area),
    margins: at.map((iq) => {
      const theta = (iq - iqScale.mean) / iqScale.sd;
      return { iq, margin: Math.round((1.96 * iqScale.sd) / Math.sqrt(information(form, theta))) };
    }),
  };
}
