import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import type { CheckoutView } from "../../../core/payments/checkout";
import { paymentStatusLabel } from "../../../core/payments/payments";
import { AppLink } from "../../lib/app-link";
import { paymentPage } from "../../lib/payment-page";
import { CheckCircleIcon, ClockIcon } from "../icons";

/** No new payment may start: the report is paid, or a payment is on its way. */
export function CheckoutClosed({ checkout, locale }: { checkout: CheckoutView; locale: Locale }) {
  const latest = checkout.latestPayment;
  if (latest?.status === "approved") {
    return (
      <div className="checkout-closed" data-testid="checkout-owned">
        <span className="offer-notice-icon tone-success">
          <CheckCircleIcon width={24} height={24} />
        </span>
        <h2 className="offer-card-title">{m.checkout_owned_title()}</h2>
        <p>{m.checkout_owned_text()}</p>
        <AppLink
          screen="report"
          locale={locale}
          params={{ id: checkout.attemptId }}
          className="button button-primary"
        >
          {m.sell_approved_link()}
        </AppLink>
      </div>
    );
  }
  const target = latest ? paymentPage(latest) : null;
  return (
    <div className="checkout-closed" data-testid="checkout-closed">
      <span className="offer-notice-icon tone-warning">
        <ClockIcon width={24} height={24} />
      </span>
      <h2 className="offer-card-title">{m.checkout_closed_title()}</h2>
      {latest ? (
        <p>{m.checkout_closed_text({ status: paymentStatusLabel(latest.status, locale) })}</p>
      ) : null}
      {target ? (
        <AppLink
          screen={target.screen}
          locale={locale}
          params={target.params}
          className="button button-primary"
        >
          {m.checkout_conflict_status_link()}
        </AppLink>
      ) : (
        <AppLink screen="tests" locale={locale} className="button button-primary">
          {m.checkout_conflict_tests_link()}
        </AppLink>
      )}
    </div>
  );
}
