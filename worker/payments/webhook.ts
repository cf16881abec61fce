import { type Background, fulfil } from "./fulfil";
import { type PaymentProvider, type ProviderEvent, ProviderUnavailableError } from "./provider";
import { recordRefundFailure } from "./refund-effects";
import { paymentByProviderPayment, paymentBySession } from "./store";
import { applySignal } from "./transitions";

/**
 * Receives one provider event (SECURITY.md 17-20): verify on the raw body, store it once,
 * move the payment, fulfil. The HTTP route `POST /api/payments/webhook` and the local test
 * provider (which delivers its events in-process) both call this, each naming the provider
 * whose events it hands in.
 */
export interface WebhookAnswer {
  /** 503: the provider itself could not be asked; it delivers the event again later. */
  status: 200 | 400 | 503;
  body: { received: boolean; duplicate?: boolean; ignored?: boolean; error?: string };
}

/** What the webhook needs of a provider: its name, its signature check, its payments. */
export type WebhookSource = Pick<PaymentProvider, "name" | "verifyWebhook" | "orderOfPayment">;

/** Our payment for an event: its metadata, else its checkout, else its provider payment. */
async function paymentIdOf(
  env: Env,
  provider: WebhookSource,
  event: ProviderEvent,
): Promise<string | null> {
  if (event.orderId) return event.orderId;
  if (event.sessionId) {
    const row = await paymentBySession(env, event.sessionId);
    if (row) return row.id;
  }
  if (event.paymentIntentId) {
    const row = await paymentByProviderPayment(env, event.paymentIntentId);
    if (row) return row.id;
    // A refund or dispute can arrive before the completion that told us the payment's id.
    return provider.orderOfPayment(event.paymentIntentId);
  }
  return null;
}

/** Our payment for an event, or the 503 that has the provider deliver it again later. */
async function findPayment(
  env: Env,
  provider: WebhookSource,
  event: ProviderEvent,
): Promise<{ paymentId: string | null } | WebhookAnswer> {
  try {
    return { paymentId: await paymentIdOf(env, provider, event) };
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // Nothing was written: the provider retries any answer but a 2xx, for days.
    console.error(
      `payments: webhook event=${event.id} (${event.type}) left for the provider to deliver again: ${error.message}`,
    );
    return { status: 503, body: { received: false, error: "provider_unavailable" } };
  }
}

/** Runs the promises handed to waitUntil before returning, when no Worker context exists. */
function inline(): Background & { settle(): Promise<void> } {
  const pending: Promise<unknown>[] = [];
  return {
    waitUntil: (promise) => pending.push(promise),
    settle: async () => {
      await Promise.allSettled(pending);
    },
  };
}

/** A refund the provider failed after accepting it: recorded, a person told (refund-effects.ts). */
async function refundFailed(
  env: Env,
  provider: WebhookSource,
  event: ProviderEvent,
  reason: string | null,
  background?: Background,
): Promise<WebhookAnswer> {
  const found = await findPayment(env, provider, event);
  if ("status" in found) return found;
  const { paymentId } = found;
  const runner = background ?? inline();
  const outcome =
    paymentId === null
      ? "none"
      : await recordRefundFailure(
          env,
          { paymentId, eventId: `${provider.name}:${event.id}`, eventType: event.type, reason },
          runner,
          Date.now(),
        );
  if (!background) await (runner as ReturnType<typeof inline>).settle();
  if (outcome === "none") {
    console.error(`payments: event=${event.id} (${event.type}) names no refund of ours`);
    return { status: 200, body: { received: true, ignored: true } };
  }
  const duplicate = outcome === "duplicate";
  return { status: 200, body: duplicate ? { received: true, duplicate } : { received: true } };
}

export async function receiveWebhook(
  env: Env,
  provider: WebhookSource,
  rawBody: string,
  signature: string | null,
  background?: Background,
): Promise<WebhookAnswer> {
  const verification = await provider.verifyWebhook(rawBody, signature);
  if (!verification.ok) {
    console.warn(`payments: webhook refused (${verification.reason})`);
    return { status: 400, body: { received: false, error: verification.reason } };
  }
  const { event } = verification;
  if (event.refundFailure) {
    return refundFailed(env, provider, event, event.refundFailure.reason, background);
  }
  if (!event.signal) return { status: 200, body: { received: true, ignored: true } };

  const found = await findPayment(env, provider, event);
  if ("status" in found) return found;
  const { paymentId } = found;
  if (!paymentId) {
    console.error(`payments: event=${event.id} (${event.type}) names no payment of ours`);
    return { status: 200, body: { received: true, ignored: true } };
  }
  const outcome = await applySignal(env, {
    paymentId,
    signal: event.signal,
    event: { id: `${provider.name}:${event.id}`, type: event.type },
    providerPaymentId: event.paymentIntentId,
  });
  if (outcome.kind === "missing") {
    console.error(`payments: event=${event.id} (${event.type}) for unknown payment=${paymentId}`);
    return { status: 200, body: { received: true, ignored: true } };
  }
  if (outcome.kind === "applied" && outcome.changed) {
    console.log(
      `payments: payment=${paymentId} ${outcome.from.status} -> ${outcome.row.status} (${event.type})`,
    );
  }
  // Even for a duplicate: a delivery that failed after its state change (and is now
  // retried by the provider) finishes its fulfilment here. Fulfilment is idempotent.
  const runner = background ?? inline();
  await fulfil(env, paymentId, runner);
  if (!background) await (runner as ReturnType<typeof inline>).settle();
  const duplicate = outcome.kind === "duplicate";
  return { status: 200, body: duplicate ? { received: true, duplicate } : { received: true } };
}
