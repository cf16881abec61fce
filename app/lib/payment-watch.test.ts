import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchPayment } from "./payment-watch";

/** The pending page's watch: when it asks, with fake timers (ADR 0044). */
function harness(changedOnAsk = Number.POSITIVE_INFINITY) {
  const asks: number[] = [];
  let hidden = false;
  const start = Date.now();
  const watch = watchPayment({
    isHidden: () => hidden,
    ask: async () => {
      asks.push(Date.now() - start);
      return asks.length >= changedOnAsk;
    },
  });
  return {
    asks,
    watch,
    setHidden(value: boolean) {
      hidden = value;
      watch.visibilityChanged();
    },
  };
}

describe("watchPayment", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks after 2 s, then 1.5 times later each time, never more than 30 s apart", async () => {
    const { asks, watch } = harness();
    await vi.advanceTimersByTimeAsync(120_000);
    watch.stop();
    const gaps = asks.map((at, i) => at - (asks[i - 1] ?? 0));
    expect(gaps.slice(0, 8)).toEqual([2000, 3000, 4500, 6750, 10125, 15188, 22782, 30000]);
    expect(Math.max(...gaps)).toBe(30_000);
  });

  it("stops once the payment changed", async () => {
    const { asks } = harness(2);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(asks).toEqual([2000, 5000]);
  });

  it("asks nothing while the tab is hidden, and at once when it is shown again", async () => {
    const { asks, setHidden, watch } = harness();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asks).toEqual([2000]);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(asks).toEqual([2000]);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(asks).toEqual([2000, 602_000]);
    // And the backoff starts over: 3 s after that one (2 s x 1.5), not 30 s.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(asks).toEqual([2000, 602_000, 605_000]);
    watch.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(asks).toHaveLength(3);
  });
});
