import { formatReport, runFuzz } from "../scripts/fuzz/fuzz.ts";
import { baseUrl } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * A fixed-seed sample of the stateful fuzzer (`npm run fuzz`, issue 17,
 * docs/decisions/0030-stateful-fuzzer.md) on the browser tests' server: new accounts of its
 * own and a client address of its own per person, so the other files' users and sign-in
 * throttles are untouched.
 */

describe("the stateful fuzzer", () => {
  it("a fixed-seed sample of 200 steps: no 5xx and no broken invariant", async () => {
    const report = await runFuzz({ baseUrl, steps: 200, seconds: 90, seed: 1717 });
    const printout = formatReport(report);
    expect(report.violations, printout).toEqual([]);
    expect(report.tally.byClass["5xx"], printout).toBe(0);
    // The sample really ran: steps, and every status class it should meet.
    expect(report.steps, printout).toBeGreaterThanOrEqual(100);
    expect(report.tally.byClass["4xx"], printout).toBeGreaterThan(0);
  }, 240_000);
});
