import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { PaymentView } from "../../core/payments/checkout";
import { localizePath } from "../../core/web/route-table";
import { InfoIcon } from "../components/icons";
import { failure, sendToApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { readPayment } from "../lib/read-payment.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/checkout-status";
import "../payments.css";

/** How often the page asks again while the provider has said nothing. */
const pollMs = 2000;
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
  // The provider's page sends a buyer who gives up here with `?cancelled=1`. Cancelling
  // changes state, so it is the buyer's POST, never this GET (SECURITY.md 8).
  const left = new URL(request.url).searchParams.get("cancelled") === "1";
  return { attemptId: payment.attemptId, paymentId: payment.id, left };
}

/** Cancels the payment (the provider's checkout closes first; a payment made meanwhile wins). */
export async function action({ params, context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const answer = await sendToApi<PaymentView>(context, {
    path: `/api/payments/${encodeURIComponent(params.paymentId)}/cancel`,
    json: {},
    locale,
  });
  if (answer.ok) {
    const payment = answer.body;
    if (payment.result === null) {
      return redirect(
        localizePath("checkoutStatus", locale, { id: payment.attemptId, paymentId: payment.id }),
      );
    }
    return redirect(localizePath("payments", locale, { status: payment.result, id: payment.id }));
  }
  if (answer.status === 404) throw data(null, { status: 404 });
  if (answer.status === 503) return data({ cancelFailed: true }, { status: 503 });
  throw failure(answer.status);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta(
  "checkoutStatus",
  m.paystatus_meta_title,
  m.paystatus_meta_description,
);

export default function CheckoutStatus({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  // Ask again every 2 s while the page is shown (not while an answer is awaited); the
  // loader redirects once there is news. Leaving the page stops it.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, pollMs);
    return () => window.clearInterval(timer);
  }, []);

  const params = { id: loaderData.attemptId, paymentId: loaderData.paymentId };
  const cancelling = navigation.state === "submitting";
  return (
    <section
      className="account-page container paystatus"
      data-testid="payment-status"
      data-left={loaderData.left ? "true" : undefined}
    >
      {loaderData.left ? null : (
        // Without JavaScript the page reloads itself (the CSP allows no inline script).
        <noscript>
          <meta httpEquiv="refresh" content={String(refreshSeconds)} />
        </noscript>
      )}
      {loaderData.left ? (
        <span className="account-page-icon tone-info">
          <InfoIcon width={30} height={30} />
        </span>
      ) : (
        <div
          className="account-page-icon paystatus-spinner"
          role="progressbar"
          aria-label={m.paystatus_title()}
        >
          <span className="paystatus-ring" aria-hidden="true" />
        </div>
      )}
      <p className="account-page-eyebrow">{m.paystatus_eyebrow()}</p>
      <h1 className="account-page-title" aria-live="polite">
        {loaderData.left ? m.paystatus_cancelled_title() : m.paystatus_title()}
      </h1>
      <p className="account-page-text">
        {loaderData.left ? m.paystatus_cancelled_text() : m.paystatus_text()}
      </p>
      {loaderData.left ? null : <p className="account-page-hint">{m.paystatus_later()}</p>}
      {actionData?.cancelFailed ? (
        <p
          className="checkout-problem tone-warning"
          role="alert"
          data-testid="payment-cancel-failed"
        >
          {m.paystatus_cancel_failed()}
        </p>
      ) : null}
      <div className="account-page-actions">
        {loaderData.left ? (
          <Form method="post">
            <button
              type="submit"
              className="button button-primary"
              disabled={cancelling}
              data-testid="payment-cancel"
            >
              {cancelling ? m.paystatus_cancel_busy() : m.paystatus_cancel_button()}
            </button>
          </Form>
        ) : (
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
        )}
        <AppLink screen="tests" locale={locale} className="button button-ghost">
          {m.paystatus_tests_link()}
        </AppLink>
      </div>
    </section>
  );
}
