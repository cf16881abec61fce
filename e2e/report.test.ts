import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import type { Locale } from "../core/locales/locales";
import { sectionIds } from "../core/report/shape";
import { localizePath } from "../core/web/route-table";
import { callApi, finishedAttemptOfNewAccount, signUpViaApi } from "./attempt-taking";
import {
  answerCookieBanner,
  baseUrl,
  hasNoHorizontalOverflow,
  screenshot,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The premium report as its buyer reads it (issue 13): bought through the local test
 * provider, then opened in both languages on a phone and on a desktop. Every section in
 * the spec's order, the scores chart with its text alternative, the two coupons, no
 * horizontal scrolling (down to 320 px), and the print layout (A4, light, without the
 * site's chrome).
 */

const titles = { en: "Your IQ report", "pt-br": "Seu relatório de QI" } as const;

/** A downloaded PDF as a viewer opens it: its page count and its first page's text. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const pages = text as string[];
  return { pages: totalPages, first: pages[0] ?? "", all: pages.join(" ").replace(/\s+/g, " ") };
}

/** Pays for the test through the API's checkout and the test provider's page. */
async function pay(page: Page, context: BrowserContext, id: string) {
  const started = (await callApi(
    context,
    "POST",
    `/api/checkout/${id}/payments`,
    {},
  )) as unknown as {
    redirectUrl: string;
  };
  await page.goto(started.redirectUrl);
  await page.getByTestId("pay-card").click();
  await page.waitForURL((url) => url.pathname.startsWith("/payments/success/"));
  await page.getByTestId("payment-result").waitFor();
}

async function openReport(page: Page, locale: Locale, id: string) {
  const response = await page.goto(localizePath("report", locale, { id }));
  expect(response?.status()).toBe(200);
  await page.getByTestId("report-page").waitFor();
}

describe("the premium report", () => {
  it("a buyer sees their own 40 answers explained, in both languages, at 360 px and on a desktop", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    // Five answers, all "A": some right, some wrong, the rest left unanswered.
    const id = await finishedAttemptOfNewAccount(context, "review");
    await pay(page, context, id);
    for (const [locale, size, title] of [
      ["en", "phone", "Your answers, explained"],
      ["pt-br", "desktop", "Suas respostas, explicadas"],
    ] as const) {
      await page.setViewportSize(viewports[size]);
      await openReport(page, locale, id);
      const review = page.getByTestId("answer-review");
      await review.getByRole("heading", { name: title }).waitFor();
      await review.locator("[data-testid=review-show]:not([disabled])").click();
      await page.getByTestId("review-list").waitFor();
      const items = page.getByTestId("review-item");
      expect(await items.count()).toBe(40);
      const outcomes = await items.evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("data-outcome")),
      );
      for (const outcome of outcomes.slice(0, 5)) expect(["right", "wrong"]).toContain(outcome);
      expect(outcomes.slice(5).every((outcome) => outcome === "none")).toBe(true);
      const explanations = await page.getByTestId("review-explanation").allTextContents();
      for (const text of explanations) expect(text.length).toBeGreaterThan(30);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `report-review-${locale}-${size}`);
    }
    // The PDF's review draws the same items: SM-01's numbers, as its image shows them.
    const src =
      (await page.getByTestId("review-item").first().locator("img").first().getAttribute("src")) ??
      "";
    const svg = await (await context.request.get(src)).text();
    const shown = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(shown.length).toBeGreaterThan(3);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-pdf").click(),
    ]);
    const pdf = await readPdf(readFileSync(await download.path()));
    const sm01 = pdf.all.slice(pdf.all.indexOf("SM-01 ·"));
    expect(sm01.slice(0, 600)).toContain(shown.join(" "));
    expect(problems).toEqual([]);
  });

  it("a buyer reads every section in both languages, at 360 px and on a desktop, and prints it", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "report");

    const locked = await page.goto(localizePath("report", "en", { id }));
    expect(locked?.status()).toBe(402);
    await page.getByTestId("report-402").waitFor();

    await pay(page, context, id);
    // The cookie banner would cover the screenshots: the reader answers it first.
    await answerCookieBanner(page);

    for (const locale of ["en", "pt-br"] as const) {
      await page.setViewportSize(viewports.phone);
      await openReport(page, locale, id);
      expect(page.url()).toBe(
        `${baseUrl}${locale === "en" ? "/report/" : "/pt-br/relatorio/"}${id}`,
      );

      const order = await page
        .locator("[data-section]")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-section")));
      expect(order).toEqual([...sectionIds]);
      expect(await page.locator("h1").textContent()).toBe(titles[locale]);
      expect(await page.locator("section[data-section] > h2").count()).toBe(sectionIds.length - 1);
      for (const section of await page.locator("[data-section]").all()) {
        expect((await section.textContent())?.trim().length).toBeGreaterThan(40);
      }

      const chart = page.getByTestId("report-chart");
      expect(await chart.getAttribute("role")).toBe("img");
      const alternative = (await chart.getAttribute("aria-label")) ?? "";
      const sentences = await page.locator(".report-scores-texts li").allTextContents();
      expect(sentences).toHaveLength(4);
      for (const sentence of sentences) expect(alternative).toContain(sentence);
      const chartBox = await chart.boundingBox();
      // Its text stays about 13 px wide at 360 px: the chart takes the column's width.
      expect(chartBox?.width).toBeGreaterThanOrEqual(260);

      const thanks = page.locator("[data-section=thanks]");
      const coupons = thanks.getByTestId("issued-coupon");
      expect(await coupons.count()).toBe(2);
      expect(await coupons.evaluateAll((nodes) => nodes.map((n) => n.dataset.audience))).toEqual([
        "buyer",
        "friend",
      ]);
      await thanks.getByTestId("coupon-share").first().waitFor();

      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `report-${locale}-phone`);

      await page.setViewportSize(viewports.narrowest);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);

      await page.setViewportSize(viewports.desktop);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `report-${locale}-desktop`);
    }

    // The downloads: the report's PDF (a real download) and the four e-books, in Portuguese.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-pdf").click(),
    ]);
    expect(download.suggestedFilename()).toBe("seu-relatorio-de-qi-lumen-iq.pdf");
    const report = await readPdf(readFileSync(await download.path()));
    expect(report.pages).toBeGreaterThanOrEqual(5);
    expect(report.first).toContain(titles["pt-br"]);
    const ebooks = page.getByTestId("report-ebooks").locator("li");
    expect(await ebooks.count()).toBe(4);
    const links: string[] = [];
    for (const card of await ebooks.all()) {
      const title = (await card.locator(".report-ebook-title").textContent()) ?? "";
      const href = (await card.locator("a").getAttribute("href")) ?? "";
      expect(await card.locator("a").textContent()).toContain(title);
      const answer = await context.request.get(href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      const book = await readPdf(await answer.body());
      expect(book.pages).toBeGreaterThanOrEqual(8);
      expect(book.first.replace(/\s+/g, " ")).toContain(title);
      links.push(href);
    }
    // Someone else, signed in, gets nothing from the same addresses.
    const stranger = await newPage({ viewport: viewports.phone });
    await signUpViaApi(stranger.context, "stranger");
    for (const href of [links[0] ?? "", `/api/tests/${id}/report.pdf`]) {
      expect((await stranger.context.request.get(href)).status()).toBe(404);
    }

    // Printed: light, without the site's header, footer or buttons.
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      header: getComputedStyle(document.querySelector(".site-header") as Element).display,
      footer: getComputedStyle(document.querySelector(".site-footer") as Element).display,
      actions: getComputedStyle(document.querySelector(".report-actions") as Element).display,
      copy: getComputedStyle(document.querySelector(".report .coupon-actions") as Element).display,
    }));
    expect(printed).toEqual({
      background: "rgb(255, 255, 255)",
      header: "none",
      footer: "none",
      actions: "none",
      copy: "none",
    });
    // About the width of A4's printable area (210 mm less the margins) at 96 px per inch.
    await page.setViewportSize({ width: 690, height: 980 });
    await screenshot(page, "report-pt-br-print");
    const pdf = (
      await page.pdf({
        path: "e2e/screenshots/report-pt-br.pdf",
        preferCSSPageSize: true,
        printBackground: true,
      })
    ).toString("latin1");
    const pages = pdf.match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(4);
    // A4 portrait in points (about 595 × 842), from the report's named page.
    const boxes = pdf.match(/\/MediaBox\s*\[[^\]]*\]/g) ?? [];
    expect(boxes.length, "a MediaBox per page").toBeGreaterThanOrEqual(pages.length);
    for (const box of boxes)
      expect(box).toMatch(/\[\s*0\s+0\s+59[45](\.\d+)?\s+84[12](\.\d+)?\s*\]/);
  });
});
