import { data, Form, redirect, useNavigate, useNavigation } from "react-router";
import { type Locale, localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { PaymentView } from "../../core/payments/checkout";
import type { PaymentResult } from "../../core/payments/payment-machine";
import { formatMoney, paymentExplanation } from "../../core/payments/payment-text";
import { canBuyReport } from "../../core/payments/payments";
import { localizePath } from "../../core/web/route-table";
import { AlertIcon, CheckCircleIcon, ClockIcon, InfoIcon } from "../components/icons";
import { CouponList } from "../components/issued-coupons";
import { TransferInstructionsCard } from "../components/transfer-instructions";
import { failure, sendToApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { readPayment } from "../lib/read-payment.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { type PendingTransfer, pendingTransfer } from "../lib/transfer.server";
import { useLocale } from "../lib/use-locale";
import { usePaymentWatch } from "../lib/use-payment-watch";
import type { Route } from "./+types/payments";
import "../payments.css";

/**
 * The payment result pages (spec section 2: pending, failure, cancelled, success). The
 * URL's status is only where the provider sent the buyer back: the page shows what the
 * payment really is, and sends the buyer to that page when they differ (SECURITY.md 15).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const payment = await readPayment(context, params.id);
  if (payment.result === null) {
    // The provider's "cancel and go back" lands here (worker/payments/orders.ts) while
    // nothing was paid: for the buyer the payment is cancelled, so the page says so at
    // once. Reading changes nothing (SECURITY.md 8); Try again closes the provider's
    // checkout by a POST (docs/decisions/0042-buyers-path-cancel-and-coupon-errors.md).
    if (params.status === "cancelled" && payment.status === "awaiting") {
      return { payment, result: "cancelled" as const, left: true, ...noTransfer, now: Date.now() };
    }
    throw redirect(
      localizePath("checkoutStatus", locale, { id: payment.attemptId, paymentId: payment.id }),
    );
  }
  if (payment.result !== params.status) {
    throw redirect(localizePath("payments", locale, { status: payment.result, id: payment.id }));
  }
  // A pending Pix or boleto: its code, QR and voucher, and the page watches for the money
  // (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md).
  const transfer = await pendingTransfer(context, payment);
  return { payment, result: payment.result, left: false, ...transfer, now: Date.now() };
}

/** How often a pending Pix or boleto page reloads itself without JavaScript (seconds). */
const noScriptRefreshSeconds = 30;

const noTransfer: PendingTransfer = { transfer: null, qr: null, unavailable: false };

/**
 * Try again after leaving the provider's page: the payment is cancelled first (its
 * checkout closed at the provider, so it can no longer take money), then the checkout
 * opens. Money that arrived meanwhile wins: the buyer goes to that payment's page instead.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const answer = await sendToApi<PaymentView>(context, {
    path: `/api/payments/${encodeURIComponent(params.id)}/cancel`,
    json: {},
    locale,
  });
  if (answer.ok) {
    const payment = answer.body;
    if (payment.result !== null && canBuyReport(payment.status)) {
      return redirect(localizePath("checkout", locale, { id: payment.attemptId }));
    }
    return redirect(
      payment.result === null
        ? localizePath("checkoutStatus", locale, { id: payment.attemptId, paymentId: payment.id })
        : localizePath("payments", locale, { status: payment.result, id: payment.id }),
    );
  }
  if (answer.status === 404) throw data(null, { status: 404 });
  if (answer.status === 503) return data({ retryFailed: true }, { status: 503 });
  throw failure(answer.status);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("payments", m.payresult_meta_title, m.payresult_meta_description);

const views = {
  pending: { title: m.payresult_pending_title, text: m.payresult_pending_text, tone: "warning" },
  failure: { title: m.payresult_failure_title, text: m.payresult_failure_text, tone: "danger" },
  cancelled: {
    title: m.payresult_cancelled_title,
    text: m.payresult_cancelled_text,
    tone: "info",
  },
  success: { title: m.payresult_success_title, text: m.payresult_success_text, tone: "success" },
} as const satisfies Record<PaymentResult, unknown>;

const icons: Record<PaymentResult, typeof AlertIcon> = {
  pending: ClockIcon,
  failure: AlertIcon,
  cancelled: InfoIcon,
  success: CheckCircleIcon,
};

/** The page's one way forward, if any: the report once paid, or paying again when allowed. */
function nextStep(result: PaymentResult, payment: PaymentView) {
  if (result === "success") {
    return {
      screen: "report",
      testId: "payment-see-report",
      label: m.payresult_see_report,
    } as const;
  }
  if ((result === "failure" || result === "cancelled") && canBuyReport(payment.status)) {
    return { screen: "checkout", testId: "payment-retry", label: m.payresult_retry } as const;
  }
  return null;
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { payment, result, left, transfer, qr, unavailable, now } = loaderData;
  // A pending payment's page moves on by itself when the money arrives (or the code expires).
  usePaymentWatch(payment.id, result, result === "pending", (next) => {
    navigate(
      next.result === null
        ? localizePath("checkoutStatus", locale, { id: next.attemptId, paymentId: next.id })
        : localizePath("payments", locale, { status: next.result, id: next.id }),
    );
  });
  const view = views[result];
  const Icon = icons[result];
  const explanation = left || transfer ? null : paymentExplanation(payment);
  const attempt = { id: payment.attemptId };
  const next = left ? null : nextStep(result, payment);
  const retrying = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section
      className="account-page container payresult"
      data-testid="payment-result"
      data-result={result}
      data-left={left ? "true" : undefined}
    >
      <span className={`account-page-icon tone-${view.tone}`}>
        <Icon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.payresult_eyebrow()}</p>
      <h1 className="account-page-title">{view.title()}</h1>
      {explanation ? (
        <p className="account-page-text payresult-detail" data-testid="payment-detail">
          {explanation({}, { locale })}
        </p>
      ) : null}
      <p className="account-page-text">
        {left ? m.payresult_left_text() : transfer ? m.transfer_watching() : view.text()}
      </p>
      <p className="account-page-hint" data-testid="payment-amount">
        {m.payresult_amount({ total: formatMoney(payment.total, locale) })}
      </p>
      {transfer ? (
        // Without JavaScript the page cannot watch the payment: it reloads itself now and then
        // (the CSP allows no inline script).
        <noscript>
          <meta httpEquiv="refresh" content={String(noScriptRefreshSeconds)} />
        </noscript>
      ) : null}
      {transfer ? (
        <TransferInstructionsCard
          transfer={transfer}
          qr={qr}
          now={now}
          total={formatMoney(payment.total, locale)}
          locale={locale}
        />
      ) : null}
      {unavailable ? (
        <p
          className="checkout-problem tone-warning"
          role="alert"
          data-testid="transfer-unavailable"
        >
          {m.transfer_unavailable()}
        </p>
      ) : null}
      {actionData?.retryFailed ? (
        <p
          className="checkout-problem tone-warning"
          role="alert"
          data-testid="payment-retry-failed"
        >
          {m.payresult_retry_failed()}
        </p>
      ) : null}

      <div className="account-page-actions">
        {left ? (
          // A form, not a link: trying again closes the checkout left open at the provider.
          <Form method="post">
            <button
              type="submit"
              className="button button-primary"
              disabled={retrying}
              data-testid="payment-retry"
            >
              {retrying ? m.payresult_retry_busy() : m.payresult_retry()}
            </button>
          </Form>
        ) : null}
        {next ? (
          <AppLink
            screen={next.screen}
            locale={locale}
            params={attempt}
            className="button button-primary"
            data-testid={next.testId}
          >
            {next.label()}
          </AppLink>
        ) : null}
        <AppLink screen="tests" locale={locale} className="button button-ghost">
          {m.payresult_tests_link()}
        </AppLink>
      </div>

      {result === "success" && payment.issuedCoupons.length > 0 ? (
        <Coupons coupons={payment.issuedCoupons} locale={locale} />
      ) : null}
    </section>
  );
}

function Coupons({ coupons, locale }: { coupons: PaymentView["issuedCoupons"]; locale: Locale }) {
  return (
    <div className="payresult-coupons" data-testid="issued-coupons">
      <h2 className="offer-card-title">{m.payresult_coupons_title()}</h2>
      <p className="payresult-coupons-text">{m.payresult_coupons_text()}</p>
      <CouponList coupons={coupons} locale={locale} />
    </div>
  );
}
