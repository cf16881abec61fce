import { describe, expect, it } from "vitest";
import { paymentStatuses } from "../payments/payments";
import { type AttemptListRow, actionRules, actionsFor, formatTestDate } from "./attempts-list";

const id = "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const date = "2026-11-22T15:30:00.000Z";
type FinishedRow = Extract<AttemptListRow, { status: "finished" }>;
const finished = (paymentStatus: FinishedRow["paymentStatus"] = null): FinishedRow => ({
  id,
  date,
  status: "finished",
  iq: 112,
  iqLabel: "112",
  interval: { low: 104, high: 120 },
  paymentStatus,
});
const other = (status: "rejected" | "in_progress"): AttemptListRow => ({
  id,
  date,
  status,
  iq: null,
  iqLabel: null,
  interval: null,
  paymentStatus: null,
});

describe("the actions of a row", () => {
  it("offers the result and the certificate for a finished test, redo for a rejected one, continue for one in progress", () => {
    expect(actionsFor(finished("pending"))).toEqual(["result", "certificate"]);
    expect(actionsFor(other("rejected"))).toEqual(["redo"]);
    expect(actionsFor(other("in_progress"))).toEqual(["continue"]);
  });

  it("offers buying the report until a payment is on its way or settled, and seeing it once approved (spec section 4)", () => {
    expect(actionsFor(finished())).toEqual(["result", "certificate", "buyReport"]);
    expect(actionsFor(finished("approved"))).toEqual(["result", "certificate", "report"]);
    for (const status of ["rejected", "failure", "cancelled"] as const) {
      expect(actionsFor(finished(status))).toEqual(["result", "certificate", "buyReport"]);
    }
    for (const status of paymentStatuses) {
      const actions = actionsFor(finished(status));
      // Never both: a report is either bought or for sale.
      expect(actions.includes("report") && actions.includes("buyReport")).toBe(false);
    }
  });

  it("leads a payment on its way back to its pending page, and only such a payment", () => {
    const paymentId = "pay_0123";
    expect(actionsFor({ ...finished("pending"), pendingPaymentId: paymentId })).toEqual([
      "result",
      "certificate",
      "followPayment",
    ]);
    expect(actionRules.followPayment.appliesTo(finished("pending"))).toBe(false);
    expect(
      actionRules.followPayment.appliesTo({ ...finished("pending"), pendingPaymentId: null }),
    ).toBe(false);
  });

  it("has every action available now that the report and checkout exist", () => {
    expect(actionRules.report.available).toBe(true);
    expect(actionRules.buyReport.available).toBe(true);
  });

  it("decides already which rows those actions will apply to", () => {
    expect(actionRules.certificate.appliesTo(finished())).toBe(true);
    expect(actionRules.certificate.appliesTo(other("rejected"))).toBe(false);
    expect(actionRules.report.appliesTo(finished("approved"))).toBe(true);
    expect(actionRules.report.appliesTo(finished("pending"))).toBe(false);
    expect(actionRules.report.appliesTo(finished(null))).toBe(false);
    expect(actionRules.buyReport.appliesTo(finished(null))).toBe(true);
    expect(actionRules.buyReport.appliesTo(finished("rejected"))).toBe(true);
    expect(actionRules.buyReport.appliesTo(finished("approved"))).toBe(false);
    expect(actionRules.buyReport.appliesTo(finished("pending"))).toBe(false);
    expect(actionRules.buyReport.appliesTo(other("in_progress"))).toBe(false);
    expect(actionRules.result.appliesTo(other("rejected"))).toBe(false);
  });
});

describe("a row's date", () => {
  it.each([
    ["en", "UTC", "Nov 22, 2026"],
    ["pt-br", "UTC", "22 de nov. de 2026"],
    // Late in the evening in São Paulo is already the next day in UTC.
    ["pt-br", "America/Sao_Paulo", "21 de nov. de 2026"],
    ["en", "Not/AZone", "Nov 22, 2026"],
  ] as const)("in %s on %s reads %s", (locale, timeZone, text) => {
    const when = timeZone === "America/Sao_Paulo" ? "2026-11-22T01:30:00.000Z" : date;
    expect(formatTestDate(when, locale, timeZone)).toBe(text);
  });
});
