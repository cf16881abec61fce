import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { CheckoutStarted, PaymentView } from "../../core/payments/checkout";
import { localWebhookSecret } from "../../worker/dev/pay/delivery";
import { signStripePayload } from "../../worker/payments/stripe-events";
import { stripeEvent } from "../stripe-event";
import { Client } from "./client";

export { stripeEvent };

/**
 * Helpers for the payment worker tests: a signed-in buyer with a finished, scored test
 * (written straight into D1: scoring is tested elsewhere), payments started through the
 * API, and Stripe-shaped events signed like the provider's. Imported by tests only.
 */

export async function buyer(): Promise<{ client: Client; userId: string; email: string }> {
  const client = new Client();
  const { response, email } = await client.signUp();
  expect(response.status).toBe(201);
  const me = await client.me();
  return { client, userId: me.id as string, email };
}

/** A finished test of this user with its stored score (`scored: false`: not scored yet). */
export async function finishedAttempt(
  userId: string,
  now = Date.now(),
  { scored = true } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const started = now - 15 * 60_000;
  const statements = [
    env.DB.prepare(
      `INSERT INTO test_attempts (id, user_id, secret_hash, status, started_at, deadline, finished_at,
         ended_by, question_bank_version, locale, answered_count, answers, created_at)
       VALUES (?, ?, 'x', 'finished', ?, ?, ?, 'finish', 'test', 'en', 40, '{}', ?)`,
    ).bind(id, userId, started, started + 20 * 60_000, now, started),
  ];
  if (scored) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO test_results (attempt_id, user_id, finished_at, iq, iq_label, at_ceiling,
         interval_low, interval_high, band, raw_total, raw_by_category, norms_version, age_band,
         percentage_world, percentage_brazil, percentile_method_world, percentile_method_brazil,
         country, created_at)
       VALUES (?, ?, ?, 112, '112', 0, 105, 119, 'average', 25, '{"SM":7,"RA":6,"RE":6,"RL":6}',
         'test', '26-35', 79, 81, 'model', 'model', 'BR', ?)`,
      ).bind(id, userId, now, now),
    );
  }
  await env.DB.batch(statements);
  return id;
}

export async function startCheckout(
  client: Client,
  attemptId: string,
  body: { coupon?: string } = {},
  language: "en" | "pt-br" = "en",
) {
  const headers: Record<string, string> = language === "pt-br" ? { i18n: "pt-br" } : {};
  const response = await client.fetch(`/api/checkout/${attemptId}/payments`, { body, headers });
  return { response, body: (await response.json()) as CheckoutStarted & Record<string, unknown> };
}

export async function paymentOf(client: Client, paymentId: string): Promise<PaymentView> {
  const response = await client.fetch(`/api/payments/${paymentId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PaymentView;
}

export interface PaymentDbRow {
  id: string;
  status: string;
  status_detail: string | null;
  version: number;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  total_cents: number;
  receipt_sent_at: number | null;
}

export function paymentRow(paymentId: string) {
  return env.DB.prepare("SELECT * FROM payments WHERE id = ?")
    .bind(paymentId)
    .first<PaymentDbRow>();
}

export async function eventCount(paymentId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE payment_id = ?")
    .bind(paymentId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** One of our payments as the provider's objects name it. */
export interface ProviderPayment {
  id: string;
  sessionId: string;
  attemptId: string;
}

/** A started payment, with the Checkout Session its row says the provider opened. */
export async function providerPayment(
  paymentId: string,
  attemptId: string,
): Promise<ProviderPayment> {
  const row = await paymentRow(paymentId);
  return { id: paymentId, sessionId: row?.provider_session_id as string, attemptId };
}

/** The Checkout Session object of one of our payments, as Stripe would send it. */
export function sessionObject(
  payment: ProviderPayment,
  fields: { status: "open" | "complete" | "expired"; payment_status: "paid" | "unpaid" },
) {
  return {
    id: payment.sessionId,
    object: "checkout.session",
    client_reference_id: payment.id,
    metadata: { order_id: payment.id, attempt_id: payment.attemptId },
    payment_intent: `pi_${payment.id.replaceAll("-", "").slice(0, 20)}`,
    ...fields,
  };
}

/** Stripe's word that the buyer paid at checkout (`checkout.session.completed`, paid). */
export function completedPaid(payment: ProviderPayment, id?: string) {
  return stripeEvent(
    "checkout.session.completed",
    sessionObject(payment, { status: "complete", payment_status: "paid" }),
    id,
  );
}

export function chargeObject(payment: { id: string }, fields: Record<string, unknown> = {}) {
  return {
    id: `ch_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
    object: "charge",
    amount: 4990,
    amount_refunded: 4990,
    refunded: true,
    payment_intent: `pi_${payment.id.replaceAll("-", "").slice(0, 20)}`,
    metadata: { order_id: payment.id },
    ...fields,
  };
}

/** Posts an event to the webhook as the provider would, signed with the given secret. */
export async function deliver(
  event: unknown,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature =
    options.signature !== undefined
      ? options.signature
      : await signStripePayload(payload, options.secret ?? localWebhookSecret, options.timestamp);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return new Client().fetch("/api/payments/webhook", {
    method: "POST",
    body: payload,
    headers,
    origin: null,
  });
}
