import type Stripe from "stripe";
import {
  completeAction,
  type LocalActionResult,
  receiveLocally,
  type WebhookReceiver,
} from "./delivery";
import {
  isPastExpiry,
  LocalActionRefused,
  type LocalRefusal,
  type LocalSession,
  requireSession,
  type SessionChanges,
  type TransferMethod,
  transitionSession,
} from "./sessions";
import {
  localCharge,
  localCheckoutSession,
  localDispute,
  localEvent,
  localPaymentIntent,
} from "./stripe-objects";

/**
 * What the buyer does on the local pay page (docs/decisions/0017-payments.md), each as
 * Stripe would do it: the session is written first (Stripe's objects already say what the
 * webhook says), then the events Stripe would send are delivered. An action that does not
 * fit the session's state throws `LocalActionRefused`; nothing is written or delivered.
 */

/** One buyer action: what it needs, the change it makes, and the event Stripe would send. */
interface Action {
  /** Refuses an action that does not fit the session (before any write). */
  check?(session: LocalSession): void;
  /** The state the session must still be in when it is written. */
  from(session: LocalSession): boolean;
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
  const changed = await transitionSession(
    env,
    session.id,
    action.from,
    action.changes,
    action.refusal,
  );
  return completeAction(env, changed, [action.event(changed)], receive);
}

const isOpen = (s: LocalSession) => s.status === "open";
const awaitingTransfer = (s: LocalSession) =>
  s.status === "complete" &&
  s.paymentStatus === "unpaid" &&
  (s.method === "pix" || s.method === "boleto") &&
  s.afterPayment === null;
const paidUntouched = (s: LocalSession) => s.paymentStatus === "paid" && s.afterPayment === null;
const disputed = (s: LocalSession) => s.afterPayment === "disputed";

function requireOpen(session: LocalSession): void {
  if (session.status !== "open") throw new LocalActionRefused("not_open");
  if (isPastExpiry(session)) throw new LocalActionRefused("checkout_expired");
}

const requirePaid = (session: LocalSession) => {
  if (session.paymentStatus !== "paid") throw new LocalActionRefused("not_paid");
};

/** The card is approved: `checkout.session.completed`, paid. */
export function payByCard(env: Env, sessionId: string, receive = receiveLocally) {
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
  receive = receiveLocally,
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
  receive = receiveLocally,
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
export function settleTransfer(env: Env, sessionId: string, receive = receiveLocally) {
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
export function expireTransfer(env: Env, sessionId: string, receive = receiveLocally) {
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
  receive: WebhookReceiver = receiveLocally,
): Promise<LocalActionResult> {
  const session = await requireSession(env, sessionId);
  if (session.status !== "open") return completeAction(env, session, [], receive);
  let expired: LocalSession;
  try {
    expired = await transitionSession(env, session.id, isOpen, { status: "expired" }, "not_open");
  } catch (error) {
    if (!(error instanceof LocalActionRefused)) throw error;
    // Paid or expired by a concurrent action: answer what it is now.
    return completeAction(env, await requireSession(env, sessionId), [], receive);
  }
  return completeAction(
    env,
    expired,
    [localEvent("checkout.session.expired", localCheckoutSession(expired))],
    receive,
  );
}

/** The whole payment is refunded: `charge.refunded`. */
export function refund(env: Env, sessionId: string, receive = receiveLocally) {
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
export function openDispute(env: Env, sessionId: string, receive = receiveLocally) {
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
  receive = receiveLocally,
) {
  return act(
    env,
    sessionId,
    {
      from: disputed,
      changes: { afterPayment: outcome === "won" ? "dispute_won" : "dispute_lost" },
      refusal: "not_disputed",
      event: (s) => localEvent("charge.dispute.closed", localDispute(s, outcome)),
    },
    receive,
  );
}
