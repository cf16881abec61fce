import Stripe from "stripe";
import type { Locale } from "../../core/locales/locales";
import type { Currency } from "../../core/payments/checkout";
import type { PaidMethod } from "../../core/payments/refund";
import {
  type CheckoutCreated,
  type CheckoutRequest,
  type CheckoutTruth,
  type PaymentProvider,
  ProviderUnavailableError,
  type RefundAccepted,
  type RefundRequest,
} from "./provider";
import {
  attemptMetadataKey,
  orderMetadataKey,
  sessionTruth,
  verifyStripeWebhook,
} from "./stripe-events";
import { transferOfSession } from "./stripe-transfer";

/**
 * The Stripe adapter of the payment port (docs/decisions/0017-payments.md): one hosted
 * Checkout Session per payment. Every amount it sends was computed on the server, already
 * discounted by our coupon (SECURITY.md 21); Stripe's own coupons and promotion codes are
 * never used. Stripe's answers come back as `CheckoutTruth` through `sessionTruth`, the
 * same mapping the webhook uses.
 */

/** How long a Pix code can be paid after the buyer confirms (Stripe: 60 s to 14 days). */
export const pixExpiresAfterSeconds = 3600;
/** Calendar days a boleto can be paid (it expires at 23:59 São Paulo time on the last one). */
export const boletoExpiresAfterDays = 3;

/** Metadata keys kept for the record only: the amount sent already carries the discount. */
export const couponMetadataKey = "coupon_code";
export const discountPercentMetadataKey = "discount_percent";

type AllowedMethod = Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType;

/**
 * What the hosted page may offer, per currency (core/payments/checkout.ts `paymentMethods`). Apple
 * Pay and Google Pay are wallets on `card`, so USD is `card` alone.
 *
 * Stripe v23 removed `payment_method_types` from session creation. Of its two replacements
 * we use `allowed_payment_method_types`, an allow-list that filters the methods enabled in
 * the Dashboard: a method someone enables there later (Link, Klarna, ...) does not appear
 * here unnoticed, which `excluded_payment_method_types` (a deny-list over the same set)
 * would let through. The flip side: Pix and boleto are offered only while they are also
 * enabled for the account in the Dashboard.
 */
const stripeMethods = {
  BRL: ["card", "pix", "boleto"],
  USD: ["card"],
} as const satisfies Record<Currency, readonly AllowedMethod[]>;

const checkoutLocales: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  "pt-br": "pt-BR",
};

/**
 * One request to Stripe's API may take this long (the SDK's default is 80 s); with its two
 * retries a buyer waits about 26 s at worst before the checkout answers 503
 * (docs/decisions/0029-dependency-failures.md).
 */
export const stripeTimeoutMs = 8_000;

export interface StripeProviderSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass `Stripe.createFetchHttpClient(fakeFetch)`. */
  httpClient?: Stripe.HttpClient;
  /** Tests shorten `stripeTimeoutMs`. */
  timeoutMs?: number;
}

/** The Checkout Session asked for one payment. */
function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const metadata: Stripe.MetadataParam = {
    [orderMetadataKey]: request.orderId,
    [attemptMetadataKey]: request.attemptId,
  };
  if (request.couponCode !== null) {
    metadata[couponMetadataKey] = request.couponCode;
    metadata[discountPercentMetadataKey] = String(request.discountPercent);
  }
  const productData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData = {
    name: request.productName,
  };
  // Stripe refuses an empty description.
  if (request.productDescription) productData.description = request.productDescription;

  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    client_reference_id: request.orderId,
    metadata,
    // Refunds and disputes arrive as charge events: the payment intent carries the order too.
    payment_intent_data: { metadata },
    customer_email: request.customerEmail,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.totalCents,
          tax_behavior: "inclusive",
          product_data: productData,
        },
      },
    ],
    allowed_payment_method_types: [...stripeMethods[request.currency]],
    expires_at: Math.floor(request.expiresAt / 1000),
    locale: checkoutLocales[request.locale],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
  if (request.currency === "BRL") {
    // Set explicitly rather than left to Stripe's defaults (Pix 4 h): a coupon lock must
    // outlast every way the order can still be paid (SECURITY.md 20).
    params.payment_method_options = {
      pix: { expires_after_seconds: pixExpiresAfterSeconds },
      boleto: { expires_after_days: boletoExpiresAfterDays },
    };
  }
  return params;
}

/**
 * A failure described without anything the error may carry about the request (Stripe's
 * messages can quote a redacted key): the operation, Stripe's error type, code, HTTP status
 * and request id.
 */
function unavailable(operation: string, error: unknown): ProviderUnavailableError {
  if (error instanceof ProviderUnavailableError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const parts = [error.type, error.code, error.statusCode, error.requestId].filter(
      (part) => part !== undefined && part !== null && part !== "",
    );
    return new ProviderUnavailableError(`Stripe ${operation} failed: ${parts.join(" ")}`);
  }
  return new ProviderUnavailableError(`Stripe ${operation} failed`);
}

function isInvalidRequest(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

export function createStripeProvider(settings: StripeProviderSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    httpClient: settings.httpClient ?? Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? stripeTimeoutMs,
  });

  async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      // Expanded so an open session can tell a declined card or a payment in progress.
      return await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
    } catch (error) {
      throw unavailable("checkout read", error);
    }
  }

  return {
    name: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(checkoutSessionParams(request), {
          idempotencyKey: request.idempotencyKey,
        });
      } catch (error) {
        throw unavailable("checkout create", error);
      }
      if (!session.url) {
        throw new ProviderUnavailableError("Stripe checkout create answered without a URL");
      }
      return { sessionId: session.id, url: session.url };
    },

    async readCheckout(sessionId: string): Promise<CheckoutTruth> {
      return sessionTruth(await retrieveSession(sessionId));
    },

    async expireCheckout(sessionId: string): Promise<CheckoutTruth> {
      try {
        return sessionTruth(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses (400) to expire a session that is no longer open: it was paid,
        // completed with a Pix code or boleto, or already expired. Its truth is the answer.
        // Anything else, or a session still open after all, is a failure to close it.
        if (!isInvalidRequest(error)) throw unavailable("checkout expire", error);
        const session = await retrieveSession(sessionId);
        if (session.status === "open") throw unavailable("checkout expire", error);
        return sessionTruth(session);
      }
    },

    async orderOfPayment(paymentIntentId: string): Promise<string | null> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      } catch (error) {
        // No such payment on this account: not one of our orders.
        if (isInvalidRequest(error) && error.code === "resource_missing") return null;
        throw unavailable("payment read", error);
      }
      const orderId = intent.metadata?.[orderMetadataKey];
      return typeof orderId === "string" && orderId.length > 0 ? orderId : null;
    },

    verifyWebhook(rawBody: string, signature: string | null) {
      return verifyStripeWebhook(rawBody, signature, settings.webhookSecret);
    },

    async readTransfer(sessionId: string) {
      return transferOfSession(await retrieveSession(sessionId));
    },

    // Refunds (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md).
    async paidMethod(paymentIntentId: string): Promise<PaidMethod | null> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ["latest_charge"],
        });
      } catch (error) {
        if (isInvalidRequest(error) && error.code === "resource_missing") return null;
        throw unavailable("payment read", error);
      }
      const charge = intent.latest_charge;
      const type =
        typeof charge === "object" && charge ? charge.payment_method_details?.type : null;
      return paidMethodOf(type ?? null);
    },

    async refundPayment(request: RefundRequest): Promise<RefundAccepted> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            reason: "requested_by_customer",
            metadata: { [orderMetadataKey]: request.orderId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new ProviderUnavailableError(`Stripe refund ${refund.id} is ${refund.status}`);
        }
        return { refundId: refund.id };
      } catch (error) {
        // Refunded before (by an earlier request whose answer was lost, or at the Dashboard):
        // the money is back, which is what was asked.
        if (isInvalidRequest(error) && error.code === "charge_already_refunded") {
          return { refundId: `already:${request.paymentIntentId}` };
        }
        throw unavailable("refund", error);
      }
    },
  };
}

/** Stripe's payment method type as our refund sees it: wallets are cards. */
export function paidMethodOf(type: string | null): PaidMethod | null {
  if (type === "pix" || type === "boleto") return type;
  return type === null ? null : "card";
}
