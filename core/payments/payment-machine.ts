import type { PaymentStatus } from "./payments";

/**
 * The payment state machine (issue 12, docs/decisions/0017-payments.md): what a provider
 * signal does to a payment. Pure: the webhook, the return page and the local test
 * provider all go through `advance`, so duplicates, replays and events out of order end
 * in the same state whatever the order they arrive in.
 */

/**
 * Statuses that mean money was received at some point (the purchase has happened). Here,
 * in a module with no runtime imports, so that node scripts (the fuzzer's model) read the
 * same list as the Worker.
 */
export const settledStatuses: readonly PaymentStatus[] = [
  "approved",
  "authorized",
  "in_mediation",
  "refunded",
  "charged_back",
];

/** Spec section 4, exactly. */
export const paymentStatusDetails = [
  "waiting_webhook_message",
  "accredited",
  "pending_contingency",
  "pending_review_manual",
  "pending_waiting_transfer",
  "cc_rejected_bad_filled_date",
  "cc_rejected_bad_filled_other",
  "cc_rejected_bad_filled_security_code",
  "cc_rejected_blacklist",
  "cc_rejected_call_for_authorize",
  "cc_rejected_card_disabled",
  "cc_rejected_duplicated_payment",
  "cc_rejected_high_risk",
  "cc_rejected_insufficient_amount",
  "cc_rejected_invalid_installments",
  "cc_rejected_max_attempts",
  "cc_rejected_other_reason",
  "coupon_claimed",
  "canceled_by_user",
] as const;

export type PaymentStatusDetail = (typeof paymentStatusDetails)[number];
export type RejectionDetail = Extract<PaymentStatusDetail, `cc_rejected_${string}`>;

export function isPaymentStatusDetail(value: unknown): value is PaymentStatusDetail {
  return typeof value === "string" && (paymentStatusDetails as readonly string[]).includes(value);
}

export interface PaymentState {
  status: PaymentStatus;
  statusDetail: PaymentStatusDetail | null;
}

/** What a provider can tell us about a payment, in the provider's neutral words. */
export type PaymentSignal =
  /** The buyer is back on our site and the provider has not told us anything yet. */
  | { kind: "buyer_returned" }
  /** The money is ours (card captured, Pix or boleto paid). */
  | { kind: "paid" }
  /** Authorised but not captured (not used with automatic capture; kept for other providers). */
  | { kind: "authorized" }
  /** A Pix code or a boleto was issued: waiting for the transfer. */
  | { kind: "awaiting_transfer" }
  /** The provider is still deciding (review, contingency). */
  | { kind: "processing"; manualReview: boolean }
  /** A card was declined; the provider's decline code, if any. */
  | { kind: "declined"; declineCode: string | null }
  /** The buyer cancelled on the payment page. */
  | { kind: "cancelled_by_buyer" }
  /** The checkout expired with nothing paid. */
  | { kind: "expired" }
  /** A Pix code or boleto was not paid in time (or its payment failed). */
  | { kind: "transfer_expired" }
  | { kind: "refunded" }
  | { kind: "dispute_opened" }
  | { kind: "dispute_won" }
  | { kind: "dispute_lost" }
  /** Creating the checkout failed: the provider could not be reached. */
  | { kind: "provider_unreachable" }
  /** The order's coupon was consumed by another order before this one could use it. */
  | { kind: "coupon_claimed" };

export type PaymentSignalKind = PaymentSignal["kind"];

/**
 * Card decline codes (Stripe's vocabulary, also the local test provider's) to the spec's
 * rejection details. Anything not listed is `cc_rejected_other_reason`.
 */
export const declineCodeDetails: Readonly<Record<string, RejectionDetail>> = {
  expired_card: "cc_rejected_bad_filled_date",
  invalid_expiry_month: "cc_rejected_bad_filled_date",
  invalid_expiry_year: "cc_rejected_bad_filled_date",
  incorrect_cvc: "cc_rejected_bad_filled_security_code",
  invalid_cvc: "cc_rejected_bad_filled_security_code",
  incorrect_number: "cc_rejected_bad_filled_other",
  invalid_number: "cc_rejected_bad_filled_other",
  incorrect_zip: "cc_rejected_bad_filled_other",
  lost_card: "cc_rejected_blacklist",
  stolen_card: "cc_rejected_blacklist",
  pickup_card: "cc_rejected_blacklist",
  merchant_blacklist: "cc_rejected_blacklist",
  call_issuer: "cc_rejected_call_for_authorize",
  authentication_required: "cc_rejected_call_for_authorize",
  restricted_card: "cc_rejected_card_disabled",
  card_not_supported: "cc_rejected_card_disabled",
  currency_not_supported: "cc_rejected_card_disabled",
  duplicate_transaction: "cc_rejected_duplicated_payment",
  fraudulent: "cc_rejected_high_risk",
  insufficient_funds: "cc_rejected_insufficient_amount",
  invalid_installments: "cc_rejected_invalid_installments",
  card_velocity_exceeded: "cc_rejected_max_attempts",
  pin_try_exceeded: "cc_rejected_max_attempts",
  withdrawal_count_limit_exceeded: "cc_rejected_max_attempts",
};

export function rejectionDetail(declineCode: string | null): RejectionDetail {
  if (declineCode !== null && Object.hasOwn(declineCodeDetails, declineCode)) {
    return declineCodeDetails[declineCode] as RejectionDetail;
  }
  return "cc_rejected_other_reason";
}

/** The state a signal asks for, before asking whether the current state allows it. */
export function mapSignal(signal: PaymentSignal): PaymentState {
  switch (signal.kind) {
    case "buyer_returned":
      return { status: "awaiting", statusDetail: "waiting_webhook_message" };
    case "paid":
    case "dispute_won":
      return { status: "approved", statusDetail: "accredited" };
    case "authorized":
      return { status: "authorized", statusDetail: null };
    case "awaiting_transfer":
      return { status: "pending", statusDetail: "pending_waiting_transfer" };
    case "processing":
      return {
        status: "in_process",
        statusDetail: signal.manualReview ? "pending_review_manual" : "pending_contingency",
      };
    case "declined":
      return { status: "rejected", statusDetail: rejectionDetail(signal.declineCode) };
    case "cancelled_by_buyer":
      return { status: "cancelled", statusDetail: "canceled_by_user" };
    case "expired":
    case "transfer_expired":
      return { status: "cancelled", statusDetail: null };
    case "refunded":
      return { status: "refunded", statusDetail: null };
    case "dispute_opened":
      return { status: "in_mediation", statusDetail: null };
    case "dispute_lost":
      return { status: "charged_back", statusDetail: null };
    case "provider_unreachable":
      return { status: "failure", statusDetail: null };
    case "coupon_claimed":
      return { status: "cancelled", statusDetail: "coupon_claimed" };
  }
}

/** Before any money: the order exists, the buyer may still pay, fail or give up. */
const open: readonly PaymentStatus[] = ["awaiting", "pending", "in_process", "rejected", "failure"];

/**
 * From which statuses each signal may move a payment. Status only moves forward: money
 * received beats every open or cancelled state (no paid order is lost, even one whose
 * checkout we thought cancelled), while refunds and disputes beat money received, and a
 * refund or a lost dispute is the end.
 */
const allowedFrom: Readonly<Record<PaymentSignalKind, readonly PaymentStatus[]>> = {
  buyer_returned: ["awaiting"],
  provider_unreachable: ["awaiting"],
  coupon_claimed: ["awaiting"],
  paid: [...open, "cancelled", "authorized"],
  authorized: open,
  awaiting_transfer: open,
  processing: open,
  declined: open,
  cancelled_by_buyer: open,
  expired: open,
  transfer_expired: open,
  refunded: [...open, "cancelled", "authorized", "approved", "in_mediation"],
  dispute_opened: [...open, "cancelled", "authorized", "approved"],
  dispute_won: ["in_mediation"],
  dispute_lost: [...open, "cancelled", "authorized", "approved", "in_mediation"],
};

/**
 * The state after a signal, or null when the signal changes nothing (a replay, a late
 * event, or one the current state has moved past).
 */
export function advance(current: PaymentState, signal: PaymentSignal): PaymentState | null {
  if (!allowedFrom[signal.kind].includes(current.status)) return null;
  // The buyer came back: only while nothing at all has been heard.
  if (signal.kind === "buyer_returned" && current.statusDetail !== null) return null;
  const next = mapSignal(signal);
  if (next.status === current.status && next.statusDetail === current.statusDetail) return null;
  return next;
}

/** The four payment result pages of spec section 2 (`/payments/{status}/{id}`). */
export type PaymentResult = "pending" | "failure" | "cancelled" | "success";

/**
 * Which result page a payment's state leads to, or null while the status page must keep
 * waiting (nothing heard yet). Pix and boleto wait for a transfer that may take a day:
 * that is the pending page, not a spinner.
 */
export function paymentResult(state: PaymentState): PaymentResult | null {
  switch (state.status) {
    case "awaiting":
      return null;
    case "approved":
      return "success";
    case "pending":
    case "in_process":
    case "authorized":
    case "in_mediation":
      return "pending";
    case "cancelled":
      return state.statusDetail === "coupon_claimed" ? "failure" : "cancelled";
    case "rejected":
    case "failure":
    case "refunded":
    case "charged_back":
      return "failure";
  }
}
