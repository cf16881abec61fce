/**
 * Item response theory for the calibration (docs/decisions/0024-calibration.md): the
 * model itself is core/scoring/irt.ts's; this file fits it.
 *
 * The model is core/scoring/norms.ts's item, with its parameters measured instead of assumed:
 *   P(right | theta) = c + (1 - c) / (1 + exp(-1.7 * a * (theta - b)))
 * with the guessing c fixed at 1/4 (four options, every item answered or scored 0), the
 * discrimination a and the difficulty b estimated per item.
 *
 * Estimation: marginal maximum likelihood by EM (Bock & Aitkin 1981) over a fixed grid
 * of abilities with N(0, 1) weights, which fixes the scale: the calibration sample has
 * mean 0 and SD 1. The M-step is a few Fisher-scoring steps per item with weak priors
 * (a ~ N(1, 0.75), b ~ N(0, 2)): Bayes modal estimates that stay finite for an item that
 * nearly everyone (or no one) gets right.
 */
import {
  type Grid,
  guessing,
  type ItemParameters,
  normalGrid,
  probabilityRight,
  scaling,
} from "../../core/scoring/irt.ts";

const prior = { aMean: 1, aSd: 0.75, bMean: 0, bSd: 2 } as const;
const bounds = { aMin: 0.05, aMax: 4, bMin: -6, bMax: 6 } as const;

export interface FitOptions {
  maxIterations?: number;
  /** Stop when no parameter moved more than this in one EM cycle. */
  tolerance?: number;
  grid?: Grid;
}

export interface Fit {
  items: ItemParameters[];
  iterations: number;
  converged: boolean;
  /** Marginal log-likelihood at the last E-step. */
  logLikelihood: number;
  /** Each taker's expected a posteriori ability and its posterior SD. */
  abilities: { eap: number; sd: number }[];
}

/**
 * One taker's posterior weights over the grid, from the prior's logs and each answer's
 * log-likelihood at every node, and the log of the taker's marginal likelihood.
 */
export function posteriorOf(
  logPrior: readonly number[],
  answers: Iterable<readonly number[]>,
): { weights: number[]; logMarginal: number } {
  const log = logPrior.slice();
  for (const table of answers)
    for (let k = 0; k < log.length; k++) log[k] = (log[k] as number) + (table[k] as number);
  const max = Math.max(...log);
  const weights = log.map((v) => Math.exp(v - max));
  const sum = weights.reduce((s, w) => s + w, 0);
  return { weights: weights.map((w) => w / sum), logMarginal: max + Math.log(sum) };
}

/** Posterior weights over the grid for every taker, and the marginal log-likelihood. */
function posteriors(scores: readonly number[][], items: readonly ItemParameters[], grid: Grid) {
  const logP = items.map((item) => grid.nodes.map((t) => Math.log(probabilityRight(item, t))));
  const logQ = items.map((item) => grid.nodes.map((t) => Math.log(1 - probabilityRight(item, t))));
  const logWeights = grid.weights.map(Math.log);
  let logLikelihood = 0;
  const result = scores.map((row) => {
    const { weights, logMarginal } = posteriorOf(
      logWeights,
      row.map((score, j) => (score === 1 ? logP[j] : logQ[j]) as number[]),
    );
    logLikelihood += logMarginal;
    return weights;
  });
  return { posterior: result, logLikelihood };
}

/** Fisher scoring of one item's (a, b) against the expected counts at each node. */
function maximizeItem(
  item: ItemParameters,
  nodes: readonly number[],
  expectedTakers: readonly number[],
  expectedRight: readonly number[],
): ItemParameters {
  let { a, b } = item;
  const c = item.c;
  for (let step = 0; step < 5; step++) {
    let ga = -(a - prior.aMean) / prior.aSd ** 2;
    let gb = -(b - prior.bMean) / prior.bSd ** 2;
    let iaa = 1 / prior.aSd ** 2;
    let ibb = 1 / prior.bSd ** 2;
    let iab = 0;
    for (let k = 0; k < nodes.length; k++) {
      const n = expectedTakers[k] as number;
      if (n < 1e-12) continue;
      const theta = nodes[k] as number;
      const logistic = 1 / (1 + Math.exp(-scaling * a * (theta - b)));
      const p = c + (1 - c) * logistic;
      const dpdz = (1 - c) * logistic * (1 - logistic);
      const dzda = scaling * (theta - b);
      const dzdb = -scaling * a;
      const residual = ((expectedRight[k] as number) - n * p) / (p * (1 - p));
      ga += residual * dpdz * dzda;
      gb += residual * dpdz * dzdb;
      const info = (n * dpdz * dpdz) / (p * (1 - p));
      iaa += info * dzda * dzda;
      ibb += info * dzdb * dzdb;
      iab += info * dzda * dzdb;
    }
    const det = iaa * ibb - iab * iab;
    if (!(det > 0)) break;
    let da = (ibb * ga - iab * gb) / det;
    let db = (iaa * gb - iab * ga) / det;
    // Damped: one Fisher step may overshoot far from the optimum.
    const largest = Math.max(Math.abs(da), Math.abs(db));
    if (largest > 1) {
      da /= largest;
      db /= largest;
    }
    a = Math.min(bounds.aMax, Math.max(bounds.aMin, a + da));
    b = Math.min(bounds.bMax, Math.max(bounds.bMin, b + db));
    if (largest < 1e-6) break;
  }
  return { a, b, c };
}

/** The E-step's expected takers at each node, and expected right answers per item and node. */
function expectedCounts(
  scores: readonly number[][],
  posterior: readonly number[][],
  itemCount: number,
) {
  const nodeCount = posterior[0]?.length ?? 0;
  const expectedTakers = new Array<number>(nodeCount).fill(0);
  const expectedRight = Array.from({ length: itemCount }, () =>
    new Array<number>(nodeCount).fill(0),
  );
  posterior.forEach((w, i) => {
    const row = scores[i] as number[];
    for (let k = 0; k < nodeCount; k++)
      expectedTakers[k] = (expectedTakers[k] as number) + (w[k] as number);
    for (let j = 0; j < itemCount; j++) {
      if (row[j] !== 1) continue;
      const counts = expectedRight[j] as number[];
      for (let k = 0; k < nodeCount; k++) counts[k] = (counts[k] as number) + (w[k] as number);
    }
  });
  return { expectedTakers, expectedRight };
}

/** MML/EM fit of every item's a and b, c fixed at 1/4; `scores` is takers x items of 0/1. */
export function fitItems(scores: readonly number[][], options: FitOptions = {}): Fit {
  const grid = options.grid ?? normalGrid();
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-4;
  const itemCount = scores[0]?.length ?? 0;
  // Start from the share right: an easy item starts easy.
  let items: ItemParameters[] = Array.from({ length: itemCount }, (_, j) => {
    const p = scores.reduce((s, row) => s + (row[j] as number), 0) / Math.max(1, scores.length);
    const share = Math.min(0.98, Math.max(0.02, (p - guessing) / (1 - guessing)));
    return { a: 1, b: -Math.log(share / (1 - share)) / scaling, c: guessing };
  });
  let iterations = 0;
  let converged = false;
  let state = posteriors(scores, items, grid);
  while (iterations < maxIterations && !converged) {
    iterations++;
    const { expectedTakers, expectedRight } = expectedCounts(scores, state.posterior, itemCount);
    const next = items.map((item, j) =>
      maximizeItem(item, grid.nodes, expectedTakers, expectedRight[j] as number[]),
    );
    const moved = Math.max(
      0,
      ...next.map((item, j) =>
        Math.max(
          Math.abs(item.a - (items[j] as ItemParameters).a),
          Math.abs(item.b - (items[j] as ItemParameters).b),
        ),
      ),
    );
    items = next;
    state = posteriors(scores, items, grid);
    converged = moved < tolerance;
  }
  const abilities = state.posterior.map((w) => {
    const eap = w.reduce((s, v, k) => s + v * (grid.nodes[k] as number), 0);
    const second = w.reduce((s, v, k) => s + v * (grid.nodes[k] as number) ** 2, 0);
    return { eap, sd: Math.sqrt(Math.max(0, second - eap * eap)) };
  });
  return { items, iterations, converged, logLikelihood: state.logLikelihood, abilities };
}
