import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import type { Locale } from "../../core/locales/locales";
import type { Currency } from "../../core/payments/checkout";
import type { WebhookReceiver } from "../../worker/dev/pay/delivery";
import { createLocalProvider } from "../../worker/dev/pay/provider";
import type { CheckoutRequest, ProviderEvent } from "../../worker/payments/provider";
import { origin } from "./client";

/**
 * Local test provider support for the worker tests: checkout requests, and a webhook
 * receiver that checks each delivered event's signature as the real handler does and keeps
 * it, for tests of the provider itself (the real handler is `receiveWebhook`).
 */

export function checkoutRequest(
  overrides: Partial<CheckoutRequest> & { currency?: Currency; locale?: Locale } = {},
): CheckoutRequest {
  const orderId = overrides.orderId ?? crypto.randomUUID();
  const currency = overrides.currency ?? "USD";
  return {
    orderId,
    attemptId: crypto.randomUUID(),
    customerEmail: "maria@example.com",
    currency,
    totalCents: currency === "BRL" ? 4990 : 1990,
    listCents: currency === "BRL" ? 4990 : 1990,
    discountPercent: 0,
    couponCode: null,
    locale: currency === "BRL" ? "pt-br" : "en",
    productName: "IQ report",
    productDescription: "Your full IQ report",
    successUrl: `${origin}/checkout/return?payment=${orderId}`,
    cancelUrl: `${origin}/checkout/cancelled?payment=${orderId}`,
    expiresAt: Date.now() + 30 * 60_000,
    idempotencyKey: `checkout-${orderId}`,
    ...overrides,
  };
}

export interface RecordedDelivery {
  /** The event as the webhook handler maps it after verifying its signature. */
  mapped: ProviderEvent;
  /** The Stripe event as delivered. */
  event: Stripe.Event;
}

export function recordingReceiver(): { receive: WebhookReceiver; delivered: RecordedDelivery[] } {
  const delivered: RecordedDelivery[] = [];
  const provider = createLocalProvider(env);
  const receive: WebhookReceiver = async (_env, rawBody, signature) => {
    const verified = await provider.verifyWebhook(rawBody, signature);
    if (!verified.ok) throw new Error(`the local provider sent a bad event: ${verified.reason}`);
    delivered.push({ mapped: verified.event, event: JSON.parse(rawBody) as Stripe.Event });
    return { status: 200, body: { received: true } };
  };
  return { receive, delivered };
}
