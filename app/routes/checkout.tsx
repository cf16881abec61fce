import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import type { AttemptResult } from "../../core/attempts/attempt";
import { formatTestDate } from "../../core/attempts/attempts-list";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import {
  type CheckoutStarted,
  type CheckoutView,
  type CouponQuote,
  currencyParam,
  isCheckoutAddress,
  type PaymentView,
} from "../../core/payments/checkout";
import { formatMoney, priceNote } from "../../core/payments/payment-text";
import { CheckoutClosed } from "../components/checkout/checkout-closed";
import { CheckoutProblem } from "../components/checkout/checkout-problem";
import { CouponField } from "../components/checkout/coupon-field";
import { CardIcon, CheckCircleIcon } from "../components/icons";
import { BrazilOffer, OpenPaymentNote, PaymentMethods } from "../components/report-offer";
import { callApi, failure, inLanguage, sendToApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireProfile } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import { useTimeZone } from "../lib/use-time-zone";
import type { Route } from "./+types/checkout";
import "../payments.css";

/**
 * Checkout (spec section 2): the order, a coupon, the methods in words, the total and
 * Pay. Plain form posts: it works without JavaScript, and the API sees same-origin
 * requests only. The server computes every amount (SECURITY.md 21); the page only shows
 * them (docs/decisions/0019-payment-screens.md).
 */

/** The owner's finished test only: anything else is the 404 page (SECURITY.md 14). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireProfile(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const id = encodeURIComponent(params.id);
  // `?currency=BRL`: the buyer took the offer in reais (ADR 0043); else the language's.
  const currency = currencyParam(new URL(request.url).searchParams.get("currency"));
  const checkout = await callApi<CheckoutView>(context, {
    path: `/api/checkout/${id}${currency ? `?currency=${currency}` : ""}`,
    init: inLanguage(locale),
  });
  if (!checkout.ok)
    throw checkout.status === 404 ? data(null, { status: 404 }) : failure(checkout.status);
  // The test's date for the order summary; the percentiles it also holds stay here.
  const result = await callApi<AttemptResult>(context, {
    path: `/api/tests/${id}/result`,
  });
  return { checkout: checkout.body, testDate: result.ok ? result.body.finishedAt : null };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("checkout", m.checkout_meta_title, m.checkout_meta_description);

type ActionResult =
  | { kind: "quote"; coupon: string; quote: CouponQuote }
  | { kind: "couponError"; coupon: string; message: string }
  | {
      kind: "conflict";
      coupon: string;
      message: string;
      /** The payment in the way, read again: the page's data is not (an error answer). */
      payment: Pick<PaymentView, "id" | "attemptId" | "result"> | null;
    }
  | { kind: "unavailable"; coupon: string };

/** The first message of a field of the API's error body. */
function firstMessage(fields: Record<string, string[]>, name: string): string | undefined {
  return fields[name]?.[0];
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireProfile(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const intent = form.get("intent");
  const rawCoupon = form.get("coupon");
  const coupon = typeof rawCoupon === "string" ? rawCoupon.trim().slice(0, 64) : "";
  // The currency the page was showing: the total the buyer saw is the one charged.
  const currency = currencyParam(form.get("currency")) ?? undefined;
  const base = `/api/checkout/${encodeURIComponent(params.id)}`;

  if (intent === "coupon") {
    const answer = await sendToApi<CouponQuote>(context, {
      path: `${base}/coupon`,
      json: { coupon, currency },
      locale,
    });
    if (answer.ok) return { kind: "quote", coupon, quote: answer.body } satisfies ActionResult;
    return couponFailure(answer, coupon);
  }

  if (intent === "pay") {
    const answer = await sendToApi<CheckoutStarted>(context, {
      path: `${base}/payments`,
      json: coupon ? { coupon, currency } : { currency },
      locale,
    });
    // The provider's page is another site (or the local test provider's, outside the
    // app's routes): a full page load, not a client-side navigation.
    if (answer.ok) {
      const { redirectUrl } = answer.body;
      if (isCheckoutAddress(redirectUrl)) return redirectDocument(redirectUrl);
      console.error(`${base}/payments: the API's redirectUrl is no http(s) address`);
      throw failure(500);
    }
    if (answer.status === 409) {
      const message = firstMessage(answer.fields, "system") ?? m.errors_modal_default_subtitle();
      // React Router does not reload the page's data after an error answer: the payment in
      // the way (another tab's, say) is read here, for the link to its page.
      const checkout = await callApi<CheckoutView>(context, {
        path: currency ? `${base}?currency=${currency}` : base,
        init: inLanguage(locale),
      });
      const latest = checkout.ok ? checkout.body.latestPayment : null;
      const payment = latest
        ? { id: latest.id, attemptId: latest.attemptId, result: latest.result }
        : null;
      return data({ kind: "conflict", coupon, message, payment } satisfies ActionResult, {
        status: 409,
      });
    }
    if (answer.status === 503) {
      return data({ kind: "unavailable", coupon } satisfies ActionResult, { status: 503 });
    }
    return couponFailure(answer, coupon);
  }
  throw data(null, { status: 400 });
}

/**
 * A coupon the API refused (required, invalid, expired, used, locked): its message, under
 * the field. The page itself answers 200: it is the checkout, shown with a field's error,
 * and a 4xx would have the browser log a failed resource for every typo
 * (docs/decisions/0042-buyers-path-cancel-and-coupon-errors.md).
 */
function couponFailure(
  answer: { status: number; fields: Record<string, string[]> },
  coupon: string,
) {
  // A refused body names its field; `system` is the API's word for the form as a whole.
  const message = firstMessage(answer.fields, "coupon") ?? firstMessage(answer.fields, "system");
  if (message === undefined) {
    if (answer.status === 404) throw data(null, { status: 404 });
    throw failure(answer.status);
  }
  return { kind: "couponError", coupon, message } satisfies ActionResult;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const { checkout, testDate } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const quote = result?.kind === "quote" ? result.quote : null;
  const total = quote ? quote.total : checkout.price;
  const couponError = result?.kind === "couponError" ? result.message : null;
  const date = testDate ? formatTestDate(testDate, locale, timeZone) : null;

  return (
    <section className="checkout container" data-testid="checkout">
      <p className="eyebrow">{m.checkout_eyebrow()}</p>
      <h1 className="checkout-title">{m.checkout_title()}</h1>

      <div className="checkout-layout">
        <div className="checkout-summary card" data-testid="checkout-summary">
          <div className="checkout-product">
            <span className="offer-feature-icon tone-info">
              <CardIcon />
            </span>
            <div>
              <h2 className="checkout-product-name">{m.checkout_product()}</h2>
              <p className="checkout-product-detail" data-testid="checkout-product-detail">
                {date
                  ? m.checkout_product_detail({ date, iq: checkout.iqLabel })
                  : `${m.result_iq_label()}: ${checkout.iqLabel}`}
              </p>
              <p className="checkout-product-includes">{m.checkout_product_includes()}</p>
            </div>
          </div>
        </div>

        <div className="checkout-methods card">
          <h2 className="offer-subtitle">{m.checkout_methods_title()}</h2>
          <p className="checkout-methods-text">{m.checkout_methods_text()}</p>
          <PaymentMethods methods={checkout.methods} locale={locale} />
        </div>

        <div className="checkout-pay card">
          {checkout.canPay ? <CurrencyChoice checkout={checkout} /> : null}
          {checkout.canPay ? (
            <Form method="post" className="checkout-form" data-testid="checkout-form">
              <input type="hidden" name="currency" value={checkout.price.currency} />
              <CouponField
                defaultValue={result?.coupon ?? ""}
                error={couponError}
                busy={busyIntent === "coupon"}
              />
              {quote ? (
                <p
                  className="checkout-applied tone-success"
                  role="status"
                  data-testid="checkout-applied"
                >
                  <CheckCircleIcon width={18} height={18} />
                  {m.checkout_coupon_applied({ code: quote.code, percent: quote.percent })}
                </p>
              ) : null}
              <dl className="checkout-lines" data-testid="checkout-lines">
                <div>
                  <dt>{m.checkout_list_price()}</dt>
                  <dd>{formatMoney(quote ? quote.list : checkout.price, locale)}</dd>
                </div>
                {quote ? (
                  <div className="checkout-discount">
                    <dt>{m.checkout_discount({ percent: quote.percent })}</dt>
                    <dd>−{formatMoney(quote.discount, locale)}</dd>
                  </div>
                ) : null}
                <div className="checkout-total">
                  <dt>{m.checkout_total()}</dt>
                  <dd data-testid="checkout-total">{formatMoney(total, locale)}</dd>
                </div>
              </dl>
              <p className="checkout-price-note">{priceNote[total.currency]({}, { locale })}</p>
              <CheckoutProblem
                problem={
                  result?.kind === "conflict" || result?.kind === "unavailable" ? result : undefined
                }
                checkout={checkout}
                locale={locale}
              />
              {checkout.latestPayment?.status === "awaiting" && result?.kind !== "conflict" ? (
                <OpenPaymentNote payment={checkout.latestPayment} locale={locale} />
              ) : null}
              {result?.kind === "conflict" ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  className="button button-primary button-large checkout-pay-button"
                  data-testid="checkout-pay"
                  disabled={busyIntent !== undefined}
                >
                  {busyIntent === "pay"
                    ? m.checkout_pay_busy()
                    : m.checkout_pay({ total: formatMoney(total, locale) })}
                </button>
              )}
              <p className="checkout-pay-note">{m.checkout_pay_note()}</p>
              <p className="checkout-pay-note" data-testid="checkout-one-payment">
                {/* The reais' price note already says "one-time payment, no subscription". */}
                {total.currency === "BRL" ? m.checkout_seven_days() : m.checkout_one_payment()}
              </p>
            </Form>
          ) : (
            <CheckoutClosed checkout={checkout} locale={locale} />
          )}
        </div>
      </div>

      <p className="checkout-back">
        <AppLink screen="result" locale={locale} params={{ id: checkout.attemptId }}>
          {m.checkout_back_result()}
        </AppLink>
      </p>
    </section>
  );
}

/**
 * A dollar price seen from Brazil offers the same report in reais, with Pix and boleto;
 * in reais on the English site, the way back to dollars (ADR 0043).
 */
function CurrencyChoice({ checkout }: { checkout: CheckoutView }) {
  const locale = useLocale();
  if (checkout.brazilOffer) {
    return <BrazilOffer checkout={checkout} locale={locale} className="checkout-currency" />;
  }
  if (locale === "en" && checkout.price.currency === "BRL") {
    return (
      <p className="checkout-currency" data-testid="checkout-currency-usd">
        <Link to="?currency=USD">{m.checkout_currency_usd_link()}</Link>
      </p>
    );
  }
  return null;
}
