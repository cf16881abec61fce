import type { Locale } from "../locales/locales";
import type { Text } from "../locales/message-text";
import * as m from "../paraglide/messages";

/**
 * The payment provider's status values (spec section 4). The payments issue stores
 * them; until then a test has none (`null`: the report was never bought).
 */
export const paymentStatuses = [
  "awaiting",
  "pending",
  "in_process",
  "in_mediation",
  "approved",
  "authorized",
  "charged_back",
  "refunded",
  "cancelled",
  "rejected",
  "failure",
] as const;

export type PaymentStatus = (typeof paymentStatuses)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (paymentStatuses as readonly string[]).includes(value);
}

const statusLabels: Readonly<Record<PaymentStatus | "none", Text>> = {
  none: m.payment_status_none,
  awaiting: m.payment_status_awaiting,
  pending: m.payment_status_pending,
  in_process: m.payment_status_in_process,
  in_mediation: m.payment_status_in_mediation,
  approved: m.payment_status_approved,
  authorized: m.payment_status_authorized,
  charged_back: m.payment_status_charged_back,
  refunded: m.payment_status_refunded,
  cancelled: m.payment_status_cancelled,
  rejected: m.payment_status_rejected,
  failure: m.payment_status_failure,
};

/** The status shown to the user, in a language; null reads 'Report not purchased'. */
export function paymentStatusLabel(status: PaymentStatus | null, locale: Locale): string {
  return statusLabels[status ?? "none"]({}, { locale });
}

export type PaymentTone = "success" | "warning" | "danger" | "neutral";

/**
 * How a status is coloured: paid, waiting on the provider, or ended without a report.
 * Only `approved` unlocks the report (SECURITY.md 15); `authorized` is shown as good news
 * but the report waits for the capture.
 */
export function paymentStatusTone(status: PaymentStatus | null): PaymentTone {
  switch (status) {
    case "approved":
    case "authorized":
      return "success";
    case "awaiting":
    case "pending":
    case "in_process":
    case "in_mediation":
      return "warning";
    case "charged_back":
    case "cancelled":
    case "rejected":
    case "failure":
      return "danger";
    default:
      return "neutral";
  }
}

/** Only an approved payment unlocks the premium report (SECURITY.md 15). */
export function reportUnlocked(status: PaymentStatus | null): boolean {
  return status === "approved";
}

/**
 * A payment on its way to the report (pending, in process, authorized, in mediation): the
 * provider has not said no, so the report waits instead of being offered for sale.
 * `awaiting` is not one: nothing was heard yet, so the buyer may not have paid at all.
 */
export function reportAwaitsPayment(status: PaymentStatus | null): boolean {
  return (
    status === "pending" ||
    status === "in_process" ||
    status === "authorized" ||
    status === "in_mediation"
  );
}

/**
 * Whether the report can be bought (again): never bought, or the last payment was
 * rejected, failed or cancelled (spec section 4: those may be retried). A payment on its
 * way (awaiting, pending, in process, in mediation) or settled is not offered again.
 */
export function canBuyReport(status: PaymentStatus | null): boolean {
  return status === null || status === "rejected" || status === "failure" || status === "cancelled";
}
