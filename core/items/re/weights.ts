/**
 * The RE design features' weights (LLTM), a model until data exist: docs/decisions/0037-item-models.md
 * and docs/items/re.md. b = intercept + sum of weight x count. The intercept
 * is the easiest item of the category: a figure of five squares turned by a quarter, its
 * distractors a mirror image and a square moved far. The directions come from the sources
 * named; the sizes are our own guesses, set so that the pool spans b of about -2.5 to +3,
 * and `npm run calibrate` is to re-estimate them from real answers.
 */
import type { CategoryWeights } from "../pool/difficulty.ts";

export const weights: CategoryWeights = {
  intercept: -2.5,
  discrimination: 1,
  features: {
    "task:rotation": {
      weight: 0,
      evidence:
        "Reference task: plane rotation of a figure of squares against its mirror image (Shepard and Metzler 1971; Cooper and Shepard 1973 for figures turned in the plane).",
    },
    "rotation:half-turn": {
      weight: 0.8,
      evidence:
        "Shepard and Metzler 1971: the time to judge same or mirror grows linearly with the angle between the figures, and errors grow with it; 180 degrees is the largest disparity in the plane (a 270-degree turn is a 90-degree one the other way). Size of the step: our guess.",
    },
    "figure:extra-square": {
      weight: 0.2,
      evidence:
        "Per square beyond five: more parts to carry through the rotation or reflection and to compare (complexity of the figure slows mental rotation and raises errors: Bethell-Fox and Shepard 1988, stated as a direction). Size: our guess.",
    },
    "lure:near-change": {
      weight: 0.5,
      evidence:
        "Two distractors differ from the figure by one square moved at most two squares away: fewer features tell them apart, the comparison must be finer (discriminability of distractors, a design principle of the LLTM tradition; direction stated, size our guess).",
    },
    "task:mirror": {
      weight: 0.2,
      evidence:
        "Reflecting a figure across a line drawn beside it is about as easy as the easiest rotation item (mirror discrimination, PSYCHOMETRICS.md); slightly harder, as the key must be told from a turn of the figure.",
    },
    "mirror:horizontal-axis": {
      weight: 0.4,
      evidence:
        "Symmetry about a vertical axis (left-right) is perceived more readily than about a horizontal one (Wagemans 1995 review of symmetry detection); a top-bottom reflection is the harder one to build. Size: our guess.",
    },
    "lure:half-turn": {
      weight: 0.6,
      evidence:
        "The turned distractors are turned by a half turn, which keeps the outline's proportions and is easily taken for a reflection (the mirror-discrimination confusion of Shepard and Metzler's task). Size: our guess.",
    },
    "task:fold": {
      weight: 1.0,
      evidence:
        "One fold and one hole: the easiest paper-folding item, harder than a plane rotation (paper folding needs a sequence of transformations held in memory: Ekstrom et al. 1976, VZ-2; Shepard and Feng 1972 for folding as serial mental operations).",
    },
    "fold:extra-fold": {
      weight: 1.3,
      evidence:
        "Each fold adds a transformation to keep in mind and doubles the layers; the number of folds is the main predictor of paper-folding item difficulty (Burte, Gardony, Hutton and Taylor 2019, Paper Folding Test problem attributes). Size: our guess, the largest RE step.",
    },
    "fold:extra-hole": {
      weight: 0.4,
      evidence:
        "Each punched hole beyond the first must be unfolded too: more elements to track (goal management, Carpenter, Just and Shell 1990, applied by analogy). Size: our guess.",
    },
    "fold:uneven": {
      weight: 0.8,
      evidence:
        "A fold that brings a narrower flap over leaves part of the paper single: holes there are not mirrored, so the simple 'reflect across every crease' strategy fails (fold type as a problem attribute: Burte et al. 2019). Size: our guess.",
    },
    "task:cube": {
      weight: 1.6,
      evidence:
        "Folding a net into a cube in the mind is the hardest family of bank v2 (RE-08..10) and of the surface-development tests (Ekstrom et al. 1976, VZ-3); distance 4 (the faces meet at one corner of the net) is its easiest form.",
    },
    "cube:arrow": {
      weight: 1.0,
      evidence:
        "One face carries an arrow that must point the right way once folded, and no option can be ruled out by two opposite faces: the faces must be turned, not only placed (Shepard and Feng 1972: marks that must meet add folding operations). Size: our guess.",
    },
    "task:solid": {
      weight: 2.5,
      evidence:
        "Turning an object of cubes in depth and telling it from its mirror image (Shepard and Metzler 1971; the Vandenberg and Kuse 1978 mental rotation test built on their figures is among the hardest spatial tests and shows large individual differences). A quarter turn of eight cubes is its easiest form here. Size: our guess.",
    },
    "solid:half-turn": {
      weight: 0.7,
      evidence:
        "Shepard and Metzler 1971: the time grows linearly with the angle for turns in depth as in the picture plane; a half turn is the largest. Size: our guess.",
    },
    "solid:extra-cubes": {
      weight: 0.4,
      evidence:
        "Ten cubes instead of eight (longer arms or a fourth arm): more to hold and compare through the turn (figure complexity, direction stated; size our guess).",
    },
    "cube:net-distance": {
      weight: 0.5,
      evidence:
        "Per two more steps along the net between the faces that meet: Shepard and Feng 1972 found the time to fold a net mentally grows with the number of squares that must be carried along to bring two edges together. Size: our guess.",
    },
  },
};
