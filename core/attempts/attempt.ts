import type { Letter, PublicQuestion } from "../items/questions";
import type { AreaAbilities } from "../scoring/area-abilities";
import type { PercentileMethod, ScoredAttempt } from "../scoring/scoring";

/** The timed test's shapes shared by the Worker and the pages (docs/decisions/0008-timed-test.md). */

export type AttemptStatus = "in_progress" | "finished" | "rejected";

/** What the client may know of an attempt: never the expected letters. */
export interface AttemptState {
  id: string;
  status: AttemptStatus;
  /** Deadline minus the Durable Object's now, in ms; 0 once over. */
  remainingMs: number;
  durationMs: number;
  answers: Record<string, Letter>;
  questionBankVersion: string;
}

/**
 * An attempt still running, as the test page gets it: with its questions (the attempt's own
 * form: titles, alt texts and image URLs in letter order, never the key).
 */
export interface RunningAttempt extends AttemptState {
  questions: readonly PublicQuestion[];
}

export interface AnswerSaved {
  answered: number;
  remainingMs: number;
}

export interface FinishOutcome {
  status: Exclude<AttemptStatus, "in_progress">;
  /** The localized result page, when finished (not rejected). */
  resultPath?: string;
}

/**
 * A finished attempt's free result, as its owner sees it before buying anything
 * (docs/decisions/0009-norms-and-scoring.md).
 */
export interface AttemptResult extends Omit<ScoredAttempt, "age" | "rawByCategory"> {
  id: string;
  finishedAt: string;
}

/**
 * The stored result with the premium report's figures: the area scores and percentiles
 * belong to the paid report (docs/decisions/0017-payments.md); the free result API leaves
 * them out.
 */
export interface ScoredResult extends AttemptResult {
  rawByCategory: ScoredAttempt["rawByCategory"];
  percentageWorld: number;
  percentageBrazil: number;
  percentileMethod: { world: PercentileMethod; brazil: PercentileMethod };
  /**
   * The overall and area abilities with their standard errors (the profile of issue 29.1):
   * a form's as scored, a bank's read from its area totals (core/scoring/bank-abilities.ts).
   */
  abilities: AreaAbilities;
}

/** The free part of a result: everything but the report's percentiles and area scores. */
export function freeResult(result: ScoredResult): AttemptResult {
  const {
    percentageWorld: _w,
    percentageBrazil: _b,
    percentileMethod: _m,
    rawByCategory: _c,
    abilities: _a,
    ...free
  } = result;
  return free;
}
