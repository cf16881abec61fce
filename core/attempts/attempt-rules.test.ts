import { describe, expect, it } from "vitest";
import { questionCodes } from "../items/questions";
import { type Arrival, countQuickArrivals, judgeAttempt, type SavedAnswer } from "./attempt-rules";

const start = 1_000_000;

/** `count` answers to different questions, one every `gapMs`, the first `firstAfterMs` in. */
function answered(count: number, gapMs: number, firstAfterMs = gapMs) {
  const arrivals: Arrival[] = questionCodes
    .slice(0, count)
    .map((code, i) => ({ code, at: start + firstAfterMs + i * gapMs }));
  const answers: Record<string, SavedAnswer> = {};
  for (const { code, at } of arrivals) answers[code] = { letter: "A", at };
  return { startedAt: start, answers, arrivals };
}

describe("judgeAttempt", () => {
  it.each([
    // answered, gap between answers (ms), first answer after (ms), expected
    [0, 0, 0, "finished"],
    [1, 500, 500, "finished"],
    // Rule 1: 30 answers, the last under 90 s after the start.
    [30, 2_900, 2_900, "rejected"], // last at 87 s
    [30, 3_000, 3_000, "finished"], // last at exactly 90 s
    [29, 2_000, 2_000, "finished"], // 29 answers in 58 s: under the count
    [40, 2_000, 2_000, "rejected"], // last at 80 s
    [40, 2_000, 20_000, "finished"], // last at 98 s
    // Rule 2: ten answers less than 1 s after an answer to another question.
    [11, 999, 60_000, "rejected"], // ten quick gaps
    [10, 999, 60_000, "finished"], // nine quick gaps
    [11, 1_000, 60_000, "finished"], // 1.0 s is not quick
  ] as const)("%i answers %i ms apart (first after %i ms): %s", (count, gap, first, expected) => {
    expect(judgeAttempt(answered(count, gap, first)).status).toBe(expected);
  });

  it("names the rule that rejected", () => {
    expect(judgeAttempt(answered(30, 2_000, 2_000))).toEqual({
      status: "rejected",
      reason: "rushed",
    });
    expect(judgeAttempt(answered(12, 200, 60_000))).toEqual({
      status: "rejected",
      reason: "clickThrough",
    });
  });

  it("judges rule 1 by the latest answer, so a changed answer late in the test counts", () => {
    const attempt = answered(30, 2_000, 2_000);
    const first = questionCodes[0] as string;
    attempt.answers[first] = { letter: "B", at: start + 95_000 };
    attempt.arrivals.push({ code: first, at: start + 95_000 });
    expect(judgeAttempt(attempt).status).toBe("finished");
  });
});

describe("countQuickArrivals", () => {
  it("counts only quick answers to a different question than the previous one", () => {
    const arrivals: Arrival[] = [
      { code: "SM-01", at: 0 },
      { code: "SM-01", at: 100 }, // changed own answer: not counted
      { code: "SM-02", at: 200 }, // quick, other question
      { code: "SM-03", at: 1_300 }, // 1.1 s: not quick
      { code: "SM-04", at: 1_400 }, // quick
    ];
    expect(countQuickArrivals(arrivals)).toBe(2);
    expect(countQuickArrivals([])).toBe(0);
  });
});
