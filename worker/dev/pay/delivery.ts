import type Stripe from "stripe";
import type { CheckoutTruth } from "../../payments/provider";
import { sessionTruth, signStripePayload, verifyStripeWebhook } from "../../payments/stripe-events";
import { receiveWebhook, type WebhookAnswer, type WebhookSource } from "../../payments/webhook";
import { type LocalSession, orderOfLocalPayment } from "./sessions";
import { localCheckoutSession } from "./stripe-objects";

/**
 * How the local test provider's events reach the shop: serialised, signed with
 * `localWebhookSecret` and handed in-process to the same `receiveWebhook` as Stripe's
 * (same verification, same state machine, same fulfilment).
 */

/**
 * The signing secret of the local provider's events. Development and tests only: it is
 * public, so production requires Stripe's keys (worker/env.ts) and never verifies with it.
 */
export const localWebhookSecret = "whsec_local_test_provider";

/** Receives one signed event; the shop's webhook unless a test hands in its own. */
export type WebhookReceiver = (
  env: Env,
  rawBody: string,
  signature: string | null,
) => Promise<WebhookAnswer>;

export interface LocalDelivery {
  event: Stripe.Event;
  answer: WebhookAnswer;
}

/** What a buyer action did: the session afterwards, its truth and the events delivered. */
export interface LocalActionResult {
  session: LocalSession;
  truth: CheckoutTruth;
  deliveries: LocalDelivery[];
}

/** What the webhook needs of the local provider: its name, its signature, its payments. */
export function localWebhookSource(env: Env): WebhookSource {
  return {
    name: "test",
    orderOfPayment: (paymentIntentId) => orderOfLocalPayment(env, paymentIntentId),
    verifyWebhook: (rawBody, signature) =>
      verifyStripeWebhook(rawBody, signature, localWebhookSecret),
  };
}

/** The shop's webhook handler, told that the events are the local provider's. */
export const receiveLocally: WebhookReceiver = (env, rawBody, signature) =>
  receiveWebhook(env, localWebhookSource(env), rawBody, signature);

/**
 * Serialises, signs and hands one event to the webhook handler in-process, as Stripe would
 * over HTTP. A refusal is answered, not thrown: the provider's state has already moved, as
 * Stripe's would, and Stripe would retry later.
 */
export async function deliverLocalEvent(
  env: Env,
  event: Stripe.Event,
  receive: WebhookReceiver = receiveLocally,
): Promise<WebhookAnswer> {
  const rawBody = JSON.stringify(event);
  const signature = await signStripePayload(rawBody, localWebhookSecret);
  return receive(env, rawBody, signature);
}

/** Delivers an action's events, in order, after its session was written. */
export async function completeAction(
  env: Env,
  session: LocalSession,
  events: Stripe.Event[],
  receive: WebhookReceiver,
): Promise<LocalActionResult> {
  const deliveries: LocalDelivery[] = [];
  for (const event of events) {
    deliveries.push({ event, answer: await deliverLocalEvent(env, event, receive) });
  }
  return { session, truth: sessionTruth(localCheckoutSession(session, true)), deliveries };
}
