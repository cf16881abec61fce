/**
 * The SM design features' weights (LLTM), a model until data exist:
 * docs/decisions/0037-item-models.md and docs/items/sm.md. The directions
 * come from the sources named in each evidence string; the sizes are ours, chosen so that
 * the models span about -2.5 to +3 and keep PSYCHOMETRICS.md's order of rule kinds
 * (arithmetic < geometric < interleaved < second-order < combined operations). `npm run
 * calibrate` is to re-estimate them from answers.
 */
import type { CategoryWeights } from "../pool/difficulty.ts";

const order =
  "Rule kind: PSYCHOMETRICS.md orders arithmetic < geometric < interleaved < second-order < combined operations; relations harder to detect and longer periods raise difficulty (Holzman, Pellegrino & Glaser 1983, J. Educ. Psychol. 75); cognitive operators of generated number series predict Rasch difficulty in an LLTM (Loe, Simonfy, Sun & Doebler 2018, J. Intell. 6(2) 20). Size assumed.";

export const weights: CategoryWeights = {
  intercept: -2.5,
  discrimination: 1,
  features: {
    "rule:geometric": {
      weight: 1,
      evidence: `${order} How hard a relation is to detect depends on the arithmetic operation involved (Holzman et al. 1983, as summarised by Loe et al. 2018); multiplication assumed harder than a fixed step.`,
    },
    "larger-ratio": {
      weight: 0.3,
      evidence:
        "Assumed: x3..x5 give faster-growing, less familiar products than doubling (problem-size effect, Ashcraft 1992, Cognition 44).",
    },
    "fraction-ratio": {
      weight: 0.8,
      evidence:
        "x3/2 or x2/3 is two operations at once; items needing two operations were particularly hard (Sun, Liu & Luo 2019, Front. Psychol. 10:884). Size assumed.",
    },
    descending: {
      weight: 0.4,
      evidence:
        "Assumed: the operation involved changes how hard a relation is to detect (Holzman et al. 1983, as summarised by Loe et al. 2018); subtracting or dividing taken as slightly harder than adding or multiplying; small.",
    },
    "rule:interleaved": {
      weight: 1.8,
      evidence: `${order} Two sequences taking turns add the discovery of periodicity (Holzman et al. 1983; periodicity is one of ANSIG's operators, Loe et al. 2018).`,
    },
    "opposite-directions": {
      weight: 0.3,
      evidence:
        "Assumed: one rising and one falling sequence is two different relations to hold at once (Holzman et al. 1983: number of relations); small.",
    },
    "mixed-kinds": {
      weight: 0.6,
      evidence:
        "Assumed: one sequence adding and the other multiplying is two kinds of relation to detect (Holzman et al. 1983; Sun et al. 2019, two operations).",
    },
    "rule:second-order": {
      weight: 2.3,
      evidence: `${order} The relation is between differences, a second level to detect.`,
    },
    "shrinking-differences": {
      weight: 0.4,
      evidence:
        "Assumed: differences that shrink and may turn negative (the sequence rises, then turns) break the expectation of growth; small.",
    },
    "rule:third-order": {
      weight: 0.9,
      evidence:
        "Assumed, added to rule:second-order: a third level of differences (differences of differences change by a fixed amount) is one more relation to detect and hold (Holzman et al. 1983).",
    },
    "rule:sum-of-two": {
      weight: 2.2,
      evidence: `${order} PSYCHOMETRICS.md counts Fibonacci-like sums as combined; issue 28 found bank v2's Fibonacci (SM-07) easy for its place, so it sits with second-order here, below the two-operation rules.`,
    },
    "rule:two-operations": {
      weight: 3,
      evidence: `${order} Items requiring two arithmetic operations (x*a+b) were of particularly high difficulty (Sun, Liu & Luo 2019, Front. Psychol. 10:884).`,
    },
    "taking-turns": {
      weight: 0.5,
      evidence:
        "Added to rule:two-operations when the two operations alternate: periodicity on top of two operations (Holzman et al. 1983). Size assumed.",
    },
    "rule:sum-of-three": {
      weight: 3.2,
      evidence: `${order} Each term from the three before it: more terms to hold in working memory than Fibonacci (Holzman et al. 1983: working-memory load). Size assumed; bank v2 put it last (SM-10).`,
    },
    "rule:differences-sum": {
      weight: 3.6,
      evidence: `${order} A rule over a rule: the differences follow a Fibonacci-like rule; two levels of relation plus a combined operation. Size assumed.`,
    },
    "rule:interleaved-growing": {
      weight: 3.8,
      evidence: `${order} Periodicity plus a second-order rule inside one of the two sequences (Holzman et al. 1983; Loe et al. 2018). Size assumed.`,
    },
    "rule:three-operations": {
      weight: 4.3,
      evidence: `${order} Three operations in turn: a period of three and two kinds of operation (Holzman et al. 1983; Sun et al. 2019). Size assumed; the hardest kind here.`,
    },
    "larger-numbers": {
      weight: 0.6,
      evidence:
        "Per band of magnitude (about one more digit): larger numbers make the arithmetic slower and more error-prone (problem-size effect, Ashcraft 1992, Cognition 44); PSYCHOMETRICS.md: larger numbers are harder. Size assumed.",
    },
    "fewer-terms": {
      weight: 0.4,
      evidence:
        "Per term fewer than the model's fullest: less evidence to induce and check the rule (PSYCHOMETRICS.md: fewer visible terms are harder). Size assumed.",
    },
  },
};
