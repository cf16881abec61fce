/** The SM design features' weights (LLTM), a model until data exist: docs/decisions/0037-item-models.md. */
import type { CategoryWeights } from "../pool/difficulty.ts";

export const weights: CategoryWeights = {
  intercept: -2.5,
  discrimination: 1,
  features: {
    "rule:geometric": { weight: 1, evidence: "" },
    "larger-ratio": { weight: 0.3, evidence: "" },
    "fraction-ratio": { weight: 0.8, evidence: "" },
    descending: { weight: 0.4, evidence: "" },
    "rule:interleaved": { weight: 1.8, evidence: "" },
    "opposite-directions": { weight: 0.3, evidence: "" },
    "mixed-kinds": { weight: 0.5, evidence: "" },
    "rule:second-order": { weight: 2.3, evidence: "" },
    "shrinking-differences": { weight: 0.4, evidence: "" },
    "rule:third-order": { weight: 0.9, evidence: "" },
    "rule:sum-of-two": { weight: 2.2, evidence: "" },
    "rule:two-operations": { weight: 3, evidence: "" },
    "taking-turns": { weight: 0.5, evidence: "" },
    "rule:sum-of-three": { weight: 3.2, evidence: "" },
    "rule:differences-sum": { weight: 3.6, evidence: "" },
    "rule:interleaved-growing": { weight: 3.8, evidence: "" },
    "rule:three-operations": { weight: 4.3, evidence: "" },
    "larger-numbers": { weight: 0.6, evidence: "" },
    "fewer-terms": { weight: 0.4, evidence: "" },
  },
};
