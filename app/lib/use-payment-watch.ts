import { useEffect, useRef } from "react";
import type { PaymentView } from "../../core/payments/checkout";
import type { PaymentResult } from "../../core/payments/payment-machine";
import { apiFetch } from "./api";

/** The first question comes this soon; each unchanged answer waits longer, up to the last. */
export const watchFirstMs = 2_000;
export const watchLastMs = 30_000;
const watchGrowth = 1.5;

/**
 * Watches a payment from its page (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md):
 * asks `GET /api/payments/{id}` after 2 s, then less and less often (up to every 30 s),
 * never while the tab is hidden, and at once when it is shown again. Calls `onChange` once
 * when the payment's result is no longer `result` (the Pix was paid, or expired). Nothing
 * while `watching` is false.
 */
export function usePaymentWatch(
  paymentId: string,
  result: PaymentResult,
  watching: boolean,
  onChange: (payment: PaymentView) => void,
): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!watching) return;
    let delay = watchFirstMs;
    let timer: number | undefined;
    let asking: AbortController | null = null;
    let done = false;

    const schedule = () => {
      if (done || document.hidden || timer !== undefined || asking) return;
      timer = window.setTimeout(ask, delay);
    };
    async function ask() {
      timer = undefined;
      asking = new AbortController();
      const answer = await apiFetch<PaymentView>(`/api/payments/${encodeURIComponent(paymentId)}`, {
        signal: asking.signal,
      }).catch(() => null);
      asking = null;
      if (done) return;
      if (answer?.ok && answer.data.result !== result) {
        done = true;
        latest.current(answer.data);
        return;
      }
      delay = Math.min(watchLastMs, Math.round(delay * watchGrowth));
      schedule();
    }
    const onVisibility = () => {
      if (document.hidden) {
        window.clearTimeout(timer);
        timer = undefined;
        return;
      }
      // Back on the tab: the buyer may have just paid in their bank's app.
      if (timer === undefined && !asking && !done) {
        delay = watchFirstMs;
        void ask();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      done = true;
      window.clearTimeout(timer);
      asking?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [paymentId, result, watching]);
}
