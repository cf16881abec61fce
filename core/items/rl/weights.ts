/**
 * The RL design features' weights (LLTM), a model until data exist:
 * docs/decisions/0037-item-models.md and docs/items/rl.md. Each model has a
 * base feature (its easiest form), and each radical adds logits in the direction the
 * literature gives; the sizes are stated guesses, placed so that the easiest forms sit near
 * b = -2.5 and the hardest above bank v2's RL-10, to be re-estimated by `npm run calibrate`.
 */
import type { CategoryWeights } from "../pool/difficulty.ts";

export const weights: CategoryWeights = {
  intercept: 0,
  // No evidence yet that RL items discriminate more or less than the others.
  discrimination: 1,
  features: {
    "scales:base": {
      weight: -2.5,
      evidence:
        "Four shapes in a chain shown in order, heaviest or lightest asked: the answer is read off the first or last scale. The easiest form of a transitive-inference item; the level is a stated guess, not a measurement.",
    },
    "scales:premise": {
      weight: 0.45,
      evidence:
        "Each further shape adds a premise to hold and integrate: more premises and longer chains, harder (working-memory load, Carpenter, Just & Shell 1990 goal management; LLTM additivity, J. Intell. 2025 13(2) 22). Size stated, not measured.",
    },
    "scales:second": {
      weight: 0.9,
      evidence:
        "The second heaviest or lightest needs the top two placed, not one end found: more relations held at once (in the spirit of relational complexity, Halford, Wilson & Phillips 1998, BBS 21); direction argued, size a stated guess.",
    },
    "scales:complete": {
      weight: 1.6,
      evidence:
        "A last scale with one shape against an empty pan: the key is linked to that shape only through a chain of premises (two steps or more from five shapes on), so the order must be built and then queried between non-neighbours: premise integration, the core cost of transitive inference (Halford et al. 1998; Carpenter et al. 1990, goal management); stated size.",
    },
    "scales:level": {
      weight: 0.6,
      evidence:
        "One scale is level: two shapes weigh the same, and what is known of one must be carried over to the other (a second kind of relation to integrate, equality next to order); direction argued from premise integration (Halford et al. 1998), size a stated guess.",
    },
    "scales:scrambled": {
      weight: 1.3,
      evidence:
        "Premises in random order, heavier pan on either side, comparisons between non-neighbours: the taker must build the order from pieces (premise integration); premises presented out of order are harder in linear-ordering tasks (e.g. Potts 1972; Sternberg 1980, linear syllogisms). Direction from that literature, size a stated guess.",
    },
    "overlay:base": {
      weight: -2.0,
      evidence:
        "Union of two panels of lines: the easiest set rule (PSYCHOMETRICS.md: logical rules; v2's RL-01, assumed b near -1.8).",
    },
    "gate:and": {
      weight: 0.5,
      evidence:
        "Intersection: what is kept is less salient than what is added; bank v2 put AND after OR (RL-01, RL-03). Direction from the v2 design and PSYCHOMETRICS.md's logical rules, size a stated guess.",
    },
    "gate:difference": {
      weight: 1.0,
      evidence:
        "Difference: an asymmetric rule (which panel is taken from which) on top of intersection; v2 ordering (RL-04, RL-08); stated size.",
    },
    "gate:xor": {
      weight: 1.7,
      evidence:
        "Exclusive or: elements in both inputs vanish, against the perceptual pull of superposition; PSYCHOMETRICS.md lists logical rules (XOR, AND, OR) among the hardest kinds (after Carpenter et al. 1990 and Primi 2001); v2 put XOR late (RL-06, RL-09). Size a stated guess.",
    },
    "overlay:three-inputs": {
      weight: 1.0,
      evidence:
        "Three inputs (odd parity): more figures per row and seven input patterns to track (Carpenter et al. 1990: more elements to put in correspondence; Primi 2001: number of figures); size a stated guess.",
    },
    "overlay:dots": {
      weight: 0.4,
      evidence:
        "Twelve kinds of element instead of eight: more elements per panel to correspond (Primi 2001, number of elements); stated size.",
    },
    "equations:base": {
      weight: -2.2,
      evidence:
        "Two shapes, one found alone and substituted, additions only (v2's RL-02, assumed b near -1.4): the easiest system; stated level.",
    },
    "equations:unknown": {
      weight: 0.75,
      evidence:
        "Each further unknown adds an equation and a substitution step to keep in mind: goal management (Carpenter et al. 1990); more premises harder (PSYCHOMETRICS.md); stated size.",
    },
    "equations:eliminate": {
      weight: 1.4,
      evidence:
        "No equation holds one unknown alone: two or three equations must be combined (subtracted, or summed and halved) before anything is known; v2's RL-07 and RL-10 were the hardest RL items; stated size.",
    },
    "operation:subtract": {
      weight: 0.5,
      evidence:
        "Subtraction (non-commutative) next to addition; combined operations harder (PSYCHOMETRICS.md, sequences: combined operations hardest); stated size.",
    },
    "operation:multiply": {
      weight: 1.2,
      evidence:
        "Products with precedence over sums, and larger numbers (PSYCHOMETRICS.md: larger numbers, combined operations harder); stated size.",
    },
  },
};
