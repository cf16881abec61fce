import {
  type CheckoutRequest,
  type PaymentProvider,
  ProviderUnavailableError,
  type RefundRequest,
} from "../../payments/provider";
import { sessionTruth } from "../../payments/stripe-events";
import { transferOfSession } from "../../payments/stripe-transfer";
import { expireSession, refund } from "./buyer-actions";
import { localWebhookSource } from "./delivery";
import {
  createLocalSession,
  findLocalSession,
  LocalActionRefused,
  localSessionOfPayment,
  requireSession,
} from "./sessions";
import { localCheckoutSession, localPayPath } from "./stripe-objects";

/**
 * The local test provider (docs/decisions/0017-payments.md, 0035-development-wing.md): the
 * embedded default when no Stripe keys are configured. It stands in for Stripe's hosted
 * Checkout: sessions live in KV (sessions.ts), the buyer acts on the dev-only page
 * `/_dev/pay/{sessionId}` (page.ts), and every action delivers the Stripe-shaped events
 * Stripe would send, signed with `localWebhookSecret`, to the same `receiveWebhook` as
 * production (delivery.ts). So verification, mapping and fulfilment run the same code
 * whichever provider is active.
 */

/** Buyers whose e-mail is at this domain find the provider unreachable (development only). */
export const unreachableProviderDomain = "provider-unreachable.test";

export function createLocalProvider(env: Env): PaymentProvider {
  return {
    ...localWebhookSource(env),

    async createCheckout(request: CheckoutRequest) {
      // Like a provider's magic test values: a buyer at this domain meets a provider that
      // cannot be reached, so the failure path can be seen (and tested) locally.
      if (request.customerEmail.endsWith(`@${unreachableProviderDomain}`)) {
        throw new ProviderUnavailableError("the local test provider plays unreachable");
      }
      const origin = new URL(request.successUrl).origin;
      const session = await createLocalSession(env, request);
      return { sessionId: session.id, url: `${origin}${localPayPath}/${session.id}` };
    },

    async readCheckout(sessionId: string) {
      const session = await requireSession(env, sessionId);
      return sessionTruth(localCheckoutSession(session, true));
    },

    async expireCheckout(sessionId: string) {
      return (await expireSession(env, sessionId)).truth;
    },

    async readTransfer(sessionId: string) {
      // A session KV has forgotten (30 days after its last change) waits for nothing.
      const session = await findLocalSession(env, sessionId);
      return session ? transferOfSession(localCheckoutSession(session, true)) : null;
    },

    // Refunds (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md).
    async paidMethod(paymentIntentId: string) {
      const session = await localSessionOfPayment(env, paymentIntentId);
      if (!session?.method) return null;
      return session.method === "wallet" ? "card" : session.method;
    },

    /**
     * As the page's Refund button: the session is marked refunded and `charge.refunded` is
     * delivered to the shop. Refunded before is accepted; a boleto is refused, as Stripe does.
     */
    async refundPayment(request: RefundRequest) {
      const refundId = `re_${request.paymentIntentId}`;
      const session = await localSessionOfPayment(env, request.paymentIntentId);
      if (!session)
        throw new ProviderUnavailableError("the local test provider has no such payment");
      if (session.afterPayment === "refunded") return { refundId };
      if (session.method === "boleto") {
        throw new ProviderUnavailableError("a boleto cannot be refunded by the provider");
      }
      try {
        await refund(env, session.id);
      } catch (error) {
        if (!(error instanceof LocalActionRefused)) throw error;
        // Another request refunded it meanwhile: the same refund.
        const now = await localSessionOfPayment(env, request.paymentIntentId);
        if (now?.afterPayment !== "refunded") {
          throw new ProviderUnavailableError(`the local test provider refused: ${error.message}`);
        }
      }
      return { refundId };
    },
  };
}
