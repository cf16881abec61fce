import { describe, expect, it } from "vitest";
import { locales } from "../locales/locales";
import {
  canBuyReport,
  isPaymentStatus,
  type PaymentStatus,
  paymentStatuses,
  paymentStatusLabel,
  paymentStatusTone,
  reportAwaitsPayment,
  reportUnlocked,
} from "./payments";

/** Spec section 4, with the label each language shows (null: never bought). */
const labels: [PaymentStatus | null, string, string][] = [
  [null, "Report not purchased", "Relatório não adquirido"],
  ["awaiting", "Awaiting payment", "Aguardando pagamento"],
  ["pending", "Payment pending", "Pagamento pendente"],
  ["in_process", "Payment under review", "Pagamento em análise"],
  ["in_mediation", "In dispute", "Em mediação"],
  ["approved", "Approved", "Aprovado"],
  ["authorized", "Authorized", "Autorizado"],
  ["charged_back", "Charged back", "Contestado no cartão"],
  ["refunded", "Refunded", "Estornado"],
  ["cancelled", "Canceled", "Cancelado"],
  ["rejected", "Payment declined", "Pagamento recusado"],
  ["failure", "Payment failed", "Falha no pagamento"],
];

describe("payment statuses", () => {
  it("are the eleven values of the spec, each with a label", () => {
    expect([...paymentStatuses].sort()).toEqual(
      labels.flatMap(([status]) => (status ? [status] : [])).sort(),
    );
    expect(paymentStatuses).toHaveLength(11);
  });

  it.each(labels)("%s reads '%s' and '%s'", (status, en, pt) => {
    expect(paymentStatusLabel(status, "en")).toBe(en);
    expect(paymentStatusLabel(status, "pt-br")).toBe(pt);
  });

  it.each(locales)("has a distinct, non-empty label for each status in %s", (locale) => {
    const texts = labels.map(([status]) => paymentStatusLabel(status, locale));
    for (const text of texts) {
      expect(text.trim()).not.toBe("");
      // A missing message would come back as its key.
      expect(text).not.toMatch(/^payment_status_/);
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("recognises only the spec's values", () => {
    for (const status of paymentStatuses) expect(isPaymentStatus(status)).toBe(true);
    for (const value of ["paid", "APPROVED", "", null, 1])
      expect(isPaymentStatus(value)).toBe(false);
  });

  it("unlocks the report only when approved, and offers it again after a failed attempt", () => {
    expect(paymentStatuses.filter(reportUnlocked)).toEqual(["approved"]);
    expect(reportUnlocked(null)).toBe(false);
    expect(canBuyReport(null)).toBe(true);
    expect(paymentStatuses.filter(canBuyReport)).toEqual(["cancelled", "rejected", "failure"]);
  });

  it("keeps the report waiting while a payment is on its way, not before anything was heard", () => {
    expect(paymentStatuses.filter(reportAwaitsPayment)).toEqual([
      "pending",
      "in_process",
      "in_mediation",
      "authorized",
    ]);
    expect(reportAwaitsPayment(null)).toBe(false);
  });

  it("colours paid, waiting and failed payments apart", () => {
    expect(paymentStatusTone(null)).toBe("neutral");
    expect(paymentStatusTone("approved")).toBe("success");
    expect(paymentStatusTone("pending")).toBe("warning");
    expect(paymentStatusTone("failure")).toBe("danger");
    expect(paymentStatusTone("refunded")).toBe("neutral");
  });
});
