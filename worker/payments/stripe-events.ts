import Stripe from "stripe";
import type { PaymentSignal } from "../../core/payments/payment-machine";
import type { CheckoutTruth, ProviderEvent, WebhookVerification } from "./provider";

/**
 * Stripe's events in our words (docs/decisions/0017-payments.md). Both adapters use it:
 * Stripe's own webhooks and the local test provider, which signs Stripe-shaped events with
 * its own secret, so verification and mapping are one code path.
 */

/** Metadata keys on the Checkout Session and its PaymentIntent. */
export const orderMetadataKey = "order_id";
export const attemptMetadataKey = "attempt_id";

/** Stripe's default signature tolerance (SECURITY.md 17). */
export const signatureToleranceSeconds = 300;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function metadataOrder(metadata: Stripe.Metadata | null | undefined): string | null {
  const value = metadata?.[orderMetadataKey];
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** A Checkout Session's state as a signal (null: nothing has happened yet). */
export function sessionSignal(session: Stripe.Checkout.Session): PaymentSignal | null {
  if (session.status === "expired") return { kind: "expired" };
  if (session.status === "complete") {
    // Pix and boleto complete the session unpaid: the money comes later, or never.
    return session.payment_status === "unpaid" ? { kind: "awaiting_transfer" } : { kind: "paid" };
  }
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  if (intent?.status === "processing") return { kind: "processing", manualReview: false };
  const error = intent?.last_payment_error;
  if (error) return { kind: "declined", declineCode: error.decline_code ?? error.code ?? null };
  return null;
}

export function sessionTruth(session: Stripe.Checkout.Session): CheckoutTruth {
  return {
    sessionId: session.id,
    orderId: session.client_reference_id ?? metadataOrder(session.metadata),
    paymentIntentId: idOf(session.payment_intent),
    signal: sessionSignal(session),
  };
}

function fromSession(event: Stripe.Event, signal: PaymentSignal | null): ProviderEvent {
  const session = event.data.object as Stripe.Checkout.Session;
  const truth = sessionTruth(session);
  return {
    id: event.id,
    type: event.type,
    orderId: truth.orderId,
    sessionId: session.id,
    paymentIntentId: truth.paymentIntentId,
    signal,
  };
}

function fromPaymentObject(
  event: Stripe.Event,
  object: { metadata?: Stripe.Metadata | null },
  paymentIntent: string | { id: string } | null,
  signal: PaymentSignal | null,
): ProviderEvent {
  return {
    id: event.id,
    type: event.type,
    orderId: metadataOrder(object.metadata),
    sessionId: null,
    paymentIntentId: idOf(paymentIntent),
    signal,
  };
}

/**
 * The events we act on (SECURITY.md 20); every other type maps to a null signal and is
 * acknowledged without effect.
 */
export function mapStripeEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const signal: PaymentSignal =
        session.payment_status === "unpaid" ? { kind: "awaiting_transfer" } : { kind: "paid" };
      return fromSession(event, signal);
    }
    case "checkout.session.async_payment_succeeded":
      return fromSession(event, { kind: "paid" });
    case "checkout.session.async_payment_failed":
      return fromSession(event, { kind: "transfer_expired" });
    case "checkout.session.expired":
      return fromSession(event, { kind: "expired" });
    case "payment_intent.processing": {
      const intent = event.data.object;
      return fromPaymentObject(event, intent, intent.id, {
        kind: "processing",
        manualReview: false,
      });
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      const declineCode = error?.decline_code ?? error?.code ?? null;
      return fromPaymentObject(event, intent, intent.id, { kind: "declined", declineCode });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund leaves the purchase standing.
      const signal: PaymentSignal | null =
        charge.refunded || charge.amount_refunded >= charge.amount ? { kind: "refunded" } : null;
      return fromPaymentObject(event, charge, charge.payment_intent, signal);
    }
    case "refund.failed": {
      const refund = event.data.object;
      return {
        ...fromPaymentObject(event, refund, refund.payment_intent ?? null, null),
        refundFailure: { reason: refund.failure_reason ?? null },
      };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      return fromPaymentObject(event, dispute, dispute.payment_intent, { kind: "dispute_opened" });
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      // `won` and `warning_closed` leave the money with us; `lost` takes it back.
      const signal: PaymentSignal =
        dispute.status === "lost" ? { kind: "dispute_lost" } : { kind: "dispute_won" };
      return fromPaymentObject(event, dispute, dispute.payment_intent, signal);
    }
    default:
      return {
        id: event.id,
        type: event.type,
        orderId: null,
        sessionId: null,
        paymentIntentId: null,
        signal: null,
      };
  }
}

/**
 * Verifies a webhook on its raw body (SECURITY.md 17) and maps it. A missing or wrong
 * signature, a stale timestamp or a body that is not an event is refused.
 */
export async function verifyStripeWebhook(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<WebhookVerification> {
  if (!signature) return { ok: false, reason: "missing_signature" };
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      signatureToleranceSeconds,
      cryptoProvider,
    );
  } catch {
    return { ok: false, reason: "bad_signature" };
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object) {
    return { ok: false, reason: "malformed" };
  }
  return { ok: true, event: mapStripeEvent(event) };
}

/** Signs a payload as Stripe does (the local test provider and the tests use it). */
export function signStripePayload(payload: string, secret: string, timestamp?: number) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}
