import { redirect } from "react-router";
import { type Locale, localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { PaymentView } from "../../core/payments/checkout";
import type { PaymentResult } from "../../core/payments/payment-machine";
import { formatMoney, paymentExplanation } from "../../core/payments/payment-text";
import { canBuyReport } from "../../core/payments/payments";
import { localizePath } from "../../core/web/route-table";
import { AlertIcon, CheckCircleIcon, ClockIcon, InfoIcon } from "../components/icons";
import { CouponList } from "../components/issued-coupons";
import { AppLink } from "../lib/app-link";
import { readPayment } from "../lib/read-payment.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
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
    throw redirect(
      localizePath("checkoutStatus", locale, { id: payment.attemptId, paymentId: payment.id }),
    );
  }
  if (payment.result !== params.status) {
    throw redirect(localizePath("payments", locale, { status: payment.result, id: payment.id }));
  }
  return { payment, result: payment.result };
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

export default function Payments({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { payment, result } = loaderData;
  const view = views[result];
  const Icon = icons[result];
  const explanation = paymentExplanation(payment);
  const attempt = { id: payment.attemptId };
  const next = nextStep(result, payment);
  return (
    <section
      className="account-page container payresult"
      data-testid="payment-result"
      data-result={result}
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
      <p className="account-page-text">{view.text()}</p>
      <p className="account-page-hint" data-testid="payment-amount">
        {m.payresult_amount({ total: formatMoney(payment.total, locale) })}
      </p>

      <div className="account-page-actions">
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
