/**
 * How close a model calibration came to the simulation's truth, and how its precision grows
 * with the number of takers (docs/decisions/0040-calibrating-item-models.md).
 *
 * The truth is compared in the fit's own identification: a weight kept at its current value
 * (aliased) moves its true part onto the estimated weights it is a combination of, so the
 * true values compared are the ones that give every answered cell its true b with the
 * aliased weights at their current values (least squares over the cells, exact when the
 * aliasing is).
 */
import type { Category } from "../../core/items/model.ts";
import { correlation } from "./classical.ts";
import { solve } from "./linear-algebra.ts";
import type { CategoryEstimate, LltmFit } from "./lltm.ts";
import { intercept, type ModelResponses } from "./lltm-design.ts";
import { type FormsTruth, trueB } from "./synthetic-forms.ts";

export interface WeightRecovery {
  category: Category;
  name: string;
  truth: number;
  estimate: number;
  se: number | null;
}

export interface ModelRecovery {
  /** Estimated feature weights (intercepts apart): correlation with the truth, mean absolute error. */
  weightCorrelation: number;
  weightMeanAbsoluteError: number;
  /** The same over what the simulation added to the current weights: the data's part. */
  perturbationCorrelation: number;
  /** Share of estimated weights and intercepts within 1.96 standard errors of the truth. */
  weightCoverage: number;
  discriminationCorrelation: number;
  discriminationMeanAbsoluteError: number;
  discriminationCoverage: number;
  /** Every answered cell's b from the estimates against its true b. */
  cellBCorrelation: number;
  cellBMeanAbsoluteError: number;
  abilityCorrelation: number;
  weights: WeightRecovery[];
  discriminations: { model: string; truth: number; estimate: number; se: number | null }[];
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** The true values of a category's estimated weights in the fit's identification. */
function identifiedTruth(
  estimate: CategoryEstimate,
  data: ModelResponses,
  truth: FormsTruth,
): Map<string, number> {
  const used = new Set<number>();
  for (const taker of data.takers) for (const r of taker.responses) used.add(r.cell);
  const cells = data.cells.filter((c, i) => c.category === estimate.category && used.has(i));
  const free = estimate.weights.filter((w) => w.status === "estimated");
  const fixed = estimate.weights.filter((w) => w.status !== "estimated");
  const count = (design: Record<string, number>, name: string) =>
    name === intercept ? 1 : (design[name] ?? 0);
  const rows = cells.map((cell) => free.map((w) => count(cell.design, w.name)));
  const target = cells.map(
    (cell) =>
      trueB(truth.weights[estimate.category], cell.design) -
      fixed.reduce((s, w) => s + w.estimate * count(cell.design, w.name), 0),
  );
  const gram = free.map((_, j) =>
    free.map((_, l) => rows.reduce((s, r) => s + (r[j] as number) * (r[l] as number), 0)),
  );
  const rhs = free.map((_, j) =>
    rows.reduce((s, r, i) => s + (r[j] as number) * (target[i] as number), 0),
  );
  const values = solve(gram, rhs) ?? [];
  return new Map(free.map((w, j) => [w.name, values[j] as number]));
}

export function modelRecovery(
  fit: LltmFit,
  data: ModelResponses,
  truth: FormsTruth,
): ModelRecovery {
  const weights: WeightRecovery[] = fit.categories.flatMap((estimate) => {
    const identified = identifiedTruth(estimate, data, truth);
    return estimate.weights
      .filter((w) => w.status === "estimated")
      .map((w) => ({
        category: estimate.category,
        name: w.name,
        truth: identified.get(w.name) as number,
        estimate: w.estimate,
        se: w.se,
      }));
  });
  const current = new Map(
    fit.categories.flatMap((e) =>
      e.weights.map((w) => [`${e.category}:${w.name}`, w.current ?? 0]),
    ),
  );
  const features = weights.filter((w) => w.name !== intercept);
  const discriminations = fit.categories.flatMap((e) =>
    e.discriminations
      .filter((d) => d.estimate !== null)
      .map((d) => ({
        model: d.model,
        truth: truth.discrimination[d.model] as number,
        estimate: d.estimate as number,
        se: d.se,
      })),
  );
  const covered = (rows: readonly { truth: number; estimate: number; se: number | null }[]) =>
    rows.filter((r) => r.se !== null && Math.abs(r.estimate - r.truth) <= 1.96 * r.se).length /
    rows.length;
  const estimates = new Map(fit.categories.map((e) => [e.category, e]));
  const used = new Set<number>();
  for (const taker of data.takers) for (const r of taker.responses) used.add(r.cell);
  const cellPairs = data.cells
    .filter((_, i) => used.has(i))
    .map((cell) => {
      const estimate = estimates.get(cell.category) as CategoryEstimate;
      const b = estimate.weights.reduce(
        (s, w) => s + w.estimate * (w.name === intercept ? 1 : (cell.design[w.name] ?? 0)),
        0,
      );
      return { truth: trueB(truth.weights[cell.category], cell.design), estimate: b };
    });
  return {
    weightCorrelation: correlation(
      features.map((w) => w.truth),
      features.map((w) => w.estimate),
    ),
    weightMeanAbsoluteError: mean(features.map((w) => Math.abs(w.estimate - w.truth))),
    perturbationCorrelation: correlation(
      features.map((w) => w.truth - (current.get(`${w.category}:${w.name}`) as number)),
      features.map((w) => w.estimate - (current.get(`${w.category}:${w.name}`) as number)),
    ),
    weightCoverage: covered(weights),
    discriminationCorrelation: correlation(
      discriminations.map((d) => d.truth),
      discriminations.map((d) => d.estimate),
    ),
    discriminationMeanAbsoluteError: mean(
      discriminations.map((d) => Math.abs(d.estimate - d.truth)),
    ),
    discriminationCoverage: covered(discriminations),
    cellBCorrelation: correlation(
      cellPairs.map((c) => c.truth),
      cellPairs.map((c) => c.estimate),
    ),
    cellBMeanAbsoluteError: mean(cellPairs.map((c) => Math.abs(c.estimate - c.truth))),
    abilityCorrelation: correlation(
      truth.abilities,
      fit.abilities.map((a) => a.eap),
    ),
    weights,
    discriminations,
  };
}
