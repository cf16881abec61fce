/**
 * One question bank version's calibration, from its response set to what the report
 * shows (docs/decisions/0024-calibration.md). Pure: the command reads and writes.
 */

import { type ItemParameters, testInformation } from "../../core/scoring/irt.ts";
import {
  correlation,
  type ItemStatistics,
  itemStatistics,
  type ResponseSet,
  reliability,
  scoreMatrix,
} from "./classical.ts";
import { fitItems } from "./irt.ts";
import { minResultsForNorms, type NormsProposal, proposeNorms } from "./norms-proposal.ts";

/** Finished attempts before the item parameters are fitted at all. */
export const minResultsForFit = 200;

export interface ItemReport extends ItemStatistics {
  /** Fitted parameters; null below minResultsForFit. */
  irt: ItemParameters | null;
  /** The simulation's parameters (synthetic runs only). */
  truth?: ItemParameters;
}

export interface VersionReport {
  questionBankVersion: string;
  results: number;
  meanTotal: number;
  reliability: { total: number; byCategory: Record<string, number> };
  /** 15 * sqrt(1 - KR-20 total), on the IQ scale. */
  sem: number;
  items: ItemReport[];
  fit: { iterations: number; converged: boolean; logLikelihood: number } | null;
  /** Test information and the ability's standard error along the ability scale. */
  information: { theta: number; information: number; standardError: number }[];
  norms: NormsProposal | null;
  /** Why there is no fit or no norms proposal, when there is not. */
  notes: string[];
  /** Synthetic runs: how close the fit came to the simulation's parameters. */
  recovery?: { bCorrelation: number; bMeanAbsoluteError: number; aMeanAbsoluteError: number };
}

function mean(values: readonly number[]) {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

export function analyseVersion(
  questionBankVersion: string,
  set: ResponseSet,
  now: Date,
  truth?: readonly ItemParameters[],
): VersionReport {
  const scores = scoreMatrix(set);
  const results = set.takers.length;
  const measured = reliability(set);
  const notes: string[] = [];
  const fit = results >= minResultsForFit ? fitItems(scores) : null;
  if (!fit) notes.push(`No item fit: ${results} results, the fit needs ${minResultsForFit}.`);
  else if (!fit.converged)
    notes.push(`The fit stopped after ${fit.iterations} cycles without converging.`);
  const statistics = itemStatistics(set);
  const items = statistics.map(
    (item, j): ItemReport => ({
      ...item,
      irt: fit?.items[j] ?? null,
      ...(truth ? { truth: truth[j] as ItemParameters } : {}),
    }),
  );
  const information = fit
    ? Array.from({ length: 81 }, (_, i) => {
        const theta = -4 + i * 0.1;
        const value = testInformation(fit.items, theta);
        return { theta, information: value, standardError: 1 / Math.sqrt(value) };
      })
    : [];
  let norms: NormsProposal | null = null;
  if (!fit) {
    // Said above.
  } else if (results < minResultsForNorms) {
    notes.push(`No norms proposal: ${results} results, norms need ${minResultsForNorms}.`);
  } else if (!(measured.total > 0)) {
    notes.push("No norms proposal: the measured reliability is not positive.");
  } else {
    norms = proposeNorms({
      questionBankVersion,
      codes: set.items,
      items: fit.items,
      takers: set.takers.map((taker, i) => ({
        ability: fit.abilities[i]?.eap ?? 0,
        ageBand: taker.ageBand,
      })),
      reliability: measured.total,
      now,
    });
  }
  const report: VersionReport = {
    questionBankVersion,
    results,
    meanTotal: mean(scores.map((row) => row.reduce((s, v) => s + v, 0))),
    reliability: measured,
    sem: 15 * Math.sqrt(1 - measured.total),
    items,
    fit: fit && {
      iterations: fit.iterations,
      converged: fit.converged,
      logLikelihood: fit.logLikelihood,
    },
    information,
    norms,
    notes,
  };
  if (truth && fit) {
    const trueB = truth.map((item) => item.b);
    const fitB = fit.items.map((item) => item.b);
    report.recovery = {
      bCorrelation: correlation(trueB, fitB),
      bMeanAbsoluteError: mean(fitB.map((b, j) => Math.abs(b - (trueB[j] as number)))),
      aMeanAbsoluteError: mean(
        fit.items.map((item, j) => Math.abs(item.a - (truth[j] as ItemParameters).a)),
      ),
    };
  }
  return report;
}
