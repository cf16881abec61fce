import type { Locale } from "../../core/locales/locales";
import type { Currency } from "../../core/payments/checkout";
import type { PaymentSignal } from "../../core/payments/payment-machine";
import type { PaidMethod } from "../../core/payments/refund";
import type { TransferInstructions } from "../../core/payments/transfer";

/**
 * The payment provider port (docs/decisions/0017-payments.md). Two adapters implement it:
 * Stripe (worker/payments/stripe.ts, production) and the local test provider
 * (worker/dev/pay/provider.ts, the default when no Stripe keys are set). Both speak
 * Stripe's event format, so webhook verification and the event mapping
 * (worker/payments/stripe-events.ts) are one code path for both.
 */

/** What we ask a provider to charge. Every amount was computed on the server. */
export interface CheckoutRequest {
  /** Our payment id: `client_reference_id` and metadata on the session and its payment. */
  orderId: string;
  attemptId: string;
  customerEmail: string;
  currency: Currency;
  /** The amount to charge after the coupon, whole cents, tax included. */
  totalCents: number;
  listCents: number;
  discountPercent: number;
  couponCode: string | null;
  locale: Locale;
  /** Localized product name and one-line description for the hosted page. */
  productName: string;
  productDescription: string;
  /** Absolute URLs the hosted page sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
  /** When the checkout closes (ms since the epoch; Stripe accepts 30 min to 24 h ahead). */
  expiresAt: number;
  /** Sent as the provider's idempotency key: a retried create returns the same checkout. */
  idempotencyKey: string;
}

export interface CheckoutCreated {
  /** The provider's checkout id (Stripe: `cs_...`). */
  sessionId: string;
  /** Where the buyer pays. */
  url: string;
}

/**
 * The provider's truth about one checkout, read when we need it rather than trusted from a
 * URL (SECURITY.md 15, 19). `signal` is null when nothing has happened yet.
 */
export interface CheckoutTruth {
  sessionId: string;
  orderId: string | null;
  paymentIntentId: string | null;
  signal: PaymentSignal | null;
}

/** A verified provider event, mapped to our words. */
export interface ProviderEvent {
  /** The provider's event id (unique per event, repeated on redelivery). */
  id: string;
  type: string;
  /** Our payment id when the event carries it (metadata / client_reference_id). */
  orderId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  /**
   * What it means for the payment; null for event types we do not act on (acknowledged and
   * ignored). Checkout events are re-read from the provider before they are applied.
   */
  signal: PaymentSignal | null;
  /**
   * A refund the provider accepted and then failed (ADR 0045 amended), with its reason; the
   * payment's state does not change (the buyer withdrew), the refund's does.
   */
  refundFailure?: { reason: string | null };
}

export type WebhookVerification =
  | { ok: true; event: ProviderEvent }
  | { ok: false; reason: "missing_signature" | "bad_signature" | "malformed" };

/** Thrown when the provider cannot be reached or refuses the request. */
export class ProviderUnavailableError extends Error {
  override readonly name = "ProviderUnavailableError";
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  /** The provider's current truth about a checkout. */
  readCheckout(sessionId: string): Promise<CheckoutTruth>;
  /**
   * Closes an open checkout so it can no longer be paid, then answers its truth (which may
   * say it was paid in the meantime).
   */
  expireCheckout(sessionId: string): Promise<CheckoutTruth>;
  /** Our order id for a provider payment (a refund or dispute that arrives first). */
  orderOfPayment(paymentIntentId: string): Promise<string | null>;
  /** Checks a webhook's signature on the raw body, then maps the event. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<WebhookVerification>;
  /**
   * What the buyer needs to pay a Pix or boleto that waits for its transfer (the
   * PaymentIntent's `next_action`: the Pix code and its expiry, the boleto's voucher), or
   * null when the checkout waits for none (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md).
   */
  readTransfer(sessionId: string): Promise<TransferInstructions | null>;
  /**
   * Refunds (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md): how a
   * payment was paid (a boleto cannot be refunded by the provider); null when the payment
   * is not this provider's.
   */
  paidMethod(paymentIntentId: string): Promise<PaidMethod | null>;
  /** Refunds the whole payment, once whatever the retries; one refunded before is accepted. */
  refundPayment(request: RefundRequest): Promise<RefundAccepted>;
}

/** A full refund asked of the provider (issue 30.6). */
export interface RefundRequest {
  /** Our payment id, recorded on the refund's metadata. */
  orderId: string;
  /** The provider's payment (Stripe: `pi_...`). */
  paymentIntentId: string;
  /** Sent as the provider's idempotency key: a retried refund is the same refund. */
  idempotencyKey: string;
}

/** The provider took the refund (Stripe: `succeeded` or `pending`), or it was refunded before. */
export interface RefundAccepted {
  refundId: string;
}
