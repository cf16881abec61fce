/**
 * The RA design features' weights (LLTM), a model until data exist:
 * docs/decisions/0037-item-models.md and docs/items/ra.md.
 */
import type { CategoryWeights } from "../pool/difficulty.ts";

export const weights: CategoryWeights = {
  intercept: -3.3,
  discrimination: 1,
  features: {
    rules: {
      weight: 0.4,
      evidence:
        "Each attribute with a rule to find adds a correspondence to make and a goal to keep (Carpenter, Just & Shell 1990: error rates rise with the number of rule tokens; Primi 2001, Intelligence 30: number of elements and rules is a main source of difficulty). Size assumed.",
    },
    "rule:progression": {
      weight: 0.4,
      evidence:
        "Progression (pairwise progression) is the easiest non-constant rule in Carpenter, Just & Shell's (1990) hierarchy, above constant-in-a-row (weight 0 here). Size assumed.",
    },
    "rule:distribute-three": {
      weight: 0.8,
      evidence:
        "Distribution of three values ranks above progression in Carpenter, Just & Shell (1990); Primi (2001) finds the same order of rule kinds. Size assumed.",
    },
    "rule:arithmetic": {
      weight: 1.3,
      evidence:
        "Arithmetic (figure addition or subtraction) ranks above distribution of three in Carpenter, Just & Shell (1990) and in RAVEN-type rule hierarchies (Zhang et al. 2019). Size assumed.",
    },
    entities: {
      weight: 1.2,
      evidence:
        "A second, distinct entity per cell (a figure inside another, each with its own rules) doubles the elements to correspond and weakens the cell's gestalt; Primi (2001) finds number of elements and perceptual organisation the strongest predictors. Size assumed.",
    },
    columns: {
      weight: 0.5,
      evidence:
        "Rules that run down the columns while the reading habit is row-wise: a weaker, misleading organisation (Primi 2001, perceptual organisation; Carpenter et al. 1990 report row-wise induction as the first strategy). Size assumed; direction plausible but not directly measured.",
    },
    crossed: {
      weight: 0.9,
      evidence:
        "Rules that run in different directions in one matrix (one along the rows, another down the columns): the taker must find each rule's direction, a non-harmonic organisation (Primi 2001, perceptual organisation the strongest predictor) and one more goal to manage (Carpenter, Just & Shell 1990). Size assumed.",
    },
  },
};
