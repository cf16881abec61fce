import { Hono } from "hono";
import { z } from "zod";
import type { SignedInUser } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import {
  type CheckoutStarted,
  type CheckoutView,
  checkoutCurrency,
  currencies,
  currencyParam,
  paymentMethods,
} from "../../core/payments/checkout";
import { canBuyReport, paymentStatusLabel } from "../../core/payments/payments";
import { formatRefundDeadline } from "../../core/payments/refund";
import type { TransferInstructions } from "../../core/payments/transfer";
import type { AppContext, AppEnv } from "../app-env";
import { ownFinishedAttempt } from "../attempts/finished";
import { resultOf } from "../attempts/results";
import { checkCoupon, couponProblemResponse, normalizeCouponCode } from "../coupons";
import { validBody } from "../http/body";
import { requestCountry } from "../http/country";
import { requestLocale } from "../http/request";
import {
  errorResponse,
  json,
  notFoundJson,
  retryAfterSeconds,
  serviceUnavailable,
} from "../http/responses";
import { cancelPayment, orderPrice, startPayment, syncPayment } from "../payments/orders";
import { ProviderUnavailableError } from "../payments/provider";
import { providerFor } from "../payments/providers";
import { quoteRefund, type RefundRefusal, requestRefund } from "../payments/refunds";
import {
  governingPayment,
  loadPayment,
  type PaymentRow,
  paymentsOfAttempt,
  paymentView,
  stateOf,
} from "../payments/store";
import { receiveWebhook } from "../payments/webhook";

/**
 * Checkout and payments (issue 12, docs/decisions/0017-payments.md). Everything a buyer
 * can call is scoped to the signed-in owner (SECURITY.md 14): anyone else's test or
 * payment is a 404, as is a test that is not finished.
 */

const idSchema = z.uuid();
const webhookMaxBytes = 256 * 1024;

/** A coupon, and the currency the buyer chose (ADR 0043): the language's when absent. */
const couponBody = z.object({
  coupon: z.string().max(64).optional(),
  currency: z.enum(currencies).optional(),
});

function signedIn(c: AppContext): SignedInUser | null {
  const { user } = c.var;
  return user.isAuthenticated ? user : null;
}

const loginRequired = (locale: Locale) => errorResponse(locale, 401, { code: "loginRequired" });

async function ownPayment(c: AppContext, id: string): Promise<PaymentRow | Response> {
  const user = signedIn(c);
  if (!user) return loginRequired(requestLocale(c.req.raw));
  const parsed = idSchema.safeParse(id);
  const row = parsed.success ? await loadPayment(c.env, parsed.data) : null;
  if (!row || row.userId !== user.id) {
    if (row) console.warn(`payments: refused payment=${row.id} to another user`);
    return notFoundJson();
  }
  return row;
}

function paymentConflict(locale: Locale, status: Parameters<typeof paymentStatusLabel>[0]) {
  const label = paymentStatusLabel(status, locale);
  return errorResponse(locale, 409, {
    code: "paymentConflict",
    fields: { system: [{ key: "payment_conflict", inputs: { paymentStatus: label } }] },
  });
}

export const checkout = new Hono<AppEnv>();

checkout.get("/:id", async (c) => {
  const owned = await ownFinishedAttempt(c, c.req.param("id"));
  if (owned instanceof Response) return owned;
  const { user, attempt } = owned;
  const locale = requestLocale(c.req.raw);
  const result = await resultOf(c.env, attempt, user);
  const rows = await paymentsOfAttempt(c.env, attempt.id);
  const governing = governingPayment(rows);
  const price = orderPrice(c.env, checkoutCurrency(locale, currencyParam(c.req.query("currency"))));
  // A dollar price seen from Brazil: the same report in reais, with Pix (issue 30.5).
  const fromBrazil = requestCountry(c.req.raw, c.env) === "BR";
  const view: CheckoutView = {
    attemptId: attempt.id,
    iqLabel: result.iqLabel,
    price,
    methods: paymentMethods[price.currency],
    couponLockMinutes: Number(c.env.COUPON_LOCK_MINUTES),
    latestPayment: governing ? await paymentView(c.env, governing) : null,
    canPay:
      governing === null ||
      governing.status === "awaiting" ||
      canBuyReport(stateOf(governing).status),
    brazilOffer: fromBrazil && price.currency === "USD" ? orderPrice(c.env, "BRL") : null,
  };
  return json(view, 200);
});

checkout.post("/:id/coupon", validBody(couponBody), async (c) => {
  const owned = await ownFinishedAttempt(c, c.req.param("id"));
  if (owned instanceof Response) return owned;
  const locale = requestLocale(c.req.raw);
  const body = c.req.valid("json");
  const code = normalizeCouponCode(body.coupon ?? "");
  const checked = await checkCoupon(c.env, {
    code,
    userId: owned.user.id,
    attemptId: owned.attempt.id,
    price: orderPrice(c.env, checkoutCurrency(locale, body.currency)),
    now: Date.now(),
  });
  if (!checked.ok) {
    return couponProblemResponse(locale, checked.problem, Number(c.env.COUPON_LOCK_MINUTES));
  }
  return json(checked.quote, 200);
});

checkout.post("/:id/payments", validBody(couponBody), async (c) => {
  const owned = await ownFinishedAttempt(c, c.req.param("id"));
  if (owned instanceof Response) return owned;
  const locale = requestLocale(c.req.raw);
  const { coupon, currency } = c.req.valid("json");
  const outcome = await startPayment(
    c.env,
    { ...owned, coupon, locale, currency: checkoutCurrency(locale, currency) },
    c.executionCtx,
  );
  switch (outcome.kind) {
    case "started": {
      const body: CheckoutStarted = {
        paymentId: outcome.paymentId,
        redirectUrl: outcome.redirectUrl,
      };
      return json(body, 201);
    }
    case "conflict":
      return paymentConflict(locale, outcome.status);
    case "coupon":
      return couponProblemResponse(locale, outcome.problem, Number(c.env.COUPON_LOCK_MINUTES));
    case "unavailable":
      return serviceUnavailable();
  }
});

export const payments = new Hono<AppEnv>();

// The provider calls this, not a page: no session, no Origin; the signature is the proof.
payments.post("/webhook", async (c) => {
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (length > webhookMaxBytes) return c.json({ received: false, error: "too_large" }, 413);
  const raw = await c.req.text();
  if (raw.length > webhookMaxBytes) return c.json({ received: false, error: "too_large" }, 413);
  const answer = await receiveWebhook(
    c.env,
    providerFor(c.env),
    raw,
    c.req.header("Stripe-Signature") ?? null,
    c.executionCtx,
  );
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.status === 503) headers["Retry-After"] = String(retryAfterSeconds);
  return c.json(answer.body, answer.status, headers);
});

payments.get("/:paymentId", async (c) => {
  const row = await ownPayment(c, c.req.param("paymentId"));
  if (row instanceof Response) return row;
  await syncPayment(c.env, row, c.executionCtx);
  const current = (await loadPayment(c.env, row.id)) ?? row;
  return json(await paymentView(c.env, current), 200);
});

payments.post("/:paymentId/cancel", async (c) => {
  const row = await ownPayment(c, c.req.param("paymentId"));
  if (row instanceof Response) return row;
  const outcome = await cancelPayment(c.env, row, c.executionCtx);
  if (outcome === "unavailable") return serviceUnavailable();
  const current = (await loadPayment(c.env, row.id)) ?? row;
  return json(await paymentView(c.env, current), 200);
});

/**
 * A pending Pix's code and expiry, or a boleto's voucher, read from the provider
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md). The buyer's only, like the
 * payment; 404 when nothing waits for a transfer (not pending, paid, expired, a card).
 */
payments.get("/:paymentId/transfer", async (c) => {
  const row = await ownPayment(c, c.req.param("paymentId"));
  if (row instanceof Response) return row;
  if (stateOf(row).status !== "pending" || !row.providerSessionId) return notFoundJson();
  let transfer: TransferInstructions | null;
  try {
    transfer = await providerFor(c.env).readTransfer(row.providerSessionId);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.warn(`payments: payment=${row.id} provider unreachable while reading its transfer`);
    return serviceUnavailable();
  }
  return transfer ? json(transfer, 200) : notFoundJson();
});

// Seven days to change your mind (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md).

const refundBody = z.object({ pixKey: z.string().max(200).optional() });

const refundCodes = {
  notApproved: "refundNotApproved",
  alreadyRefunded: "refundAlreadyDone",
  windowClosed: "refundWindowClosed",
  inProgress: "refundInProgress",
} as const;

/** Why a payment cannot be refunded, in the buyer's language: 409 with `fields.system`. */
function refundRefused(locale: Locale, refusal: RefundRefusal): Response {
  const message = (() => {
    switch (refusal.kind) {
      case "notApproved":
        return {
          key: "refund_error_not_approved",
          inputs: { paymentStatus: paymentStatusLabel(refusal.status, locale) },
        };
      case "alreadyRefunded":
        return "refund_error_already";
      case "windowClosed":
        return {
          key: "refund_error_window_closed",
          inputs: { date: formatRefundDeadline(new Date(refusal.until).toISOString(), locale) },
        };
      case "inProgress":
        return "refund_error_in_progress";
    }
  })();
  return errorResponse(locale, 409, {
    code: refundCodes[refusal.kind],
    fields: { system: [message] },
  });
}

const pixKeyMessages = {
  required: "refund_pix_key_required",
  invalid: "refund_pix_key_invalid",
  checkDigit: "refund_pix_key_check_digit",
} as const;

payments.get("/:paymentId/refund", async (c) => {
  const row = await ownPayment(c, c.req.param("paymentId"));
  if (row instanceof Response) return row;
  const outcome = await quoteRefund(c.env, row, Date.now());
  if (outcome.kind === "quote") return json(outcome.quote, 200);
  if (outcome.kind === "unavailable") return serviceUnavailable();
  return refundRefused(requestLocale(c.req.raw), outcome);
});

payments.post("/:paymentId/refund", validBody(refundBody), async (c) => {
  const row = await ownPayment(c, c.req.param("paymentId"));
  if (row instanceof Response) return row;
  const locale = requestLocale(c.req.raw);
  const outcome = await requestRefund(c.env, row, c.req.valid("json"), c.executionCtx);
  switch (outcome.kind) {
    case "done":
      return json(outcome.done, 200);
    case "unavailable":
      return serviceUnavailable();
    case "pixKey":
      return errorResponse(locale, 400, {
        fields: { pixKey: [pixKeyMessages[outcome.problem]] },
      });
    default:
      return refundRefused(locale, outcome);
  }
});
