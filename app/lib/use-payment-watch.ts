import { useEffect, useRef } from "react";
import type { PaymentView } from "../../core/payments/checkout";
import type { PaymentResult } from "../../core/payments/payment-machine";
import { apiFetch } from "./api";
import { watchPayment } from "./payment-watch";

/**
 * Runs `ask` on payment-watch.ts's schedule while `watching` (backoff, nothing while the
 * tab is hidden, at once when it is shown again), from the start again when `key` changes.
 * `ask` answers true when the watch may stop.
 */
export function useWatch(
  ask: (signal: AbortSignal) => Promise<boolean>,
  watching: boolean,
  key: string,
): void {
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the watch.
  useEffect(() => {
    if (!watching) return;
    const watch = watchPayment({
      isHidden: () => document.hidden,
      ask: (signal) => latest.current(signal),
    });
    const onVisibility = () => watch.visibilityChanged();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      watch.stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [watching, key]);
}

/**
 * Watches a payment from its page (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md):
 * asks `GET /api/payments/{id}` with backoff, never while the tab is hidden
 * (payment-watch.ts), and calls `onChange` once when the payment's result is no longer
 * `result` (the Pix was paid, or expired). Nothing while `watching` is false.
 */
export function usePaymentWatch(
  paymentId: string,
  result: PaymentResult,
  watching: boolean,
  onChange: (payment: PaymentView) => void,
): void {
  useWatch(
    async (signal) => {
      const answer = await apiFetch<PaymentView>(`/api/payments/${encodeURIComponent(paymentId)}`, {
        signal,
      });
      if (!answer.ok || answer.data.result === result) return false;
      onChange(answer.data);
      return true;
    },
    watching,
    `${paymentId}:${result}`,
  );
}
