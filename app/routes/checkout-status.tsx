import { data, redirect, useRevalidator } from "react-router";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { AppLink } from "../lib/app-link";
import { readPayment } from "../lib/read-payment.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import { useWatch } from "../lib/use-payment-watch";
import type { Route } from "./+types/checkout-status";
import "../payments.css";

/** Without JavaScript the page reloads itself this often (seconds). */
const refreshSeconds = 4;

/**
 * After the provider's page: waits for the payment's first news. Reading the payment asks
 * the provider while nothing is known, so asking again is how this page moves on; once
 * there is a result, the loader sends the buyer to its page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const payment = await readPayment(context, params.paymentId);
  // Another test's payment under this test's address: not a page of ours.
  if (payment.attemptId !== params.id) throw data(null, { status: 404 });
  if (payment.result !== null) {
    throw redirect(localizePath("payments", locale, { status: payment.result, id: payment.id }));
  }
  // Checkouts opened before the provider's cancel link led to the cancelled page
  // (docs/decisions/0042-buyers-path-cancel-and-coupon-errors.md) still send a buyer who
  // gives up here, with `?cancelled=1`, for their last minutes: that page is where they go.
  if (new URL(request.url).searchParams.get("cancelled") === "1") {
    throw redirect(localizePath("payments", locale, { status: "cancelled", id: payment.id }));
  }
  return { attemptId: payment.attemptId, paymentId: payment.id };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta(
  "checkoutStatus",
  m.paystatus_meta_title,
  m.paystatus_meta_description,
);

export default function CheckoutStatus({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const revalidator = useRevalidator();
  // Ask again as the pending page does (payment-watch.ts): after 2 s, then less often up
  // to every 30 s, never while the tab is hidden, at once when it is shown again. Reading
  // the payment asks the provider while nothing is known; the loader redirects once there
  // is news, and leaving the page stops the watch.
  useWatch(
    async () => {
      await revalidator.revalidate();
      return false;
    },
    true,
    loaderData.paymentId,
  );

  const params = { id: loaderData.attemptId, paymentId: loaderData.paymentId };
  return (
    <section className="account-page container paystatus" data-testid="payment-status">
      {/* Without JavaScript the page reloads itself (the CSP allows no inline script). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(refreshSeconds)} />
      </noscript>
      <div
        className="account-page-icon paystatus-spinner"
        role="progressbar"
        aria-label={m.paystatus_title()}
      >
        <span className="paystatus-ring" aria-hidden="true" />
      </div>
      <p className="account-page-eyebrow">{m.paystatus_eyebrow()}</p>
      <h1 className="account-page-title" aria-live="polite">
        {m.paystatus_title()}
      </h1>
      <p className="account-page-text">{m.paystatus_text()}</p>
      <p className="account-page-hint">{m.paystatus_later()}</p>
      <div className="account-page-actions">
        <AppLink
          screen="checkoutStatus"
          locale={locale}
          params={params}
          className="button button-ghost"
          data-testid="payment-status-check"
          reloadDocument
        >
          {m.paystatus_check_again()}
        </AppLink>
        <AppLink screen="tests" locale={locale} className="button button-ghost">
          {m.paystatus_tests_link()}
        </AppLink>
      </div>
    </section>
  );
}
