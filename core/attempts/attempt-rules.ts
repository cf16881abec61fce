import type { Letter } from "../items/questions";

/**
 * When a timed attempt is "not performed under ideal conditions" (docs/decisions/
 * 0008-timed-test.md): the timing of its answers cannot be a real attempt. Times are ms
 * on the Durable Object's clock.
 */

export interface SavedAnswer {
  letter: Letter;
  /** When the latest answer to this question reached the Durable Object. */
  at: number;
}

/** One accepted answer, in the order they arrived (changed answers included). */
export interface Arrival {
  code: string;
  at: number;
}

export const rejectionRules = {
  /** Rule 1: this many answered questions... */
  rushedAnswers: 30,
  /** ...all given within this time from the start. */
  rushedWithinMs: 90_000,
  /** Rule 2: this many answers each arriving sooner than... */
  quickAnswers: 10,
  /** ...this after the previous answer to a different question. */
  quickGapMs: 1_000,
} as const;

export type RejectionReason = "rushed" | "clickThrough";

export type Judgement = { status: "finished" } | { status: "rejected"; reason: RejectionReason };

/** Answers that arrived sooner than `quickGapMs` after an answer to another question. */
export function countQuickArrivals(arrivals: readonly Arrival[]): number {
  let quick = 0;
  for (let i = 1; i < arrivals.length; i++) {
    const previous = arrivals[i - 1] as Arrival;
    const current = arrivals[i] as Arrival;
    if (current.code !== previous.code && current.at - previous.at < rejectionRules.quickGapMs) {
      quick++;
    }
  }
  return quick;
}

/**
 * Finished or rejected, at finalisation. An attempt with no answers is finished: running
 * out of time is not misconduct, and it scores the lowest.
 */
export function judgeAttempt(attempt: {
  startedAt: number;
  answers: Readonly<Record<string, SavedAnswer>>;
  arrivals: readonly Arrival[];
}): Judgement {
  const saved = Object.values(attempt.answers);
  if (saved.length >= rejectionRules.rushedAnswers) {
    const last = Math.max(...saved.map((answer) => answer.at));
    if (last - attempt.startedAt < rejectionRules.rushedWithinMs) {
      return { status: "rejected", reason: "rushed" };
    }
  }
  if (countQuickArrivals(attempt.arrivals) >= rejectionRules.quickAnswers) {
    return { status: "rejected", reason: "clickThrough" };
  }
  return { status: "finished" };
}
