/**
 * The calibration of the item models from form attempts, from their answers to what the
 * report shows and what is proposed (docs/decisions/0040-calibrating-item-models.md):
 * the fit, a proposed parameters version (every weight, intercept and per-model a with its
 * standard error, beside the current ones), a proposed norms version (the age bands' means
 * on the ability scale the forms are scored on) with enough results, and how many attempts
 * the estimates need. Pure: the command reads and writes.
 */
import type { Category } from "../../core/items/model.ts";
import type { CategoryWeights } from "../../core/items/pool/difficulty.ts";
import {
  modelsByCategory,
  parameterVersion,
  weightsByCategory,
} from "../../core/items/pool/models.ts";
import { ageBands as currentAgeBands, normsVersion } from "../../core/scoring/norms-model.ts";
import { minResultsForFit } from "./analyse.ts";
import {
  type CategoryEstimate,
  type DiscriminationEstimate,
  fitModels,
  type WeightEstimate,
  weightPrior,
} from "./lltm.ts";
import { intercept, type ModelResponses } from "./lltm-design.ts";
import { type ModelRecovery, modelRecovery } from "./model-recovery.ts";
import { measureAgeBands, minResultsForNorms, type ProposedAgeBand } from "./norms-proposal.ts";
import { type FormsTruth, simulateForms } from "./synthetic-forms.ts";

/** The standard error every estimated weight should fall under before a proposal is trusted. */
export const seBound = 0.15;

export interface ParametersProposal {
  parametersVersion: string;
  /** The version whose weights are the "current" values beside each estimate. */
  currentParametersVersion: string;
  generatedAt: string;
  source: string;
  results: number;
  /** What ability 0 means, and the shift applied to every intercept to get there. */
  anchor: string;
  interceptShift: number;
  categories: {
    category: string;
    /** The proposed intercept is the estimate minus the anchor's shift. */
    weights: (WeightEstimate & { proposed: number })[];
    /** Today one a per category (`discrimination` in `<category>/weights.ts`); here one per model. */
    discriminations: DiscriminationEstimate[];
  }[];
  notes: string[];
}

export interface FormNormsProposal {
  normsVersion: string;
  questionBankVersion: string;
  parametersVersion: string;
  results: number;
  anchor: string;
  /** Each band's mean ability (reference band 0), on the proposed parameters' scale. */
  ageBands: ProposedAgeBand[];
  current: { normsVersion: string; ageBands: { id: string; meanAbility: number }[] };
}

export interface Precision {
  takers: number;
  weightsEstimated: number;
  /** The largest standard error among estimated weights and intercepts, and whose. */
  largestWeightSe: number | null;
  largestWeight: string | null;
  medianWeightSe: number | null;
  largestDiscriminationSe: number | null;
}

export interface ModelsReport {
  label: string;
  results: number;
  rejected: { reason: string; attempts: number }[];
  formVersions: Record<string, number>;
  /** Attempts by the parameters' version their forms were drawn with. */
  parameterVersions: Record<string, number>;
  fit: { iterations: number; converged: boolean; logLikelihood: number } | null;
  categories: CategoryEstimate[];
  parameters: ParametersProposal | null;
  norms: FormNormsProposal | null;
  /** The fit's precision, and the attempts needed for every weight's SE to fall under `seBound`. */
  precision: Precision | null;
  attemptsNeeded: { takers: number; how: "measured" | "extrapolated" } | null;
  notes: string[];
  /** Synthetic runs: the truth recovered, and the precision at smaller samples. */
  recovery?: ModelRecovery;
  precisionByTakers?: Precision[];
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function precisionOf(
  categoriesFitted: readonly CategoryEstimate[],
  takers: number,
): Precision {
  const weights = categoriesFitted.flatMap((c) =>
    c.weights
      .filter((w) => w.status === "estimated" && w.se !== null)
      .map((w) => ({ name: `${c.category} ${w.name}`, se: w.se as number })),
  );
  const largest = weights.reduce<{ name: string; se: number } | null>(
    (top, w) => (top === null || w.se > top.se ? w : top),
    null,
  );
  const aErrors = categoriesFitted.flatMap((c) =>
    c.discriminations.flatMap((d) => (d.se === null ? [] : [d.se])),
  );
  return {
    takers,
    weightsEstimated: weights.length,
    largestWeightSe: largest?.se ?? null,
    largestWeight: largest?.name ?? null,
    medianWeightSe: median(weights.map((w) => w.se)),
    largestDiscriminationSe: aErrors.length ? Math.max(...aErrors) : null,
  };
}

/**
 * The attempts needed for every weight's SE to fall under the bound: the smallest sample
 * that did, or, when none did, the largest one's scaled by 1/sqrt(N) (rounded up to 100).
 * Not extrapolated (null) while some weight's SE is over half its prior's SD: the data
 * barely inform that weight yet, and its SE does not shrink as 1/sqrt(N) from there.
 */
export function attemptsNeeded(runs: readonly Precision[]): ModelsReport["attemptsNeeded"] {
  const usable = runs.filter((r) => r.largestWeightSe !== null).sort((x, y) => x.takers - y.takers);
  const met = usable.find((r) => (r.largestWeightSe as number) <= seBound);
  if (met) return { takers: met.takers, how: "measured" };
  const largest = usable.at(-1);
  if (!largest || (largest.largestWeightSe as number) > weightPrior.sd / 2) return null;
  const takers = largest.takers * ((largest.largestWeightSe as number) / seBound) ** 2;
  return { takers: Math.ceil(takers / 100) * 100, how: "extrapolated" };
}

/** Simulated runs at smaller samples, for the precision against the number of takers. */
export function precisionAtSizes(sizes: readonly number[]): Precision[] {
  return sizes.map((takers) => {
    const { data } = simulateForms(takers, `lumen-iq-calibration-forms-v1-${takers}`);
    const fit = fitModels(data, weightsByCategory, modelsByCategory);
    return precisionOf(fit.categories, takers);
  });
}

export function analyseModels(input: {
  label: string;
  source: string;
  data: ModelResponses;
  rejected?: { reason: string; attempts: number }[];
  formVersions?: Record<string, number>;
  parameterVersions?: Record<string, number>;
  now: Date;
  truth?: FormsTruth;
  weights?: Readonly<Record<Category, CategoryWeights>>;
}): ModelsReport {
  const { data, now, label } = input;
  const results = data.takers.length;
  const notes: string[] = [];
  const base = {
    label,
    results,
    rejected: input.rejected ?? [],
    formVersions: input.formVersions ?? {},
    parameterVersions: input.parameterVersions ?? {},
  };
  if (results < minResultsForFit) {
    notes.push(`No model fit: ${results} form attempts, the fit needs ${minResultsForFit}.`);
    return {
      ...base,
      fit: null,
      categories: [],
      parameters: null,
      norms: null,
      precision: null,
      attemptsNeeded: null,
      notes,
    };
  }
  const fit = fitModels(data, input.weights ?? weightsByCategory, modelsByCategory);
  if (!fit.converged)
    notes.push(`The fit stopped after ${fit.iterations} cycles without converging.`);
  for (const c of fit.categories)
    for (const w of c.weights) {
      if (w.status === "absent")
        notes.push(
          `${c.category} ${w.name}: in no cell the forms drew; not estimable, kept at its current value.`,
        );
      if (w.status === "aliased")
        notes.push(
          `${c.category} ${w.name}: a combination of ${(w.aliasedWith ?? []).join(", ")} in the cells the forms drew; not estimable apart, kept at its current value (they absorb it).`,
        );
    }
  const month = now.toISOString().slice(0, 7);
  const parametersVersion = `lltm-calibrated-${month}-${label}`;
  const { zero, ageBands, anchor } = measureAgeBands(
    data.takers.map((taker, i) => ({
      ability: fit.abilities[i]?.eap ?? 0,
      ageBand: taker.ageBand,
    })),
  );
  const precision = precisionOf(fit.categories, results);
  const parameters: ParametersProposal = {
    parametersVersion,
    currentParametersVersion: parameterVersion,
    generatedAt: now.toISOString(),
    source: input.source,
    results,
    anchor,
    interceptShift: -zero,
    categories: fit.categories.map((c) => ({
      category: c.category,
      weights: c.weights.map((w) => ({
        ...w,
        proposed: w.name === intercept ? w.estimate - zero : w.estimate,
      })),
      discriminations: c.discriminations,
    })),
    notes: [
      "A proposal for review: nothing here is written to the code or to D1.",
      "One a per item model: today core/items/pool/difficulty.ts has one discrimination per category, so adopting these needs a per-model discrimination there (a new parameter version).",
      `Largest standard error of an estimated weight: ${precision.largestWeightSe?.toFixed(3) ?? "-"} (${precision.largestWeight ?? "-"}); the bound for trusting the proposal is ${seBound}.`,
    ],
  };
  let norms: FormNormsProposal | null = null;
  if (results < minResultsForNorms)
    notes.push(`No norms proposal: ${results} form attempts, norms need ${minResultsForNorms}.`);
  else
    norms = {
      normsVersion: `v2-calibrated-${month}-${label}`,
      questionBankVersion: label,
      parametersVersion,
      results,
      anchor,
      ageBands,
      current: {
        normsVersion,
        ageBands: currentAgeBands.map(({ id, meanAbility }) => ({ id, meanAbility })),
      },
    };
  const report: ModelsReport = {
    ...base,
    fit: { iterations: fit.iterations, converged: fit.converged, logLikelihood: fit.logLikelihood },
    categories: fit.categories,
    parameters,
    norms,
    precision,
    attemptsNeeded: attemptsNeeded([precision]),
    notes,
  };
  if (!report.attemptsNeeded)
    notes.push(
      `Too few answers to say how many attempts the weights need: ${precision.largestWeight} has a standard error of ${precision.largestWeightSe?.toFixed(2)}, still mostly its prior's (SD ${weightPrior.sd}).`,
    );
  if (input.truth) report.recovery = modelRecovery(fit, data, input.truth);
  return report;
}
