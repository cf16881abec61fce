import { data, type RouterContextProvider } from "react-router";
import type { PaymentView } from "../../core/payments/checkout";
import { callApi, failure } from "./api-loader.server";

/**
 * A payment as the payment pages read it: the API answers only its buyer, so a 404 (not
 * theirs, or no such payment) is the pages' 404, and any other failure the error page.
 */
export async function readPayment(
  context: Readonly<RouterContextProvider>,
  paymentId: string,
): Promise<PaymentView> {
  const answer = await callApi<PaymentView>(context, {
    path: `/api/payments/${encodeURIComponent(paymentId)}`,
  });
  if (!answer.ok)
    throw answer.status === 404 ? data(null, { status: 404 }) : failure(answer.status);
  return answer.body;
}
