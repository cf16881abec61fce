/**
 * What a buyer sees of a payment, in the product's own words: the status labels and
 * explanations of messages/en.json, the result page of core/payments/payment-machine.ts,
 * and the report's rule (only an approved governing payment unlocks it, SECURITY.md 15).
 * core/payments/payments.ts and payment-text.ts import the compiled messages, which node
 * cannot load from a script, so their few lines are mirrored here; support.test.ts checks
 * every status and detail against them.
 */
import { readFileSync } from "node:fs";
import {
  isPaymentStatusDetail,
  type PaymentResult,
  paymentResult,
  settledStatuses,
} from "../../core/payments/payment-machine.ts";
import type { PaymentStatus } from "../../core/payments/payments.ts";

const english = JSON.parse(
  readFileSync(new URL("../../messages/en.json", import.meta.url), "utf8"),
) as Record<string, string>;

/** The label the buyer reads on 'My IQ tests' ("Approved", "Payment pending"...). */
export function statusLabel(status: string): string {
  return english[`payment_status_${status}`] ?? `unknown status '${status}'`;
}

/** payment-text.ts `paymentExplanation` in English: the detail first, then the status. */
export function explanation(status: string, detail: string | null): string | null {
  if (
    isPaymentStatusDetail(detail) &&
    detail !== "waiting_webhook_message" &&
    detail !== "accredited"
  ) {
    const key =
      detail.startsWith("pending_") && detail !== "pending_waiting_transfer"
        ? "pending_review"
        : detail;
    return english[`payment_detail_${key}`] ?? null;
  }
  const statusKeys: Partial<Record<string, string>> = {
    authorized: "authorized",
    in_mediation: "in_mediation",
    refunded: "refunded",
    charged_back: "charged_back",
    failure: "failure",
    rejected: "cc_rejected_other_reason",
  };
  const key = statusKeys[status];
  return key ? (english[`payment_detail_${key}`] ?? null) : null;
}

/** The result page (`/payments/{result}/{id}`) the buyer is sent to, or null while waiting. */
export function resultPage(status: string, detail: string | null): PaymentResult | null {
  // A status the machine does not know falls through its switch: no page.
  const state = {
    status: status as PaymentStatus,
    statusDetail: isPaymentStatusDetail(detail) ? detail : null,
  };
  return paymentResult(state) ?? null;
}

/** store.ts `governingPayment`: the newest settled payment, else the newest of all. */
export function governing<T extends { status: string }>(newestFirst: T[]): T | null {
  return (
    newestFirst.find((p) => (settledStatuses as readonly string[]).includes(p.status)) ??
    newestFirst[0] ??
    null
  );
}

/** payments.ts `reportUnlocked`, `reportAwaitsPayment` and `canBuyReport` in one answer. */
export type ReportAccess = "unlocked" | "awaitsPayment" | "buyable" | "locked";

export function reportAccess(status: string | null): ReportAccess {
  if (status === "approved") return "unlocked";
  if (
    status === "pending" ||
    status === "in_process" ||
    status === "authorized" ||
    status === "in_mediation"
  ) {
    return "awaitsPayment";
  }
  if (status === null || status === "rejected" || status === "failure" || status === "cancelled") {
    return "buyable";
  }
  return "locked";
}

/**
 * One line on the report of an attempt, from its payments (newest first): "report unlocked"
 * or why not, with the governing payment's label and explanation.
 */
export function reportLine(
  newestFirst: { id: string; status: string; statusDetail: string | null }[],
): string {
  const payment = governing(newestFirst);
  if (!payment) return "report not purchased (no payment)";
  const access = reportAccess(payment.status);
  if (access === "unlocked") return `report unlocked (payment ${payment.id})`;
  const words = [statusLabel(payment.status), explanation(payment.status, payment.statusDetail)]
    .filter(Boolean)
    .join(": ");
  const why =
    access === "awaitsPayment"
      ? "locked until the payment is settled; the report page says the payment is pending"
      : access === "buyable"
        ? "locked; the buyer may buy it again"
        : payment.status === "awaiting"
          ? "locked; nothing heard from the payment provider yet"
          : "locked, and not offered for sale again";
  return `report ${why} (payment ${payment.id}, "${words}")`;
}
