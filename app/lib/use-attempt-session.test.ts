import { describe, expect, it } from "vitest";
import { answerDisposition, finishIsRetried } from "./use-attempt-session";

/**
 * The test page's answer queue (docs/decisions/0029-dependency-failures.md): an answer
 * leaves the queue only when the server acknowledged it; a 503 (a dependency failed, the
 * Durable Object did not store it) keeps it queued and sends it again.
 */
describe("the answer queue", () => {
  it.each([
    [200, true, "saved"],
    [0, false, "resend"],
    [503, false, "resend"],
    [500, false, "resend"],
    [502, false, "resend"],
    [400, false, "refused"],
    [404, false, "refused"],
    [409, false, "refused"],
  ] as const)("an answer answered %i is %s", (status, ok, disposition) => {
    expect(answerDisposition({ ok, status })).toBe(disposition);
  });
});

describe("finishing", () => {
  it.each([
    [0, true],
    [503, true],
    [502, true],
    [504, true],
    [500, false],
    [404, false],
    [409, false],
  ] as const)("after %i is sent again by itself: %s", (status, retried) => {
    expect(finishIsRetried(status)).toBe(retried);
  });
});
