import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ebookSlugs } from "../../core/ebooks/catalogue";
import type { ReportBody } from "../../core/report/api";
import { sectionIds } from "../../core/report/shape";
import { Client } from "../../tests/worker/client";
import {
  buyer,
  chargeObject,
  completedPaid,
  deliver,
  finishedAttempt,
  providerPayment,
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
  const payment = await providerPayment(body.paymentId, attemptId);
  await deliver(completedPaid(payment));
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
  it("SECURITY 15: 402 before payment; the whole report in English and Portuguese once approved, with the two coupons", async () => {
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

/** The PDF answer's bytes, parsed: its pages and the title it names. */
async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="[a-z0-9-]+\.pdf"$/,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  const doc = await PDFDocument.load(bytes);
  return { pages: doc.getPageCount(), title: doc.getTitle() ?? "", bytes: bytes.length };
}

describe("the report's PDF and the four e-books", () => {
  it("402 before payment; the buyer downloads the report and every e-book in both languages, then 402 after a refund", async () => {
    const who = await buyer();
    const attemptId = await finishedAttempt(who.userId);
    const file = (path: string) => who.client.fetch(`/api/tests/${attemptId}/${path}`);

    for (const path of ["report.pdf", "ebooks/memory.pdf", "ebooks/study.pdf?lang=pt-br"]) {
      const refused = await file(path);
      expect(refused.status).toBe(402);
      expect(refused.headers.get("Content-Type")).toContain("application/json");
      expect(await refused.json()).toMatchObject({ code: "paymentRequired" });
    }

    const { response, body } = await startCheckout(who.client, attemptId);
    expect(response.status).toBe(201);
    const pending = await file("report.pdf");
    expect(pending.status).toBe(402);
    expect(await pending.json()).toMatchObject({ code: "paymentRequired" });

    const payment = await providerPayment(body.paymentId, attemptId);
    await deliver(completedPaid(payment));

    const en = await pdfOf(await file("report.pdf?lang=en&tz=America/Sao_Paulo"));
    expect(en.pages).toBeGreaterThanOrEqual(5);
    expect(en.title).toMatch(/^Your IQ report: /);
    const pt = await file("report.pdf?lang=pt-br");
    expect(pt.headers.get("Content-Disposition")).toContain("relatorio");
    expect((await pdfOf(pt)).title).toMatch(/^Seu relatório de QI: /);
    // A second download is the kept PDF, not a new one.
    const again = await file("report.pdf?lang=en&tz=America/Sao_Paulo");
    expect(again.headers.get("X-Pdf-Cache")).toBe("hit");
    expect((await pdfOf(again)).bytes).toBe(en.bytes);

    const titles = new Set<string>();
    for (const slug of ebookSlugs) {
      for (const lang of ["en", "pt-br"]) {
        const book = await pdfOf(await file(`ebooks/${slug}.pdf?lang=${lang}`));
        expect(book.pages, `${slug} ${lang}`).toBeGreaterThanOrEqual(8);
        expect(book.title.length).toBeGreaterThan(10);
        titles.add(book.title);
      }
    }
    expect(titles.size).toBe(8);

    await deliver(stripeEvent("charge.refunded", chargeObject(payment)));
    for (const path of ["report.pdf", "ebooks/logic.pdf"]) {
      const refunded = await file(path);
      expect(refunded.status).toBe(402);
      expect(await refunded.json()).toMatchObject({ code: "paymentRequired" });
    }
  }, 60_000);

  it("SECURITY 14: 404 for another user's files and for a book that does not exist; 401 when signed out", async () => {
    const { attemptId, client } = await paidBuyer();
    expect((await client.fetch(`/api/tests/${attemptId}/ebooks/focus.pdf`)).status).toBe(200);
    const stranger = await buyer();
    for (const path of ["report.pdf", "ebooks/focus.pdf"]) {
      const response = await stranger.client.fetch(`/api/tests/${attemptId}/${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).not.toContain("pdf");
    }
    for (const path of [
      "ebooks/poetry.pdf",
      "ebooks/focus",
      "ebooks/FOCUS.pdf",
      "ebooks/..%2Freport.pdf",
    ]) {
      expect((await client.fetch(`/api/tests/${attemptId}/${path}`)).status, path).toBe(404);
    }
    const anonymous = await new Client().fetch(`/api/tests/${attemptId}/report.pdf`);
    expect(anonymous.status).toBe(401);
  });
});
