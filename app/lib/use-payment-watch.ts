import { useEffect, useRef } from "react";
import type { PaymentView } from "../../core/payments/checkout";
import type { PaymentResult } from "../../core/payments/payment-machine";
import { apiFetch } from "./api";
import { watchPayment } from "./payment-watch";

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
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!watching) return;
    const watch = watchPayment({
      isHidden: () => document.hidden,
      async ask(signal) {
        const answer = await apiFetch<PaymentView>(
          `/api/payments/${encodeURIComponent(paymentId)}`,
          { signal },
        );
        if (!answer.ok || answer.data.result === result) return false;
        latest.current(answer.data);
        return true;
      },
    });
    const onVisibility = () => watch.visibilityChanged();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      watch.stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [paymentId, result, watching]);
}
