/**
 * What the model calibration estimates, laid out over the cells the data hold
 * (docs/decisions/0040-calibrating-item-models.md): per category its design features and
 * intercept, which of them the data can tell apart, and its models' a.
 *
 * Identification: a weight is estimated only when its column of the design matrix, over
 * the cells the data hold, is independent of the columns before it (features first, the
 * intercept last). A feature never present is reported as absent; a column that is a
 * combination of others (every RL instance has exactly one of the three "base" features,
 * so they and the intercept are collinear) is kept at its current value and named as
 * aliased: the estimates of the others absorb it.
 */
import type { Category } from "../../core/items/model.ts";
import type { CategoryWeights } from "../../core/items/pool/difficulty.ts";
import type { Design } from "../../core/items/pool/item-model.ts";
import { independentColumns, solve } from "./linear-algebra.ts";

/** A (model, radicals) of the pool: every instance of it has the same parameters. */
export interface DesignCell {
  category: Category;
  model: string;
  design: Design;
}

export interface ModelTaker {
  /** Age band of the stored result ("unknown" without one). */
  ageBand: string;
  /** One per form item: its cell (index into `cells`) and whether it was answered right. */
  responses: { cell: number; right: boolean }[];
}

export interface ModelResponses {
  cells: DesignCell[];
  takers: ModelTaker[];
}

export const intercept = "intercept";

/** One category's parameters, as the estimation holds them. */
export interface Block {
  category: Category;
  /** Design features (the current weights' order, then any new one), then the intercept. */
  columns: string[];
  current: (number | null)[];
  beta: number[];
  free: boolean[];
  aliasedWith: (string[] | undefined)[];
  /** Index of each free column in the parameter vector, -1 when fixed. */
  betaIndex: number[];
  models: string[];
  currentA: number[];
  a: number[];
  aIndex: number[];
  cells: number[];
}

export interface CellState {
  block: number;
  x: number[];
  model: number;
}

/** The blocks, with what is estimable in the data, and every cell's place in them. */
export function designBlocks(
  data: ModelResponses,
  weights: Readonly<Record<Category, CategoryWeights>>,
  modelsByCategory: Readonly<Record<Category, readonly { id: string }[]>>,
) {
  const used = new Set<number>();
  for (const taker of data.takers) for (const r of taker.responses) used.add(r.cell);
  const blocks: Block[] = [];
  const cellStates: (CellState | null)[] = data.cells.map(() => null);
  let next = 0;
  for (const category of Object.keys(weights) as Category[]) {
    const current = weights[category];
    const cells = data.cells.flatMap((cell, i) =>
      cell.category === category && used.has(i) ? [i] : [],
    );
    const features = Object.keys(current.features);
    for (const i of cells)
      for (const f of Object.keys(data.cells[i]?.design ?? {}))
        if (!features.includes(f)) features.push(f);
    const columns = [...features, intercept];
    const row = (i: number) =>
      columns.map((name) =>
        name === intercept ? 1 : ((data.cells[i] as DesignCell).design[name] ?? 0),
      );
    const rows = cells.map(row);
    const matrix = columns.map((_, j) => rows.map((r) => r[j] as number));
    const free = independentColumns(matrix);
    const kept = matrix.filter((_, j) => free[j]);
    const aliasedWith = columns.map((_, j) => {
      const column = matrix[j] as number[];
      if (free[j] || column.every((v) => v === 0)) return undefined;
      // The combination of kept columns it equals: solve the normal equations.
      const gram = kept.map((u) =>
        kept.map((v) => u.reduce((s, x, i) => s + x * (v[i] as number), 0)),
      );
      const rhs = kept.map((u) => u.reduce((s, x, i) => s + x * (column[i] as number), 0));
      const coefficients = solve(gram, rhs) ?? [];
      const names = columns.filter((_, l) => free[l]);
      return names.filter((_, l) => Math.abs(coefficients[l] ?? 0) > 1e-6);
    });
    const currentValues = columns.map((name) =>
      name === intercept ? current.intercept : (current.features[name]?.weight ?? null),
    );
    const betaIndex = free.map((isFree) => (isFree ? next++ : -1));
    const present = new Set(cells.map((i) => (data.cells[i] as DesignCell).model));
    const models = [
      ...modelsByCategory[category].map((m) => m.id).filter((id) => present.has(id)),
      ...[...present].filter((id) => !modelsByCategory[category].some((m) => m.id === id)),
    ];
    const block: Block = {
      category,
      columns,
      current: currentValues,
      beta: currentValues.map((v) => v ?? 0),
      free,
      aliasedWith,
      betaIndex,
      models,
      currentA: models.map(() => current.discrimination),
      a: models.map(() => current.discrimination),
      aIndex: models.map(() => next++),
      cells,
    };
    blocks.push(block);
    for (const i of cells)
      cellStates[i] = {
        block: blocks.length - 1,
        x: row(i),
        model: models.indexOf((data.cells[i] as DesignCell).model),
      };
  }
  return { blocks, cellStates, parameterCount: next };
}

export function cellParameters(
  blocks: readonly Block[],
  cellStates: readonly (CellState | null)[],
) {
  return cellStates.map((state) => {
    if (!state) return null;
    const block = blocks[state.block] as Block;
    const b = state.x.reduce((s, v, j) => s + v * (block.beta[j] as number), 0);
    return { a: block.a[state.model] as number, b };
  });
}
