import { targetDifficulty } from "../../core/items/pool/form";
import { parameterVersion, weightsByCategory } from "../../core/items/pool/models";
import { guessing } from "../../core/scoring/irt";
import { type MethodFigures, methodFigures } from "../../core/scoring/method-figures";
import { normsVersion } from "../../core/scoring/norms-model";

/**
 * The method page's figures (issue 29.5): a typical form, each area's ten items at the
 * difficulties forms aim at, priced with the current parameters. Server only: the item
 * pool stays out of the browser.
 */
export interface MethodPageData {
  figures: MethodFigures;
  parameterVersion: string;
  normsVersion: string;
}

let cached: MethodPageData | undefined;

export function methodPageData(): MethodPageData {
  if (cached) return cached;
  const area = (category: keyof typeof weightsByCategory) =>
    targetDifficulty.map((b) => ({
      a: weightsByCategory[category].discrimination,
      b,
      c: guessing,
    }));
  const form = (["SM", "RA", "RE", "RL"] as const).flatMap(area);
  cached = {
    figures: methodFigures(form, area("SM")),
    parameterVersion,
    normsVersion,
  };
  return cached;
}
