import Stripe from "stripe";
import type { Locale } from "../../../core/locales/locales";
import { pixCode } from "../../../core/payments/pix-code";
import { orderMetadataKey } from "../../payments/stripe-events";
import { type LocalSession, randomSuffix } from "./sessions";

/**
 * The local test provider's session rendered as the objects Stripe sends: the Checkout
 * Session, its PaymentIntent, charge and dispute, and the events around them. The session
 * holds Stripe's state without a field added for the test provider (worker/dev/pay/sessions.ts).
 */

/** Where the buyer acts on a local checkout (worker/dev/pay/page.ts). */
export const localPayPath = "/_dev/pay";

/** Card decline codes the test page offers: between them, every `cc_rejected_*` detail. */
export const localDeclineCodes = [
  "insufficient_funds",
  "incorrect_cvc",
  "expired_card",
  "incorrect_number",
  "call_issuer",
  "card_not_supported",
  "lost_card",
  "fraudulent",
  "duplicate_transaction",
  "card_velocity_exceeded",
  "invalid_installments",
  "generic_decline",
] as const;
export type LocalDeclineCode = (typeof localDeclineCodes)[number];

/** Stripe reports these as their own error code; other declines are `card_declined`. */
const ownErrorCodes: ReadonlySet<string> = new Set([
  "incorrect_cvc",
  "expired_card",
  "incorrect_number",
]);

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The charge and dispute of a session's PaymentIntent share its suffix, so they are stable. */
function relatedId(prefix: "ch" | "dp" | "re", paymentIntentId: string): string {
  return `${prefix}_${paymentIntentId.slice("pi_".length)}`;
}

const stripeLocale: Record<Locale, Stripe.Checkout.Session.Locale> = {
  en: "en",
  "pt-br": "pt-BR",
};

function metadataOf(session: LocalSession): Stripe.Metadata {
  return { [orderMetadataKey]: session.orderId };
}

function declineCodeOf(session: LocalSession): string | null {
  const prefix = "declined:";
  return session.afterPayment?.startsWith(prefix)
    ? session.afterPayment.slice(prefix.length)
    : null;
}

function paymentMethodTypes(session: LocalSession): string[] {
  return session.currency === "BRL" ? ["card", "pix", "boleto"] : ["card"];
}

function lastPaymentError(session: LocalSession): Stripe.PaymentIntent.LastPaymentError | null {
  const declineCode = declineCodeOf(session);
  if (declineCode) {
    return {
      type: "card_error",
      code: ownErrorCodes.has(declineCode) ? declineCode : "card_declined",
      decline_code: declineCode,
      message: `Your card was declined (${declineCode}).`,
    } as Stripe.PaymentIntent.LastPaymentError;
  }
  if (session.afterPayment === "transfer_expired") {
    return {
      type: "invalid_request_error",
      code: "payment_intent_payment_attempt_expired",
      message: `The ${session.method ?? "transfer"} was not paid in time.`,
    } as Stripe.PaymentIntent.LastPaymentError;
  }
  return null;
}

function paymentIntentStatus(session: LocalSession): Stripe.PaymentIntent.Status {
  if (session.paymentStatus === "paid") return "succeeded";
  if (session.status === "expired") return "canceled";
  if (session.status === "complete" && session.afterPayment !== "transfer_expired") {
    return "requires_action";
  }
  return "requires_payment_method";
}

/** The session's PaymentIntent as Stripe renders it. */
export function localPaymentIntent(session: LocalSession): Stripe.PaymentIntent {
  const paid = session.paymentStatus === "paid";
  return {
    id: session.paymentIntentId,
    object: "payment_intent",
    amount: session.amountCents,
    amount_received: paid ? session.amountCents : 0,
    currency: session.currency.toLowerCase(),
    created: seconds(session.createdAt),
    livemode: false,
    metadata: metadataOf(session),
    status: paymentIntentStatus(session),
    last_payment_error: lastPaymentError(session),
    latest_charge: paid ? relatedId("ch", session.paymentIntentId) : null,
    payment_method_types: session.method ? [session.method] : paymentMethodTypes(session),
    next_action: nextAction(session),
  } satisfies Partial<Stripe.PaymentIntent> as unknown as Stripe.PaymentIntent;
}

/**
 * The session as a Checkout Session. Events carry the PaymentIntent's id, as Stripe's do;
 * `readCheckout` expands it (`expand: ["payment_intent"]`).
 */
export function localCheckoutSession(
  session: LocalSession,
  expandPaymentIntent = false,
): Stripe.Checkout.Session {
  return {
    id: session.id,
    object: "checkout.session",
    mode: "payment",
    amount_subtotal: session.amountCents,
    amount_total: session.amountCents,
    currency: session.currency.toLowerCase(),
    client_reference_id: session.orderId,
    metadata: metadataOf(session),
    created: seconds(session.createdAt),
    expires_at: seconds(session.expiresAt),
    livemode: false,
    locale: stripeLocale[session.locale as Locale] ?? "auto",
    payment_intent: expandPaymentIntent ? localPaymentIntent(session) : session.paymentIntentId,
    payment_method_types: paymentMethodTypes(session),
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url:
      session.status === "open"
        ? `${new URL(session.successUrl).origin}${localPayPath}/${session.id}`
        : null,
  } satisfies Partial<Stripe.Checkout.Session> as unknown as Stripe.Checkout.Session;
}

export function localCharge(session: LocalSession, refunded: boolean): Stripe.Charge {
  return {
    id: relatedId("ch", session.paymentIntentId),
    object: "charge",
    amount: session.amountCents,
    amount_captured: session.amountCents,
    amount_refunded: refunded ? session.amountCents : 0,
    captured: true,
    paid: true,
    refunded,
    status: "succeeded",
    currency: session.currency.toLowerCase(),
    created: seconds(session.createdAt),
    livemode: false,
    metadata: metadataOf(session),
    payment_intent: session.paymentIntentId,
  } satisfies Partial<Stripe.Charge> as unknown as Stripe.Charge;
}

/**
 * A dispute as Stripe sends it: no metadata of ours (the order is found through the
 * PaymentIntent: `orderOfPayment`).
 */
export function localDispute(session: LocalSession, status: Stripe.Dispute.Status): Stripe.Dispute {
  return {
    id: relatedId("dp", session.paymentIntentId),
    object: "dispute",
    amount: session.amountCents,
    currency: session.currency.toLowerCase(),
    charge: relatedId("ch", session.paymentIntentId),
    payment_intent: session.paymentIntentId,
    created: seconds(Date.now()),
    livemode: false,
    metadata: {},
    reason: "fraudulent",
    status,
    is_charge_refundable: false,
  } satisfies Partial<Stripe.Dispute> as unknown as Stripe.Dispute;
}

/** A Stripe event around an object: fresh id, created now, test mode. */
export function localEvent<E extends Stripe.Event>(
  type: E["type"],
  object: E["data"]["object"],
): E {
  return {
    id: `evt_local_${randomSuffix()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: seconds(Date.now()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as E;
}

/** Where the local Pix code says the charge lives (a payer's bank would fetch it there). */
const localPixLocation = "pix.local.test/qr/v2";

/**
 * What a Pix or boleto waiting for its transfer asks of the buyer, as Stripe's
 * `next_action` says it (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): a
 * real BR Code for the amount, and the local pay page standing in for Stripe's hosted
 * instructions and voucher (the buyer "pays" there). The QR image is drawn locally by
 * `/_dev/pay/{session}/qr.svg`: nothing is fetched from anyone.
 */
function nextAction(session: LocalSession): Stripe.PaymentIntent.NextAction | null {
  if (paymentIntentStatus(session) !== "requires_action") return null;
  const page = `${new URL(session.successUrl).origin}${localPayPath}/${session.id}`;
  const expiresAt = seconds(session.transferExpiresAt ?? session.expiresAt);
  if (session.method === "pix") {
    return {
      type: "pix_display_qr_code",
      pix_display_qr_code: {
        data: pixCode({
          location: `${localPixLocation}/${session.id}`,
          amountCents: session.amountCents,
          merchantName: "IQ TEST LOCAL",
          merchantCity: "SAO PAULO",
        }),
        expires_at: expiresAt,
        hosted_instructions_url: page,
        image_url_svg: `${page}/qr.svg`,
      },
    } as Stripe.PaymentIntent.NextAction;
  }
  if (session.method === "boleto") {
    return {
      type: "boleto_display_details",
      boleto_display_details: {
        expires_at: expiresAt,
        hosted_voucher_url: page,
        number: localBoletoNumber(session),
        pdf: null,
      },
    } as Stripe.PaymentIntent.NextAction;
  }
  return null;
}

/** A boleto's 47-digit line, made of the session's id so it stays the same (not a real one). */
function localBoletoNumber(session: LocalSession): string {
  const digits = Array.from(session.id.slice(-24), (c) => String(c.charCodeAt(0) % 10)).join("");
  return `00190${digits}${String(session.amountCents).padStart(18, "0")}`.slice(0, 47);
}

/**
 * The payment's refund as Stripe sends it when it fails after it was accepted (a closed
 * card): `refund.failed`, with our order in its metadata as our refunds carry it.
 */
export function localFailedRefund(session: LocalSession): Stripe.Refund {
  return {
    id: relatedId("re", session.paymentIntentId),
    object: "refund",
    amount: session.amountCents,
    currency: session.currency.toLowerCase(),
    created: seconds(session.createdAt),
    failure_reason: "expired_or_canceled_card",
    metadata: metadataOf(session),
    payment_intent: session.paymentIntentId,
    reason: "requested_by_customer",
    status: "failed",
  } satisfies Partial<Stripe.Refund> as unknown as Stripe.Refund;
}
