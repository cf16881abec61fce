/**
 * The item response model every score rests on (3PL, Birnbaum): a person of ability theta
 * answers an item right with probability
 *   P(right | theta) = c + (1 - c) / (1 + exp(-1.7 * a * (theta - b)))
 * with c, the guessing, 1/4 (four options). The calibration (scripts/calibrate/irt.ts)
 * estimates a and b; the item pool predicts them from its models
 * (core/items/pool/difficulty.ts); a form's score is read from them (`eapAbility`).
 * No imports but the normal distribution, so node scripts read it as the Worker does.
 */
import { normalCdf } from "./normal.ts";

export const guessing = 0.25;
export const scaling = 1.7;

export interface ItemParameters {
  /** Discrimination (logistic, with the 1.7 scaling). */
  a: number;
  /** Difficulty, in SD units of the reference population. */
  b: number;
  /** Guessing. */
  c: number;
}

export function probabilityRight(item: ItemParameters, theta: number): number {
  return item.c + (1 - item.c) / (1 + Math.exp(-scaling * item.a * (theta - item.b)));
}

/** Fisher information of one item at theta (Birnbaum's 3PL formula). */
export function itemInformation(item: ItemParameters, theta: number): number {
  const p = probabilityRight(item, theta);
  const share = (p - item.c) / (1 - item.c);
  return (scaling * item.a) ** 2 * ((1 - p) / p) * share * share;
}

export function testInformation(items: readonly ItemParameters[], theta: number): number {
  return items.reduce((sum, item) => sum + itemInformation(item, theta), 0);
}

/** Expected raw total of a person of ability theta. */
export function expectedTotal(items: readonly ItemParameters[], theta: number): number {
  return items.reduce((sum, item) => sum + probabilityRight(item, theta), 0);
}

export interface Grid {
  nodes: number[];
  weights: number[];
}

/**
 * Equally spaced abilities from -limit to +limit with the weights of a normal prior
 * N(mean, sd) summing to 1.
 */
export function normalGrid(points = 61, limit = 5, mean = 0, sd = 1): Grid {
  const step = (2 * limit) / (points - 1);
  const nodes = Array.from({ length: points }, (_, k) => -limit + k * step);
  const raw = nodes.map(
    (x) => normalCdf((x + step / 2 - mean) / sd) - normalCdf((x - step / 2 - mean) / sd),
  );
  const sum = raw.reduce((s, w) => s + w, 0);
  return { nodes, weights: raw.map((w) => w / sum) };
}

export interface Response {
  item: ItemParameters;
  right: boolean;
}

export interface Ability {
  /** Expected a posteriori ability. */
  theta: number;
  /** Its posterior standard deviation: the person's own standard error. */
  se: number;
}

/**
 * EAP ability and its posterior SD from the responses to the items actually taken, over a
 * grid carrying the prior (Bock & Mislevy 1982). An unanswered item counts as wrong, as on
 * the fixed banks.
 */
export function eapAbility(
  responses: readonly Response[],
  grid: Grid = normalGrid(121, 6),
): Ability {
  const log = grid.nodes.map(() => 0);
  for (const { item, right } of responses)
    grid.nodes.forEach((theta, k) => {
      const p = probabilityRight(item, theta);
      log[k] = (log[k] as number) + Math.log(right ? p : 1 - p);
    });
  return posteriorAbility(grid, log);
}

/** The EAP and posterior SD over a grid carrying the prior, given each node's log-likelihood. */
export function posteriorAbility(grid: Grid, logLikelihood: readonly number[]): Ability {
  const log = grid.weights.map((w, k) => Math.log(w) + (logLikelihood[k] as number));
  const max = Math.max(...log);
  const weights = log.map((v) => Math.exp(v - max));
  const sum = weights.reduce((s, w) => s + w, 0);
  let theta = 0;
  let second = 0;
  grid.nodes.forEach((node, k) => {
    const w = (weights[k] as number) / sum;
    theta += w * node;
    second += w * node * node;
  });
  return { theta, se: Math.sqrt(Math.max(0, second - theta * theta)) };
}

/**
 * The probability of exactly `total` right among `items` at ability `theta`, whichever items
 * they were (Lord & Wingersky 1984's recursion): what a raw total says, when only the total
 * is known.
 */
export function totalProbability(
  items: readonly ItemParameters[],
  total: number,
  theta: number,
): number {
  let distribution = [1];
  for (const item of items) {
    const p = probabilityRight(item, theta);
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((q, r) => {
      next[r] = (next[r] as number) + q * (1 - p);
      next[r + 1] = (next[r + 1] as number) + q * p;
    });
    distribution = next;
  }
  return distribution[total] ?? 0;
}
