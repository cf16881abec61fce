/**
 * Area abilities for a stored result of bank v1 or v2, which keeps only each area's total
 * (issue 29.1): read through bank v2's items as the pool's models price them
 * (core/items/pool/v2-parameters.ts). Bank v1 had the same four areas of ten items rising in
 * difficulty and no parameters of its own; it is read the same way.
 */
import { v2Parameters } from "../items/pool/v2-parameters.ts";
import type { QuestionCategory } from "../items/questions";
import { type AreaAbilities, areaAbilitiesFromTotals } from "./area-abilities";
import { ageBands, referenceAgeBand } from "./norms-model";

let items: ReturnType<typeof v2Parameters> | undefined;

export function bankAbilities(
  totals: Readonly<Record<QuestionCategory, number>>,
  ageBand: string,
): AreaAbilities {
  items ??= v2Parameters();
  const band =
    ageBands.find((b) => b.id === ageBand) ?? ageBands.find((b) => b.id === referenceAgeBand);
  return areaAbilitiesFromTotals(items, totals, band?.meanAbility ?? 0);
}
