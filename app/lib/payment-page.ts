import type { PaymentView } from "../../core/payments/checkout";
import type { Params, Screen } from "../../core/web/route-table";

/**
 * Where a payment is followed: its result page once the provider has said something, the
 * checkout's status page (which waits for that) until then.
 */
export function paymentPage(payment: Pick<PaymentView, "id" | "attemptId" | "result">): {
  screen: Screen;
  params: Params;
} {
  if (payment.result === null) {
    return { screen: "checkoutStatus", params: { id: payment.attemptId, paymentId: payment.id } };
  }
  return { screen: "payments", params: { status: payment.result, id: payment.id } };
}
