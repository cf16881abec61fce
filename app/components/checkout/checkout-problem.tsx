import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import type { CheckoutView, PaymentView } from "../../../core/payments/checkout";
import { AppLink } from "../../lib/app-link";
import { paymentPage } from "../../lib/payment-page";
import { AlertIcon, ServerIcon } from "../icons";

/** Why Pay did not lead to the provider, as the checkout's action answered it. */
export type CheckoutProblemAnswer =
  | {
      kind: "conflict";
      message: string;
      /** The payment in the way, read again: the page's data is not (an error answer). */
      payment: Pick<PaymentView, "id" | "attemptId" | "result"> | null;
    }
  | { kind: "unavailable" };

/** Why Pay did not lead to the provider: a payment already on its way, or the provider down. */
export function CheckoutProblem({
  problem,
  checkout,
  locale,
}: {
  problem: CheckoutProblemAnswer | undefined;
  checkout: CheckoutView;
  locale: Locale;
}) {
  if (problem?.kind === "unavailable") {
    return (
      <div
        className="checkout-problem tone-warning"
        role="alert"
        data-testid="checkout-unavailable"
      >
        <ServerIcon width={20} height={20} />
        <div>
          <p className="checkout-problem-title">{m.errors_modal_503_title()}</p>
          <p>{m.checkout_unavailable_text()}</p>
        </div>
      </div>
    );
  }
  if (problem?.kind === "conflict") {
    const latest = problem.payment ?? checkout.latestPayment;
    const target = latest ? paymentPage(latest) : null;
    return (
      <div className="checkout-problem tone-danger" role="alert" data-testid="checkout-conflict">
        <AlertIcon width={20} height={20} />
        <div>
          <p className="checkout-problem-title">{problem.message}</p>
          {target ? (
            <AppLink screen={target.screen} locale={locale} params={target.params}>
              {m.checkout_conflict_status_link()}
            </AppLink>
          ) : (
            <AppLink screen="tests" locale={locale}>
              {m.checkout_conflict_tests_link()}
            </AppLink>
          )}
        </div>
      </div>
    );
  }
  return null;
}
