/**
 * Predicted IRT parameters of an instance, from its model's design (the linear logistic
 * test model, LLTM: b = intercept + sum of weight x count over the design features).
 * Stated as a model until data exist; `npm run calibrate` re-estimates the weights and
 * proposes a new version. The weights and the evidence for each are in
 * `<category>/weights.ts` and docs/decisions/0037-item-models.md.
 */
import { guessing, type ItemParameters } from "../../scoring/irt.ts";
import type { Design } from "./item-model.ts";

export interface FeatureWeight {
  /** Logits added to b per unit of the feature (positive: harder). */
  weight: number;
  /** Why this direction, with its source. */
  evidence: string;
}

export interface CategoryWeights {
  /** b of an instance with no design feature present. */
  intercept: number;
  /** a (slope, logistic with the 1.7 scaling) of every instance of the category, until data. */
  discrimination: number;
  features: Record<string, FeatureWeight>;
}

export function predictParameters(weights: CategoryWeights, design: Design): ItemParameters {
  let b = weights.intercept;
  for (const [feature, count] of Object.entries(design)) {
    const known = weights.features[feature];
    if (!known) throw new Error(`no weight for the design feature ${feature}`);
    b += known.weight * count;
  }
  return { a: weights.discrimination, b: Math.round(b * 1000) / 1000, c: guessing };
}
