import { describe, expect, it } from "vitest";
import type { ReportBody } from "../../core/report/api";
import { sectionIds } from "../../core/report/shape";
import {
  buyer,
  chargeObject,
  deliver,
  finishedAttempt,
  paymentRow,
  sessionObject,
  startCheckout,
  stripeEvent,
} from "../../tests/worker/payments";

/** A buyer whose checkout the provider has just reported paid. */
async function paidBuyer() {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const report = (language: "en" | "pt-br" = "en") =>
    who.client.fetch(`/api/tests/${attemptId}/report`, {
      headers: language === "pt-br" ? { i18n: "pt-br" } : {},
    });
  const before = await report();
  const { response, body } = await startCheckout(who.client, attemptId);
  expect(response.status).toBe(201);
  const row = await paymentRow(body.paymentId);
  const payment = { id: body.paymentId, sessionId: row?.provider_session_id as string, attemptId };
  await deliver(
    stripeEvent(
      "checkout.session.completed",
      sessionObject(payment, { status: "complete", payment_status: "paid" }),
    ),
  );
  return { ...who, attemptId, payment, before, report };
}

/** Every text a rendered block carries, to check none is empty. */
function textsOf(body: ReportBody): string[] {
  return body.report.sections.flatMap((section) => [
    section.title,
    ...section.blocks.flatMap((block): string[] => {
      if (block.kind === "list") return block.items;
      if (block.kind === "figures") return block.items.flatMap((item) => [item.label, item.value]);
      if (block.kind === "scores") return block.rows.flatMap((row) => [row.name, row.text]);
      return [block.text];
    }),
  ]);
}

describe("GET /api/tests/{id}/report", () => {
  it("402 before payment; the whole report in English and Portuguese once approved, with the two coupons", async () => {
    const { attemptId, before, report } = await paidBuyer();
    expect(before.status).toBe(402);
    expect(await before.json()).toMatchObject({ code: "paymentRequired" });

    const en = await report();
    expect(en.status).toBe(200);
    expect(en.headers.get("Cache-Control")).toContain("no-store");
    const body = (await en.json()) as ReportBody;
    expect(body).toMatchObject({ attemptId, status: "ready" });
    expect(body.report.sections.map((section) => section.id)).toEqual([...sectionIds]);
    for (const text of textsOf(body)) expect(text.trim()).not.toBe("");
    expect(body.report.sections[0]?.title).toMatch(/report/i);
    expect(JSON.stringify(body.report)).toContain("112");

    expect(body.coupons.map((coupon) => coupon.audience)).toEqual(["buyer", "friend"]);
    for (const coupon of body.coupons) {
      expect(coupon.code).toMatch(/\S{6,}/);
      expect(coupon.percent).toBe(20);
    }

    const pt = (await (await report("pt-br")).json()) as ReportBody;
    expect(pt.report.sections.map((section) => section.id)).toEqual([...sectionIds]);
    for (const text of textsOf(pt)) expect(text.trim()).not.toBe("");
    expect(pt.report.sections[0]?.title).not.toBe(body.report.sections[0]?.title);
    expect(pt.report.sections[0]?.title).toMatch(/relatório/i);
    expect(pt.coupons).toEqual(body.coupons);
  });

  it("closes again (402) after a refund, and is a 404 for another user", async () => {
    const { attemptId, payment, report } = await paidBuyer();
    expect((await report()).status).toBe(200);
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/tests/${attemptId}/report`)).status).toBe(404);

    await deliver(stripeEvent("charge.refunded", chargeObject(payment)));
    const refunded = await report();
    expect(refunded.status).toBe(402);
    expect(await refunded.json()).toMatchObject({ code: "paymentRequired" });
  });
});
