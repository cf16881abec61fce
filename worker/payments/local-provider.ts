import { and, eq, type SQL, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Locale } from "../../core/locales/locales";
import { database } from "../../db/client";
import { localCheckoutSessions } from "../../db/schema";
import {
  type CheckoutRequest,
  type CheckoutTruth,
  type PaymentProvider,
  ProviderUnavailableError,
} from "./provider";
import {
  orderMetadataKey,
  sessionTruth,
  signStripePayload,
  verifyStripeWebhook,
} from "./stripe-events";
import { receiveWebhook, type WebhookAnswer } from "./webhook";

/**
 * The local test provider (docs/decisions/0017-payments.md): the embedded default when no
 * Stripe keys are configured. It stands in for Stripe's hosted Checkout: sessions live in
 * `local_checkout_sessions`, the buyer acts on the dev-only page `/_dev/pay/{sessionId}`
 * (worker/dev/pay.ts), and every action delivers the Stripe-shaped events Stripe would send,
 * signed with `localWebhookSecret`, to the same `receiveWebhook` as production. So
 * verification, mapping and fulfilment run the same code whichever provider is active.
 *
 * Invariants:
 * - A session row is updated before its events are delivered (Stripe's objects already
 *   say what the webhook says), and each transition is a compare-and-set on the state it
 *   starts from, so two concurrent actions cannot both apply.
 * - An action that does not fit the session's state throws `LocalActionRefused`; nothing
 *   is written and nothing is delivered.
 *
 * How the row's columns hold Stripe's state (no column was added for the test provider):
 * - `status` / `payment_status`: the Checkout Session's.
 * - `method`: what the buyer chose (card, pix, boleto).
 * - `after_payment`: what happened to the PaymentIntent that status and payment_status do
 *   not say: `declined:<decline_code>` on an open session after a declined card,
 *   `transfer_expired` on a complete unpaid session whose Pix or boleto was not paid, and
 *   after a payment `refunded`, `disputed`, `dispute_won` or `dispute_lost`.
 */

/**
 * The signing secret of the local provider's events. Development and tests only: it is
 * public, so production requires Stripe's keys (worker/env.ts) and never verifies with it.
 */
export const localWebhookSecret = "whsec_local_test_provider";

/** Where the buyer acts on a local checkout (worker/dev/pay.ts). */
export const localPayPath = "/_dev/pay";

/** Buyers whose e-mail is at this domain find the provider unreachable (development only). */
export const unreachableProviderDomain = "provider-unreachable.test";

export type LocalSession = typeof localCheckoutSessions.$inferSelect;

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

export type TransferMethod = "pix" | "boleto";

export type LocalRefusal =
  | "not_found"
  | "not_open"
  | "checkout_expired"
  | "not_brl"
  | "not_awaiting_transfer"
  | "not_paid"
  | "already_after_payment"
  | "not_disputed";

const refusalMessages: Record<LocalRefusal, string> = {
  not_found: "No local checkout has this id.",
  not_open: "This checkout is no longer open: it was paid, left pending or expired.",
  checkout_expired: "This checkout's time is over; it can only expire.",
  not_brl: "Pix and boleto exist only for payments in reais (BRL).",
  not_awaiting_transfer: "No Pix or boleto is waiting to be paid on this checkout.",
  not_paid: "Nothing was paid on this checkout.",
  already_after_payment: "This payment was already refunded or disputed.",
  not_disputed: "This payment has no open dispute.",
};

/** A buyer action that does not fit the session's state (the page answers 409). */
export class LocalActionRefused extends Error {
  override readonly name = "LocalActionRefused";
  constructor(readonly reason: LocalRefusal) {
    super(refusalMessages[reason]);
  }
}

/** Receives one signed event; `receiveWebhook` unless a test hands in its own. */
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

// --- ids and times ---

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Stripe-like random suffix: 24 alphanumerics (about 143 bits). */
function randomSuffix(length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 % 62 leaves a slight bias; irrelevant for test ids.
  return Array.from(bytes, (byte) => idAlphabet[byte % idAlphabet.length]).join("");
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The charge and dispute of a session's PaymentIntent share its suffix, so they are stable. */
function relatedId(prefix: "ch" | "dp", paymentIntentId: string): string {
  return `${prefix}_${paymentIntentId.slice("pi_".length)}`;
}

const stripeLocale: Record<Locale, Stripe.Checkout.Session.Locale> = {
  en: "en",
  "pt-br": "pt-BR",
};

// --- Stripe objects from a row ---

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
  } satisfies Partial<Stripe.PaymentIntent> as unknown as Stripe.PaymentIntent;
}

/**
 * The row as a Checkout Session. Events carry the PaymentIntent's id, as Stripe's do;
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

function localCharge(session: LocalSession, refunded: boolean): Stripe.Charge {
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
function localDispute(session: LocalSession, status: Stripe.Dispute.Status): Stripe.Dispute {
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

// --- delivery ---

/**
 * Serialises, signs and hands one event to the webhook handler in-process, as Stripe would
 * over HTTP (same verification, same fulfilment). A refusal is answered, not thrown: the
 * provider's state has already moved, as Stripe's would, and Stripe would retry later.
 */
export async function deliverLocalEvent(
  env: Env,
  event: Stripe.Event,
  receive: WebhookReceiver = receiveWebhook,
): Promise<WebhookAnswer> {
  const rawBody = JSON.stringify(event);
  const signature = await signStripePayload(rawBody, localWebhookSecret);
  return receive(env, rawBody, signature);
}

// --- the rows ---

export async function findLocalSession(env: Env, sessionId: string): Promise<LocalSession | null> {
  const [row] = await database(env.DB)
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

async function requireSession(env: Env, sessionId: string): Promise<LocalSession> {
  const session = await findLocalSession(env, sessionId);
  if (!session) throw new LocalActionRefused("not_found");
  return session;
}

/** Whether an open session's time is over (Stripe would expire it; here the buyer must). */
export function isPastExpiry(session: LocalSession, now = Date.now()): boolean {
  return session.status === "open" && session.expiresAt <= now;
}

/**
 * Moves a session from the state `from` to `changes`, or refuses with `refusal` when
 * another action got there first.
 */
async function transition(
  env: Env,
  session: LocalSession,
  from: SQL | undefined,
  changes: Partial<Pick<LocalSession, "status" | "paymentStatus" | "method" | "afterPayment">>,
  refusal: LocalRefusal,
): Promise<LocalSession> {
  const [updated] = await database(env.DB)
    .update(localCheckoutSessions)
    .set(changes)
    .where(and(eq(localCheckoutSessions.id, session.id), from))
    .returning();
  if (!updated) throw new LocalActionRefused(refusal);
  return updated;
}

async function completeAction(
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

const { status, paymentStatus, method, afterPayment } = localCheckoutSessions;
const isOpen = eq(status, "open");
const awaitingTransfer = and(
  eq(status, "complete"),
  eq(paymentStatus, "unpaid"),
  sql`${method} in ('pix', 'boleto')`,
  sql`${afterPayment} is null`,
);
const paidUntouched = and(eq(paymentStatus, "paid"), sql`${afterPayment} is null`);

function requireOpen(session: LocalSession): void {
  if (session.status !== "open") throw new LocalActionRefused("not_open");
  if (isPastExpiry(session)) throw new LocalActionRefused("checkout_expired");
}

// --- buyer actions ---

type SessionChanges = Partial<
  Pick<LocalSession, "status" | "paymentStatus" | "method" | "afterPayment">
>;

/** One buyer action: what it needs, the change it makes, and the event Stripe would send. */
interface Action {
  /** Refuses an action that does not fit the session (before any write). */
  check?(session: LocalSession): void;
  /** The state the session must still be in when it is written. */
  from: SQL | undefined;
  changes: SessionChanges;
  /** The refusal when another action got there first. */
  refusal: LocalRefusal;
  event(session: LocalSession): Stripe.Event;
}

async function act(
  env: Env,
  sessionId: string,
  action: Action,
  receive: WebhookReceiver,
): Promise<LocalActionResult> {
  const session = await requireSession(env, sessionId);
  action.check?.(session);
  const changed = await transition(env, session, action.from, action.changes, action.refusal);
  return completeAction(env, changed, [action.event(changed)], receive);
}

const requirePaid = (session: LocalSession) => {
  if (session.paymentStatus !== "paid") throw new LocalActionRefused("not_paid");
};

/** The card is approved: `checkout.session.completed`, paid. */
export function payByCard(env: Env, sessionId: string, receive = receiveWebhook) {
  return act(
    env,
    sessionId,
    {
      check: requireOpen,
      from: isOpen,
      changes: { status: "complete", paymentStatus: "paid", method: "card", afterPayment: null },
      refusal: "not_open",
      event: (s) => localEvent("checkout.session.completed", localCheckoutSession(s)),
    },
    receive,
  );
}

/**
 * The card is declined: the session stays open (the buyer may try again) and
 * `payment_intent.payment_failed` carries the decline code.
 */
export function declineCard(
  env: Env,
  sessionId: string,
  declineCode: string,
  receive = receiveWebhook,
) {
  return act(
    env,
    sessionId,
    {
      check: requireOpen,
      from: isOpen,
      changes: { method: "card", afterPayment: `declined:${declineCode}` },
      refusal: "not_open",
      event: (s) => localEvent("payment_intent.payment_failed", localPaymentIntent(s)),
    },
    receive,
  );
}

/**
 * A Pix code or boleto is issued: the session completes unpaid
 * (`checkout.session.completed`, payment_status unpaid) and waits for the transfer.
 */
export function issueTransfer(
  env: Env,
  sessionId: string,
  transfer: TransferMethod,
  receive = receiveWebhook,
) {
  return act(
    env,
    sessionId,
    {
      check: (session) => {
        requireOpen(session);
        if (session.currency !== "BRL") throw new LocalActionRefused("not_brl");
      },
      from: isOpen,
      changes: {
        status: "complete",
        paymentStatus: "unpaid",
        method: transfer,
        afterPayment: null,
      },
      refusal: "not_open",
      event: (s) => localEvent("checkout.session.completed", localCheckoutSession(s)),
    },
    receive,
  );
}

/** The Pix or boleto is paid: `checkout.session.async_payment_succeeded`. */
export function settleTransfer(env: Env, sessionId: string, receive = receiveWebhook) {
  return act(
    env,
    sessionId,
    {
      from: awaitingTransfer,
      changes: { paymentStatus: "paid" },
      refusal: "not_awaiting_transfer",
      event: (s) => localEvent("checkout.session.async_payment_succeeded", localCheckoutSession(s)),
    },
    receive,
  );
}

/** The Pix or boleto was not paid in time: `checkout.session.async_payment_failed`. */
export function expireTransfer(env: Env, sessionId: string, receive = receiveWebhook) {
  return act(
    env,
    sessionId,
    {
      from: awaitingTransfer,
      changes: { afterPayment: "transfer_expired" },
      refusal: "not_awaiting_transfer",
      event: (s) => localEvent("checkout.session.async_payment_failed", localCheckoutSession(s)),
    },
    receive,
  );
}

/**
 * An open session expires (`checkout.session.expired`). A session that is no longer open
 * is left as it is and nothing is delivered, as Stripe's expire answers a completed one.
 */
export async function expireSession(
  env: Env,
  sessionId: string,
  receive: WebhookReceiver = receiveWebhook,
): Promise<LocalActionResult> {
  const session = await requireSession(env, sessionId);
  if (session.status !== "open") return completeAction(env, session, [], receive);
  const [expired] = await database(env.DB)
    .update(localCheckoutSessions)
    .set({ status: "expired" })
    .where(and(eq(localCheckoutSessions.id, session.id), isOpen))
    .returning();
  // Paid or expired by a concurrent action: answer what it is now.
  if (!expired) return completeAction(env, await requireSession(env, sessionId), [], receive);
  return completeAction(
    env,
    expired,
    [localEvent("checkout.session.expired", localCheckoutSession(expired))],
    receive,
  );
}

/** The whole payment is refunded: `charge.refunded`. */
export function refund(env: Env, sessionId: string, receive = receiveWebhook) {
  return act(
    env,
    sessionId,
    {
      check: requirePaid,
      from: paidUntouched,
      changes: { afterPayment: "refunded" },
      refusal: "already_after_payment",
      event: (s) => localEvent("charge.refunded", localCharge(s, true)),
    },
    receive,
  );
}

/** The buyer's bank disputes the payment: `charge.dispute.created`. */
export function openDispute(env: Env, sessionId: string, receive = receiveWebhook) {
  return act(
    env,
    sessionId,
    {
      check: requirePaid,
      from: paidUntouched,
      changes: { afterPayment: "disputed" },
      refusal: "already_after_payment",
      event: (s) => localEvent("charge.dispute.created", localDispute(s, "needs_response")),
    },
    receive,
  );
}

/** The dispute is decided: `charge.dispute.closed`, won or lost. */
export function closeDispute(
  env: Env,
  sessionId: string,
  outcome: "won" | "lost",
  receive = receiveWebhook,
) {
  return act(
    env,
    sessionId,
    {
      from: eq(afterPayment, "disputed"),
      changes: { afterPayment: outcome === "won" ? "dispute_won" : "dispute_lost" },
      refusal: "not_disputed",
      event: (s) => localEvent("charge.dispute.closed", localDispute(s, outcome)),
    },
    receive,
  );
}

// --- the port ---

export function createLocalProvider(env: Env): PaymentProvider {
  return {
    name: "test",

    async createCheckout(request: CheckoutRequest) {
      // Like a provider's magic test values: a buyer at this domain meets a provider that
      // cannot be reached, so the failure path can be seen (and tested) locally.
      if (request.customerEmail.endsWith(`@${unreachableProviderDomain}`)) {
        throw new ProviderUnavailableError("the local test provider plays unreachable");
      }
      const origin = new URL(request.successUrl).origin;
      const id = `cs_test_local_${randomSuffix()}`;
      const paymentIntentId = `pi_test_local_${randomSuffix()}`;
      // One statement, so a retried or concurrent create for the same order cannot insert twice.
      await env.DB.prepare(
        `insert into local_checkout_sessions
          (id, payment_intent_id, order_id, status, payment_status, method, after_payment,
           currency, amount_cents, locale, success_url, cancel_url, expires_at, created_at)
         select ?, ?, ?, 'open', 'unpaid', null, null, ?, ?, ?, ?, ?, ?, ?
         where not exists (select 1 from local_checkout_sessions where order_id = ?)`,
      )
        .bind(
          id,
          paymentIntentId,
          request.orderId,
          request.currency,
          request.totalCents,
          request.locale,
          request.successUrl,
          request.cancelUrl,
          request.expiresAt,
          Date.now(),
          request.orderId,
        )
        .run();
      const [session] = await database(env.DB)
        .select({ id: localCheckoutSessions.id })
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.orderId, request.orderId))
        .limit(1);
      if (!session) throw new Error(`local checkout for order ${request.orderId} was not stored`);
      return { sessionId: session.id, url: `${origin}${localPayPath}/${session.id}` };
    },

    async readCheckout(sessionId: string) {
      const session = await requireSession(env, sessionId);
      return sessionTruth(localCheckoutSession(session, true));
    },

    async expireCheckout(sessionId: string) {
      return (await expireSession(env, sessionId)).truth;
    },

    async orderOfPayment(paymentIntentId: string) {
      const [row] = await database(env.DB)
        .select({ orderId: localCheckoutSessions.orderId })
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.paymentIntentId, paymentIntentId))
        .limit(1);
      return row?.orderId ?? null;
    },

    verifyWebhook(rawBody: string, signature: string | null) {
      return verifyStripeWebhook(rawBody, signature, localWebhookSecret);
    },
  };
}
