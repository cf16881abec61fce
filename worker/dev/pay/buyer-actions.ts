import type Stripe from "stripe";
import { boletoExpiresAfterDays, pixExpiresAfterSeconds } from "../../payments/stripe";
import {
  completeAction,
  type LocalActionResult,
  receiveLocally,
  type WebhookReceiver,
} from "./delivery";
import type { LocalRefusal } from "./refusals";
import {
  isPastExpiry,
  LocalActionRefused,
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
  localFailedRefund,
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

/** Runs `action` for one session, as the page and the tests call a buyer action. */
function buyerAction(action: Action) {
  return (env: Env, sessionId: string, receive: WebhookReceiver = receiveLocally) =>
    act(env, sessionId, action, receive);
}

/** The same, for an action that takes the buyer's choice (a decline code, a method). */
function buyerActionWith<Choice>(action: (choice: Choice) => Action) {
  return (env: Env, sessionId: string, choice: Choice, receive: WebhookReceiver = receiveLocally) =>
    act(env, sessionId, action(choice), receive);
}

/** What the buyer can do while the checkout is open. */
const whileOpen = { check: requireOpen, from: isOpen, refusal: "not_open" } as const;
/** What happens to a Pix or boleto that waits for its transfer. */
const whileAwaitingTransfer = { from: awaitingTransfer, refusal: "not_awaiting_transfer" } as const;
/** What can happen once to a paid payment. */
const oncePaid = {
  check: requirePaid,
  from: paidUntouched,
  refusal: "already_after_payment",
} as const;

/** The card is approved: `checkout.session.completed`, paid. */
export const payByCard = buyerAction({
  ...whileOpen,
  changes: { status: "complete", paymentStatus: "paid", method: "card", afterPayment: null },
  event: (s) => localEvent("checkout.session.completed", localCheckoutSession(s)),
});

/**
 * The card is declined: the session stays open (the buyer may try again) and
 * `payment_intent.payment_failed` carries the decline code.
 */
export const declineCard = buyerActionWith(
  (declineCode: string): Action => ({
    ...whileOpen,
    changes: { method: "card", afterPayment: `declined:${declineCode}` },
    event: (s) => localEvent("payment_intent.payment_failed", localPaymentIntent(s)),
  }),
);

/**
 * A Pix code or boleto is issued: the session completes unpaid
 * (`checkout.session.completed`, payment_status unpaid) and waits for the transfer.
 */
export const issueTransfer = buyerActionWith(
  (transfer: TransferMethod): Action => ({
    ...whileOpen,
    check: (session) => {
      requireOpen(session);
      if (session.currency !== "BRL") throw new LocalActionRefused("not_brl");
    },
    changes: {
      status: "complete",
      paymentStatus: "unpaid",
      method: transfer,
      afterPayment: null,
      transferExpiresAt: transferExpiry(transfer, Date.now()),
    },
    event: (s) => localEvent("checkout.session.completed", localCheckoutSession(s)),
  }),
);

/** São Paulo's offset from UTC (no daylight saving since 2019). */
const saoPauloOffsetMs = -3 * 60 * 60 * 1000;

/**
 * When an issued transfer stops being payable, as Stripe sets it from our checkout's
 * options (worker/payments/stripe.ts): a Pix code `pixExpiresAfterSeconds` after it is
 * issued, a boleto at 23:59:59 São Paulo time on its last calendar day.
 */
export function transferExpiry(transfer: TransferMethod, now: number): number {
  if (transfer === "pix") return now + pixExpiresAfterSeconds * 1000;
  const local = new Date(now + saoPauloOffsetMs);
  const lastDay = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + boletoExpiresAfterDays,
    23,
    59,
    59,
  );
  return lastDay - saoPauloOffsetMs;
}

/** The Pix or boleto is paid: `checkout.session.async_payment_succeeded`. */
export const settleTransfer = buyerAction({
  ...whileAwaitingTransfer,
  changes: { paymentStatus: "paid" },
  event: (s) => localEvent("checkout.session.async_payment_succeeded", localCheckoutSession(s)),
});

/** The Pix or boleto was not paid in time: `checkout.session.async_payment_failed`. */
export const expireTransfer = buyerAction({
  ...whileAwaitingTransfer,
  changes: { afterPayment: "transfer_expired" },
  event: (s) => localEvent("checkout.session.async_payment_failed", localCheckoutSession(s)),
});

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
export const refund = buyerAction({
  ...oncePaid,
  changes: { afterPayment: "refunded" },
  event: (s) => localEvent("charge.refunded", localCharge(s, true)),
});

/**
 * The refund fails after the provider accepted it (the card was closed): `refund.failed`.
 * The money is back in the shop's balance; the shop must return it another way (ADR 0045).
 */
export const failRefund = buyerAction({
  check: requirePaid,
  from: (s) => s.afterPayment === "refunded",
  refusal: "not_refunded",
  changes: { afterPayment: "refund_failed" },
  event: (s) => localEvent("refund.failed", localFailedRefund(s)),
});

/** The buyer's bank disputes the payment: `charge.dispute.created`. */
export const openDispute = buyerAction({
  ...oncePaid,
  changes: { afterPayment: "disputed" },
  event: (s) => localEvent("charge.dispute.created", localDispute(s, "needs_response")),
});

/** The dispute is decided: `charge.dispute.closed`, won or lost. */
export const closeDispute = buyerActionWith(
  (outcome: "won" | "lost"): Action => ({
    from: disputed,
    changes: { afterPayment: outcome === "won" ? "dispute_won" : "dispute_lost" },
    refusal: "not_disputed",
    event: (s) => localEvent("charge.dispute.closed", localDispute(s, outcome)),
  }),
);
