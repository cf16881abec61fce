import { Hono } from "hono";
import type { ProfiledUser } from "../../core/accounts/account";
import type { ScoredResult } from "../../core/attempts/attempt";
import { formatTestDate } from "../../core/attempts/attempts-list";
import { isEbookSlug } from "../../core/ebooks/catalogue";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { reportAwaitsPayment, reportUnlocked } from "../../core/payments/payments";
import { refundOffer } from "../../core/payments/refund";
import type { ReportBody, ReviewBody } from "../../core/report/api";
import { reportContent } from "../../core/report/content";
import { renderReport } from "../../core/report/render";
import type { AppContext, AppEnv } from "../app-env";
import { ownFinishedAttempt } from "../attempts/finished";
import { type AttemptRow, attemptStub } from "../attempts/lookup";
import { lettersOf, resultOf } from "../attempts/results";
import { listIssuedCoupons } from "../coupons";
import { parseForm } from "../forms/forms";
import { linkLocale, linkTimeZone, requestLocale } from "../http/request";
import { errorResponse, json, notFoundJson } from "../http/responses";
import { governingPayment, type PaymentRow, paymentsOfAttempt, stateOf } from "../payments/store";
import { cachedPdf, pdfCacheKey, reportPdfKind } from "../pdf/cache";
import { type ReviewPdfInput, reviewPdfInput } from "../pdf/review-input";

/**
 * What an approved purchase opens (spec sections 6 and 8, SECURITY.md 15): the premium
 * report (`GET /api/tests/{id}/report`, docs/decisions/0020-report-content.md), its PDF
 * (`/report.pdf`) and the four bonus e-books (`/ebooks/{slug}.pdf`,
 * docs/decisions/0021-pdfs.md), and the answer review (`/review`, issue 29.2: the buyer's own
 * items with their answers, keys and worked explanations). The owner only (404 for anyone
 * else); 402 until a payment
 * is approved and again after a refund or chargeback. PDFs are made on request and kept
 * in KV; no public URL serves them.
 */

interface Purchase {
  user: ProfiledUser;
  attempt: AttemptRow & { finishedAt: number };
  payment: PaymentRow;
}

/** The owner's approved purchase of this test, or the response that refuses it. */
async function approvedPurchase(c: AppContext, locale: Locale): Promise<Purchase | Response> {
  const owned = await ownFinishedAttempt(c, c.req.param("id") ?? "");
  if (owned instanceof Response) return owned;
  const governing = governingPayment(await paymentsOfAttempt(c.env, owned.attempt.id));
  const status = governing ? stateOf(governing).status : null;
  if (governing && reportUnlocked(status)) return { ...owned, payment: governing };
  const code = reportAwaitsPayment(status) ? "paymentPending" : "paymentRequired";
  return errorResponse(locale, 402, { code });
}

async function reportAccess(c: AppContext): Promise<Response> {
  const locale = requestLocale(c.req.raw);
  const purchase = await approvedPurchase(c, locale);
  if (purchase instanceof Response) return purchase;
  const scored = await resultOf(c.env, purchase.attempt, purchase.user);
  const body: ReportBody = {
    attemptId: purchase.attempt.id,
    status: "ready",
    report: renderReport(reportContent(scored), locale),
    coupons: await listIssuedCoupons(c.env, purchase.payment.id),
    refund: refundOffer(purchase.payment, Date.now()),
  };
  return json(body, 200);
}

/** The buyer's own items with their answers and worked explanations (issue 29.2). */
async function reviewAccess(c: AppContext): Promise<Response> {
  const locale = requestLocale(c.req.raw);
  const purchase = await approvedPurchase(c, locale);
  if (purchase instanceof Response) return purchase;
  const { attempt } = purchase;
  const form = parseForm(attempt.form);
  if (!form) {
    const body: ReviewBody = { attemptId: attempt.id, available: false, reason: "sharedBank" };
    return json(body, 200);
  }
  const items = await attemptStub(c.env, attempt.id).review(attempt.id, form, lettersOf(attempt));
  const said = (image: {
    url: string;
    width: number;
    height: number;
    alt: Record<Locale, string>;
  }) => ({
    ...image,
    alt: image.alt[locale],
  });
  const body: ReviewBody = {
    attemptId: attempt.id,
    available: true,
    items: items.map((item) => ({
      code: item.question.code,
      category: item.question.category,
      title: item.question.title[locale],
      image: said(item.question.image),
      options: item.question.options.map((o) => ({ letter: o.letter, image: said(o.image) })),
      chosen: item.chosen,
      key: item.key,
      explanation: item.explanation[locale],
    })),
  };
  return json(body, 200);
}

function pdfResponse(
  body: Uint8Array<ArrayBuffer> | ArrayBuffer,
  fileName: string,
  cache: "hit" | "miss",
): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Pdf-Cache": cache,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The PDF's review: the buyer's items with their images, or why there is none. */
async function pdfReview(
  c: AppContext,
  attempt: AttemptRow,
  locale: Locale,
): Promise<ReviewPdfInput> {
  const form = parseForm(attempt.form);
  const review =
    form &&
    (await attemptStub(c.env, attempt.id).reviewWithImages(attempt.id, form, lettersOf(attempt)));
  return reviewPdfInput(review, locale);
}

/** What the report's PDF is made from: the key of its cache holds all of it. */
async function reportPdfInput(c: AppContext, purchase: Purchase, locale: Locale) {
  const timeZone = linkTimeZone(c.req.raw);
  const scored: ScoredResult = await resultOf(c.env, purchase.attempt, purchase.user);
  const coupons = await listIssuedCoupons(c.env, purchase.payment.id);
  return {
    report: renderReport(reportContent(scored), locale),
    review: await pdfReview(c, purchase.attempt, locale),
    locale,
    name: purchase.user.name,
    date: formatTestDate(scored.finishedAt, locale, timeZone),
    finishedAt: scored.finishedAt,
    coupons: coupons.map((coupon) => ({
      ...coupon,
      expiryText: coupon.expiresAt
        ? m.payresult_coupon_expires(
            { date: formatTestDate(coupon.expiresAt, locale, timeZone) },
            { locale },
          )
        : m.payresult_coupon_no_expiry({}, { locale }),
    })),
  };
}

/** `GET /api/tests/{id}/report.pdf?lang=&tz=`: the buyer's report as a PDF download. */
async function reportPdf(c: AppContext): Promise<Response> {
  const locale = linkLocale(c.req.raw);
  const purchase = await approvedPurchase(c, locale);
  if (purchase instanceof Response) return purchase;
  const input = await reportPdfInput(c, purchase, locale);
  // The PDF code is loaded only when a PDF is asked for (docs/decisions/0021-pdfs.md).
  const { renderReportPdf, reportFileName } = await import("../pdf/report");
  const key = pdfCacheKey(reportPdfKind(purchase.attempt.id), input);
  const { body, cache } = await cachedPdf(c.env, key, () =>
    renderReportPdf({ ...input, finishedAt: new Date(input.finishedAt) }),
  );
  return pdfResponse(body, reportFileName(locale), cache);
}

/** `GET /api/tests/{id}/ebooks/{slug}.pdf?lang=`: one of the four bonus e-books. */
async function ebookPdf(c: AppContext): Promise<Response> {
  const locale = linkLocale(c.req.raw);
  const slug = /^([a-z]+)\.pdf$/.exec(c.req.param("file") ?? "")?.[1];
  if (!isEbookSlug(slug)) return notFoundJson();
  const purchase = await approvedPurchase(c, locale);
  if (purchase instanceof Response) return purchase;
  const { ebookFileName, ebookTitle, renderEbookPdf } = await import("../pdf/ebook");
  const { ebookSource } = await import("../pdf/ebook-texts");
  const key = pdfCacheKey(`ebook:${slug}:${locale}`, [
    ebookTitle(slug, locale),
    ebookSource(slug, locale),
  ]);
  const { body, cache } = await cachedPdf(c.env, key, () => renderEbookPdf(slug, locale));
  return pdfResponse(body, ebookFileName(slug, locale), cache);
}

/** Mounted at `/api/tests` beside the attempts router, before its catch-all. */
export const reports = new Hono<AppEnv>();

reports.get("/:id/report", reportAccess);
reports.get("/:id/review", reviewAccess);
reports.get("/:id/report.pdf", reportPdf);
reports.get("/:id/ebooks/:file", ebookPdf);
