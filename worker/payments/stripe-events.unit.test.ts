import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { ProviderEvent } from "./provider";
import { mapStripeEvent } from "./stripe-events";

/**
 * Every event type we act on (SECURITY.md 20) with a minimal object shaped like Stripe's,
 * and what it means for the payment.
 */

function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return {
    id: `evt_${type.replaceAll(".", "_")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: 1_795_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

const orderMetadata = { order_id: "pay_01JDK3", attempt_id: "att_01JDK2" };

function session(fields: Record<string, unknown>) {
  return {
    id: "cs_test_a1B2c3",
    object: "checkout.session",
    mode: "payment",
    client_reference_id: "pay_01JDK3",
    metadata: orderMetadata,
    payment_intent: "pi_3QfakeIntent",
    ...fields,
  };
}

function intent(fields: Record<string, unknown>) {
  return {
    id: "pi_3QfakeIntent",
    object: "payment_intent",
    amount: 3992,
    currency: "brl",
    metadata: orderMetadata,
    last_payment_error: null,
    ...fields,
  };
}

function charge(fields: Record<string, unknown>) {
  return {
    id: "ch_3QfakeCharge",
    object: "charge",
    amount: 3992,
    currency: "brl",
    payment_intent: "pi_3QfakeIntent",
    metadata: orderMetadata,
    ...fields,
  };
}

function dispute(status: string) {
  return {
    id: "du_1QfakeDispute",
    object: "dispute",
    amount: 3992,
    charge: "ch_3QfakeCharge",
    payment_intent: "pi_3QfakeIntent",
    reason: "fraudulent",
    // A dispute's own metadata: ours is on the payment intent (orderOfPayment finds it).
    metadata: {},
    status,
  };
}

const fromSession = {
  orderId: "pay_01JDK3",
  sessionId: "cs_test_a1B2c3",
  paymentIntentId: "pi_3QfakeIntent",
};
const fromIntent = { orderId: "pay_01JDK3", sessionId: null, paymentIntentId: "pi_3QfakeIntent" };
const fromDispute = { orderId: null, sessionId: null, paymentIntentId: "pi_3QfakeIntent" };

const cases: Array<{
  name: string;
  event: Stripe.Event;
  expected: Omit<ProviderEvent, "id" | "type">;
}> = [
  {
    name: "checkout completed and paid (card)",
    event: event(
      "checkout.session.completed",
      session({ status: "complete", payment_status: "paid" }),
    ),
    expected: { ...fromSession, signal: { kind: "paid" } },
  },
  {
    name: "checkout completed unpaid (Pix code or boleto issued)",
    event: event(
      "checkout.session.completed",
      session({ status: "complete", payment_status: "unpaid" }),
    ),
    expected: { ...fromSession, signal: { kind: "awaiting_transfer" } },
  },
  {
    name: "Pix or boleto paid later",
    event: event(
      "checkout.session.async_payment_succeeded",
      session({ status: "complete", payment_status: "paid" }),
    ),
    expected: { ...fromSession, signal: { kind: "paid" } },
  },
  {
    name: "Pix or boleto never paid",
    event: event(
      "checkout.session.async_payment_failed",
      session({ status: "complete", payment_status: "unpaid" }),
    ),
    expected: { ...fromSession, signal: { kind: "transfer_expired" } },
  },
  {
    name: "checkout expired",
    event: event(
      "checkout.session.expired",
      session({ status: "expired", payment_status: "unpaid", payment_intent: null }),
    ),
    expected: { ...fromSession, paymentIntentId: null, signal: { kind: "expired" } },
  },
  {
    name: "payment processing",
    event: event("payment_intent.processing", intent({ status: "processing" })),
    expected: { ...fromIntent, signal: { kind: "processing", manualReview: false } },
  },
  {
    name: "card declined with a decline code",
    event: event(
      "payment_intent.payment_failed",
      intent({
        status: "requires_payment_method",
        last_payment_error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
        },
      }),
    ),
    expected: { ...fromIntent, signal: { kind: "declined", declineCode: "insufficient_funds" } },
  },
  {
    name: "card refused with an error code only",
    event: event(
      "payment_intent.payment_failed",
      intent({
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "incorrect_cvc" },
      }),
    ),
    expected: { ...fromIntent, signal: { kind: "declined", declineCode: "incorrect_cvc" } },
  },
  {
    name: "payment failed without an error",
    event: event("payment_intent.payment_failed", intent({ status: "requires_payment_method" })),
    expected: { ...fromIntent, signal: { kind: "declined", declineCode: null } },
  },
  {
    name: "charge refunded in full",
    event: event("charge.refunded", charge({ refunded: true, amount_refunded: 3992 })),
    expected: { ...fromIntent, signal: { kind: "refunded" } },
  },
  {
    name: "charge refunded in part",
    event: event("charge.refunded", charge({ refunded: false, amount_refunded: 1000 })),
    expected: { ...fromIntent, signal: null },
  },
  {
    name: "refund failed after it was accepted",
    event: event("refund.failed", {
      id: "re_3QfakeRefund",
      object: "refund",
      amount: 3992,
      payment_intent: "pi_3QfakeIntent",
      status: "failed",
      failure_reason: "expired_or_canceled_card",
      // A refund's own metadata: ours is on the payment intent.
      metadata: {},
    }),
    expected: {
      ...fromDispute,
      signal: null,
      refundFailure: { reason: "expired_or_canceled_card" },
    },
  },
  {
    name: "dispute opened",
    event: event("charge.dispute.created", dispute("needs_response")),
    expected: { ...fromDispute, signal: { kind: "dispute_opened" } },
  },
  {
    name: "dispute won",
    event: event("charge.dispute.closed", dispute("won")),
    expected: { ...fromDispute, signal: { kind: "dispute_won" } },
  },
  {
    name: "dispute lost",
    event: event("charge.dispute.closed", dispute("lost")),
    expected: { ...fromDispute, signal: { kind: "dispute_lost" } },
  },
  {
    name: "inquiry closed without a chargeback",
    event: event("charge.dispute.closed", dispute("warning_closed")),
    expected: { ...fromDispute, signal: { kind: "dispute_won" } },
  },
  {
    name: "an event type we do not act on",
    event: event("customer.created", { id: "cus_1Qfake", object: "customer", metadata: {} }),
    expected: { orderId: null, sessionId: null, paymentIntentId: null, signal: null },
  },
];

describe("SECURITY 20: mapStripeEvent, every event type we act on", () => {
  for (const { name, event: stripeEvent, expected } of cases) {
    it(name, () => {
      expect(mapStripeEvent(stripeEvent)).toEqual({
        id: stripeEvent.id,
        type: stripeEvent.type,
        ...expected,
      });
    });
  }

  it("finds the order in the session metadata when client_reference_id is absent", () => {
    const mapped = mapStripeEvent(
      event(
        "checkout.session.completed",
        session({ status: "complete", payment_status: "paid", client_reference_id: null }),
      ),
    );
    expect(mapped.orderId).toBe("pay_01JDK3");
  });
});
