import type { SignedInUser } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import { translate } from "../../core/locales/translate";
import { type Currency, discountedCents, priceToCents } from "../../core/payments/checkout";
import type { PaymentSignal } from "../../core/payments/payment-machine";
import { canBuyReport, type PaymentStatus } from "../../core/payments/payments";
import { localizePath } from "../../core/web/route-table";
import { isUniqueViolation } from "../../db/client";
import type { AttemptRow } from "../attempts/lookup";
import { type CouponProblem, checkCoupon, lockCoupon, normalizeCouponCode } from "../coupons";
import { paymentTiming } from "../env";
import { type Background, fulfil } from "./fulfil";
import { ProviderUnavailableError } from "./provider";
import { providerFor } from "./providers";
import { governingPayment, type PaymentRow, paymentsOfAttempt, stateOf } from "./store";
import { applySignal } from "./transitions";

/**
 * Orders (docs/decisions/0017-payments.md): starting a payment for a finished test,
 * cancelling one, and reading the provider's truth when no event has arrived yet.
 */

/**
 * The report's list price in a currency: configuration's (`REPORT_PRICE_USD`,
 * `REPORT_PRICE_BRL`), the one source of prices for the pages, the API and the provider.
 */
export function orderPrice(env: Env, currency: Currency): { currency: Currency; cents: number } {
  return currency === "BRL"
    ? { currency: "BRL", cents: priceToCents(env.REPORT_PRICE_BRL) }
    : { currency: "USD", cents: priceToCents(env.REPORT_PRICE_USD) };
}

export type StartOutcome =
  | { kind: "started"; paymentId: string; redirectUrl: string }
  | { kind: "conflict"; status: PaymentStatus }
  | { kind: "coupon"; problem: CouponProblem }
  | { kind: "unavailable"; paymentId: string | null };

/** Longer than creating a provider checkout takes, retries included. */
export const orderCreationMs = 60_000;

/** Payments whose provider checkout may still take money. */
const mayStillPay = (row: PaymentRow) =>
  row.providerSessionId !== null && (row.status === "awaiting" || row.status === "rejected");

/**
 * Reads (or closes) a provider's checkout and applies what the provider says, then
 * fulfils. `cancel` records the buyer's cancellation first: closing the checkout makes the
 * provider send its own `expired` event, which must not hide who cancelled, and money
 * that arrived meanwhile still wins (core/payments/payment-machine.ts).
 */
export async function settleWithProvider(
  env: Env,
  row: PaymentRow,
  action: "read" | "expire" | "cancel",
  background: Background,
): Promise<void> {
  const provider = providerFor(env);
  if (action === "cancel") {
    await applySignal(env, { paymentId: row.id, signal: { kind: "cancelled_by_buyer" } });
  }
  let signal: PaymentSignal | null = null;
  let providerPaymentId: string | null = null;
  if (row.providerSessionId) {
    const truth =
      action === "read"
        ? await provider.readCheckout(row.providerSessionId)
        : await provider.expireCheckout(row.providerSessionId);
    providerPaymentId = truth.paymentIntentId;
    signal = truth.signal;
  }
  // Back from the provider's page, and the provider knows nothing yet.
  if (!signal && action === "read" && row.status === "awaiting")
    signal = { kind: "buyer_returned" };
  if (signal) await applySignal(env, { paymentId: row.id, signal, providerPaymentId });
  await fulfil(env, row.id, background);
}

export async function startPayment(
  env: Env,
  input: {
    user: SignedInUser;
    attempt: AttemptRow;
    coupon: string | undefined;
    locale: Locale;
    /** The checkout's currency (`checkoutCurrency`): the language's, or the buyer's choice. */
    currency: Currency;
  },
  background: Background,
  now = Date.now(),
): Promise<StartOutcome> {
  const { user, attempt, locale } = input;
  const provider = providerFor(env);
  const code = normalizeCouponCode(input.coupon ?? "");

  // A coupon that cannot be used refuses the retry before it touches anything: the open
  // checkout stays open (the stateful fuzzer found a refused retry closing it). The lock
  // below stays the authoritative claim.
  if (code !== "") {
    const checked = await checkCoupon(env, {
      code,
      userId: user.id,
      attemptId: attempt.id,
      price: orderPrice(env, input.currency),
      now,
    });
    if (!checked.ok) return { kind: "coupon", problem: checked.problem };
  }

  // An earlier checkout of this test that could still be paid is closed first, so one test
  // never has two live checkouts (and a payment that slipped in meanwhile is seen).
  try {
    for (const row of await paymentsOfAttempt(env, attempt.id)) {
      if (mayStillPay(row)) await settleWithProvider(env, row, "expire", background);
      else if (row.status === "awaiting") {
        // No provider checkout yet: another tab is creating it right now, or a crash left
        // it half made long ago (then it can never be paid, and is closed).
        if (now - row.createdAt < orderCreationMs) return { kind: "conflict", status: "awaiting" };
        await applySignal(env, { paymentId: row.id, signal: { kind: "expired" } });
      }
    }
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return { kind: "unavailable", paymentId: null };
    throw error;
  }
  const governing = governingPayment(await paymentsOfAttempt(env, attempt.id));
  if (governing && !canBuyReport(stateOf(governing).status)) {
    return { kind: "conflict", status: stateOf(governing).status };
  }

  const paymentId = crypto.randomUUID();
  const price = orderPrice(env, input.currency);
  const { checkoutMs, couponLockMs } = paymentTiming(env);
  const expiresAt = now + checkoutMs;
  // The order first: the one-open-checkout index turns a second tab away before it can
  // touch the coupon (a retry of the same test takes the test's coupon lock over).
  try {
    await env.DB.prepare(
      `INSERT INTO payments (id, attempt_id, user_id, provider, status, currency, list_cents,
         total_cents, coupon_code, locale, checkout_expires_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'awaiting', ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        paymentId,
        attempt.id,
        user.id,
        provider.name,
        price.currency,
        price.cents,
        price.cents,
        code === "" ? null : code,
        locale,
        expiresAt,
        now,
        now,
      )
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { kind: "conflict", status: "awaiting" };
    }
    throw error;
  }

  let percent = 0;
  if (code !== "") {
    const lock = await lockCoupon(env, {
      code,
      userId: user.id,
      attemptId: attempt.id,
      paymentId,
      now,
      lockMs: couponLockMs,
    });
    if (!lock.ok) {
      // Nothing was asked of the provider: the order never existed for anyone but us.
      await env.DB.prepare("DELETE FROM payments WHERE id = ? AND version = 0")
        .bind(paymentId)
        .run();
      return { kind: "coupon", problem: lock.problem };
    }
    percent = lock.percent;
  }
  const totalCents = discountedCents(price.cents, percent);
  if (percent > 0) {
    await env.DB.prepare("UPDATE payments SET discount_percent = ?, total_cents = ? WHERE id = ?")
      .bind(percent, totalCents, paymentId)
      .run();
  }

  const base = env.BASE_URL.replace(/\/$/, "");
  const statusPath = localizePath("checkoutStatus", locale, { id: attempt.id, paymentId });
  // "Cancel and go back" lands on the cancelled page at once; it changes nothing, and its
  // Try again closes this checkout by a POST
  // (docs/decisions/0042-buyers-path-cancel-and-coupon-errors.md).
  const cancelledPath = localizePath("payments", locale, { status: "cancelled", id: paymentId });
  try {
    const created = await provider.createCheckout({
      orderId: paymentId,
      attemptId: attempt.id,
      customerEmail: user.email,
      currency: price.currency,
      totalCents,
      listCents: price.cents,
      discountPercent: percent,
      couponCode: code === "" ? null : code,
      locale,
      productName: translate("payment_product_name", locale),
      productDescription: translate("payment_product_description", locale),
      successUrl: `${base}${statusPath}`,
      cancelUrl: `${base}${cancelledPath}`,
      expiresAt,
      idempotencyKey: `checkout:${paymentId}:${attempt.id}`,
    });
    await env.DB.prepare(
      "UPDATE payments SET provider_session_id = ?, redirect_url = ?, updated_at = ? WHERE id = ?",
    )
      .bind(created.sessionId, created.url, now, paymentId)
      .run();
    return { kind: "started", paymentId, redirectUrl: created.url };
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error(`payments: payment=${paymentId} could not reach the provider: ${error.message}`);
    await applySignal(env, { paymentId, signal: { kind: "provider_unreachable" } });
    await fulfil(env, paymentId, background);
    return { kind: "unavailable", paymentId };
  }
}

/**
 * The buyer came back (or left the provider's page): read the provider's truth while no
 * event has told us anything, so the status page does not wait for a late webhook. Reading
 * the provider is not trusting the URL (SECURITY.md 15).
 */
export async function syncPayment(env: Env, row: PaymentRow, background: Background) {
  // Settled or decided: its events were fulfilled when they came (and a failed fulfilment
  // is finished by the provider's retry), so reading it writes nothing.
  if (!mayStillPay(row)) return;
  try {
    await settleWithProvider(env, row, "read", background);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.warn(`payments: payment=${row.id} provider unreachable while syncing`);
  }
}

/** The buyer cancelled: the checkout is closed so it can no longer take money. */
export async function cancelPayment(
  env: Env,
  row: PaymentRow,
  background: Background,
): Promise<"cancelled" | "unavailable" | "unchanged"> {
  if (!mayStillPay(row) && row.status !== "awaiting") return "unchanged";
  try {
    await settleWithProvider(env, row, "cancel", background);
    return "cancelled";
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return "unavailable";
    throw error;
  }
}
