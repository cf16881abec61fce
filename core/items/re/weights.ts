/** The RE design features' weights (LLTM), a model until data exist: docs/decisions/0037-item-models.md. */
import type { CategoryWeights } from "../pool/difficulty.ts";

export const weights: CategoryWeights = { intercept: 0, discrimination: 1, features: {} };
