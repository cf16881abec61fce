/**
 * Calibration of the item models (issue 28.7; docs/decisions/0040-calibrating-item-models.md):
 * the linear logistic test model inside the 3PL the forms are scored with,
 *   P(right | theta) = 1/4 + 3/4 / (1 + exp(-1.7 a_m (theta - b))),
 *   b = intercept_k + sum_f weight_{k,f} x count_f      (the instance's design row),
 * one intercept and one weight per design feature for each category k, one a per item
 * model m, the guessing fixed at 1/4. Every instance of a cell (model and radicals) shares
 * its parameters, so answers pool over every instance of a model.
 *
 * Estimation: marginal maximum likelihood by EM (Bock & Aitkin 1981) over a grid of
 * abilities with N(0, 1) weights, which fixes the scale (the calibration sample has mean 0
 * and SD 1), as scripts/calibrate/irt.ts does for the fixed banks. The E-step gives each
 * cell its expected takers and right answers at every node; the M-step is a few
 * Fisher-scoring steps per category on its weights and its models' a, with weak priors
 * (each weight ~ N(its current value, 2), a ~ N(1, 0.75)) so a sparse cell stays finite.
 *
 * Identification: what the data cannot tell apart keeps its current value
 * (scripts/calibrate/lltm-design.ts).
 *
 * Standard errors: the inverse of the empirical information (the sum over takers of the
 * outer product of each taker's score, by Fisher's identity from the last E-step) plus the
 * priors' precision.
 */
import type { Category } from "../../core/items/model.ts";
import type { CategoryWeights } from "../../core/items/pool/difficulty.ts";
import { type Grid, guessing, normalGrid, scaling } from "../../core/scoring/irt.ts";
import { posteriorOf } from "./irt.ts";
import { invert, solve } from "./linear-algebra.ts";
import {
  type Block,
  type CellState,
  cellParameters,
  designBlocks,
  type ModelResponses,
} from "./lltm-design.ts";

export const weightPrior = { sd: 2 } as const;
export const discriminationPrior = { mean: 1, sd: 0.75 } as const;
const bounds = { aMin: 0.05, aMax: 4 } as const;

export interface WeightEstimate {
  /** A design feature, or "intercept". */
  name: string;
  /** The value in `<category>/weights.ts`; null for a feature it does not know. */
  current: number | null;
  /** The estimate, or the current value when the weight is not estimable. */
  estimate: number;
  se: number | null;
  /**
   * estimated; absent: the feature is in no cell the data hold; aliased: its column is a
   * combination of the estimated ones (it keeps its current value; they absorb it).
   */
  status: "estimated" | "absent" | "aliased";
  aliasedWith?: string[];
  /** Answers to instances with the feature present. */
  responses: number;
}

export interface DiscriminationEstimate {
  model: string;
  current: number;
  /** null when no answer reached the model. */
  estimate: number | null;
  se: number | null;
  responses: number;
  /** Share right, and what the fitted model expects (a check of the fit by model). */
  observed: number | null;
  expected: number | null;
}

export interface CategoryEstimate {
  category: Category;
  responses: number;
  /** Distinct cells (model and radicals) answered. */
  cells: number;
  weights: WeightEstimate[];
  discriminations: DiscriminationEstimate[];
}

export interface LltmFit {
  categories: CategoryEstimate[];
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  abilities: { eap: number; sd: number }[];
}

export interface LltmOptions {
  maxIterations?: number;
  /** Stop when no parameter moved more than this in one EM cycle. */
  tolerance?: number;
  grid?: Grid;
}

/** P at every node, and dP/db and dP/da there. */
function nodeTables(item: { a: number; b: number }, nodes: readonly number[]) {
  const p: number[] = [];
  const dpdb: number[] = [];
  const dpda: number[] = [];
  for (const theta of nodes) {
    const logistic = 1 / (1 + Math.exp(-scaling * item.a * (theta - item.b)));
    const slope = (1 - guessing) * logistic * (1 - logistic);
    p.push(guessing + (1 - guessing) * logistic);
    dpdb.push(-slope * scaling * item.a);
    dpda.push(slope * scaling * (theta - item.b));
  }
  return { p, dpdb, dpda };
}

type Tables = (ReturnType<typeof nodeTables> | null)[];

/** The E-step: each taker's posterior over the grid, and the marginal log-likelihood. */
function eStep(data: ModelResponses, tables: Tables, grid: Grid) {
  const logPrior = grid.weights.map(Math.log);
  const logRight = tables.map((t) => t?.p.map(Math.log));
  const logWrong = tables.map((t) => t?.p.map((p) => Math.log(1 - p)));
  let logLikelihood = 0;
  const posterior = data.takers.map((taker) => {
    const { weights, logMarginal } = posteriorOf(
      logPrior,
      taker.responses.map(
        ({ cell, right }) => (right ? logRight[cell] : logWrong[cell]) as number[],
      ),
    );
    logLikelihood += logMarginal;
    return weights;
  });
  return { posterior, logLikelihood };
}

/** Expected takers and right answers of every cell at every node. */
function expectedCounts(data: ModelResponses, posterior: readonly number[][], nodes: number) {
  const taken = data.cells.map(() => new Array<number>(nodes).fill(0));
  const right = data.cells.map(() => new Array<number>(nodes).fill(0));
  data.takers.forEach((taker, i) => {
    const w = posterior[i] as number[];
    for (const response of taker.responses) {
      const n = taken[response.cell] as number[];
      const r = right[response.cell] as number[];
      for (let k = 0; k < nodes; k++) {
        n[k] = (n[k] as number) + (w[k] as number);
        if (response.right) r[k] = (r[k] as number) + (w[k] as number);
      }
    }
  });
  return { taken, right };
}

/** A few Fisher-scoring steps on one category's free weights and a's. Returns the largest move. */
function mStep(
  block: Block,
  cellStates: readonly (CellState | null)[],
  counts: ReturnType<typeof expectedCounts>,
  nodes: readonly number[],
): number {
  const weightSlots = block.free.flatMap((free, j) => (free ? [j] : []));
  const size = weightSlots.length + block.models.length;
  const slotOfColumn = block.columns.map((_, j) => weightSlots.indexOf(j));
  let moved = 0;
  for (let step = 0; step < 4; step++) {
    const gradient = new Array<number>(size).fill(0);
    const information = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    weightSlots.forEach((j, s) => {
      const sd2 = weightPrior.sd ** 2;
      gradient[s] = -((block.beta[j] as number) - ((block.current[j] ?? 0) as number)) / sd2;
      (information[s] as number[])[s] = 1 / sd2;
    });
    block.models.forEach((_, m) => {
      const s = weightSlots.length + m;
      gradient[s] =
        -((block.a[m] as number) - discriminationPrior.mean) / discriminationPrior.sd ** 2;
      (information[s] as number[])[s] = 1 / discriminationPrior.sd ** 2;
    });
    for (const c of block.cells) {
      const state = cellStates[c] as CellState;
      const a = block.a[state.model] as number;
      const b = state.x.reduce((s, v, j) => s + v * (block.beta[j] as number), 0);
      const t = nodeTables({ a, b }, nodes);
      let gb = 0;
      let ga = 0;
      let ibb = 0;
      let iaa = 0;
      let iab = 0;
      const taken = counts.taken[c] as number[];
      const right = counts.right[c] as number[];
      for (let k = 0; k < nodes.length; k++) {
        const n = taken[k] as number;
        if (n < 1e-12) continue;
        const p = t.p[k] as number;
        const db = t.dpdb[k] as number;
        const da = t.dpda[k] as number;
        const q = p * (1 - p);
        const residual = ((right[k] as number) - n * p) / q;
        gb += residual * db;
        ga += residual * da;
        ibb += (n * db * db) / q;
        iaa += (n * da * da) / q;
        iab += (n * da * db) / q;
      }
      const as = weightSlots.length + state.model;
      gradient[as] = (gradient[as] as number) + ga;
      (information[as] as number[])[as] = ((information[as] as number[])[as] as number) + iaa;
      state.x.forEach((xj, j) => {
        const s = slotOfColumn[j] as number;
        if (s < 0 || xj === 0) return;
        gradient[s] = (gradient[s] as number) + gb * xj;
        const rowS = information[s] as number[];
        rowS[as] = (rowS[as] as number) + iab * xj;
        (information[as] as number[])[s] = ((information[as] as number[])[s] as number) + iab * xj;
        state.x.forEach((xl, l) => {
          const u = slotOfColumn[l] as number;
          if (u < 0 || xl === 0) return;
          rowS[u] = (rowS[u] as number) + ibb * xj * xl;
        });
      });
    }
    const delta = solve(information, gradient);
    if (!delta) break;
    const largest = Math.max(0, ...delta.map(Math.abs));
    const damping = largest > 1 ? 1 / largest : 1;
    weightSlots.forEach((j, s) => {
      block.beta[j] = (block.beta[j] as number) + damping * (delta[s] as number);
    });
    block.models.forEach((_, m) => {
      const next = (block.a[m] as number) + damping * (delta[weightSlots.length + m] as number);
      block.a[m] = Math.min(bounds.aMax, Math.max(bounds.aMin, next));
    });
    moved = Math.max(moved, largest * damping);
    if (largest < 1e-7) break;
  }
  return moved;
}

/**
 * The MML/EM fit of every category's intercept and feature weights and every model's a,
 * starting from the current weights (`<category>/weights.ts`).
 */
export function fitModels(
  data: ModelResponses,
  weights: Readonly<Record<Category, CategoryWeights>>,
  modelsByCategory: Readonly<Record<Category, readonly { id: string }[]>>,
  options: LltmOptions = {},
): LltmFit {
  const grid = options.grid ?? normalGrid();
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-4;
  const { blocks, cellStates, parameterCount } = designBlocks(data, weights, modelsByCategory);
  const tablesNow = (): Tables =>
    cellParameters(blocks, cellStates).map((item) => item && nodeTables(item, grid.nodes));
  let tables = tablesNow();
  let state = eStep(data, tables, grid);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    const counts = expectedCounts(data, state.posterior, grid.nodes.length);
    const moved = Math.max(
      0,
      ...blocks.map((block) => mStep(block, cellStates, counts, grid.nodes)),
    );
    tables = tablesNow();
    state = eStep(data, tables, grid);
    converged = moved < tolerance;
  }
  const errors = standardErrors(data, blocks, cellStates, tables, state.posterior, parameterCount);
  const abilities = state.posterior.map((w) => {
    const eap = w.reduce((s, v, k) => s + v * (grid.nodes[k] as number), 0);
    const second = w.reduce((s, v, k) => s + v * (grid.nodes[k] as number) ** 2, 0);
    return { eap, sd: Math.sqrt(Math.max(0, second - eap * eap)) };
  });
  return {
    categories: blocks.map((block, b) =>
      report(
        block,
        b,
        modelsByCategory[block.category],
        weights[block.category].discrimination,
        data,
        cellStates,
        tables,
        state.posterior,
        errors,
      ),
    ),
    iterations,
    converged,
    logLikelihood: state.logLikelihood,
    abilities,
  };
}

/** Each parameter's standard error: the empirical (cross-product) information plus the priors'. */
function standardErrors(
  data: ModelResponses,
  blocks: readonly Block[],
  cellStates: readonly (CellState | null)[],
  tables: Tables,
  posterior: readonly number[][],
  size: number,
): (number | null)[] {
  const information = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const block of blocks) {
    for (const i of block.betaIndex)
      if (i >= 0) (information[i] as number[])[i] = 1 / weightPrior.sd ** 2;
    for (const i of block.aIndex) (information[i] as number[])[i] = 1 / discriminationPrior.sd ** 2;
  }
  const score = new Array<number>(size).fill(0);
  data.takers.forEach((taker, t) => {
    const w = posterior[t] as number[];
    const touched = new Set<number>();
    for (const { cell, right } of taker.responses) {
      const table = tables[cell];
      const state = cellStates[cell];
      if (!table || !state) continue;
      let gb = 0;
      let ga = 0;
      for (let k = 0; k < w.length; k++) {
        const p = table.p[k] as number;
        const factor = (w[k] as number) * (right ? 1 / p : -1 / (1 - p));
        gb += factor * (table.dpdb[k] as number);
        ga += factor * (table.dpda[k] as number);
      }
      const block = blocks[state.block] as Block;
      const ai = block.aIndex[state.model] as number;
      score[ai] = (score[ai] as number) + ga;
      touched.add(ai);
      state.x.forEach((xj, j) => {
        const bi = block.betaIndex[j] as number;
        if (bi < 0 || xj === 0) return;
        score[bi] = (score[bi] as number) + gb * xj;
        touched.add(bi);
      });
    }
    const indices = [...touched];
    for (const i of indices) {
      const row = information[i] as number[];
      for (const j of indices)
        row[j] = (row[j] as number) + (score[i] as number) * (score[j] as number);
    }
    for (const i of indices) score[i] = 0;
  });
  const covariance = invert(information);
  return Array.from({ length: size }, (_, i) => {
    const variance = covariance?.[i]?.[i];
    return variance !== undefined && variance > 0 ? Math.sqrt(variance) : null;
  });
}

function report(
  block: Block,
  blockIndex: number,
  allModels: readonly { id: string }[],
  currentA: number,
  data: ModelResponses,
  cellStates: readonly (CellState | null)[],
  tables: Tables,
  posterior: readonly number[][],
  errors: readonly (number | null)[],
): CategoryEstimate {
  const responsesWith = block.columns.map(() => 0);
  const byModel = block.models.map(() => ({ responses: 0, right: 0, expected: 0 }));
  let responses = 0;
  data.takers.forEach((taker, t) => {
    const w = posterior[t] as number[];
    for (const { cell, right } of taker.responses) {
      const state = cellStates[cell];
      if (!state || state.block !== blockIndex) continue;
      responses++;
      state.x.forEach((xj, j) => {
        if (xj !== 0) responsesWith[j] = (responsesWith[j] as number) + 1;
      });
      const tally = byModel[state.model] as { responses: number; right: number; expected: number };
      tally.responses++;
      if (right) tally.right++;
      const p = (tables[cell] as { p: number[] }).p;
      tally.expected += w.reduce((s, v, k) => s + v * (p[k] as number), 0);
    }
  });
  return {
    category: block.category,
    responses,
    cells: block.cells.length,
    weights: block.columns.map((name, j): WeightEstimate => {
      const index = block.betaIndex[j] as number;
      const status = block.free[j] ? "estimated" : block.aliasedWith[j] ? "aliased" : "absent";
      return {
        name,
        current: block.current[j] ?? null,
        estimate: block.beta[j] as number,
        se: index >= 0 ? (errors[index] ?? null) : null,
        status,
        ...(status === "aliased" ? { aliasedWith: block.aliasedWith[j] } : {}),
        responses: responsesWith[j] as number,
      };
    }),
    discriminations: [
      ...block.models.map((model, m): DiscriminationEstimate => {
        const tally = byModel[m] as { responses: number; right: number; expected: number };
        return {
          model,
          current: block.currentA[m] as number,
          estimate: block.a[m] as number,
          se: errors[block.aIndex[m] as number] ?? null,
          responses: tally.responses,
          observed: tally.responses ? tally.right / tally.responses : null,
          expected: tally.responses ? tally.expected / tally.responses : null,
        };
      }),
      ...allModels
        .filter((model) => !block.models.includes(model.id))
        .map(
          (model): DiscriminationEstimate => ({
            model: model.id,
            current: currentA,
            estimate: null,
            se: null,
            responses: 0,
            observed: null,
            expected: null,
          }),
        ),
    ],
  };
}
