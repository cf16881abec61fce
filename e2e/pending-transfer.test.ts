import type { Page } from "playwright-core";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import { finishedAttemptOfNewAccount } from "./attempt-taking";
import {
  hasNoHorizontalOverflow,
  marker,
  screenshot,
  setMarker,
  textLines,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * A pending Pix or boleto page that does its job (issue 30.2,
 * docs/decisions/0044-a-pending-pix-page-that-does-its-job.md), on the local test provider:
 * the Pix QR code, the copy-and-paste code with Copy (one line at 360 px) and a countdown;
 * paid at the provider in another tab, the page moves to success by itself (no reload); a
 * boleto links to its voucher. In both languages (English pays in reais from Brazil's offer,
 * ADR 0043), on a phone and a desktop, with no console error.
 */

const texts = {
  en: {
    copied: "Copied!",
    expiresIn: /^This code expires in (\d+:)?\d{1,2}:\d{2}\.$/,
    expired: "This Pix code has expired",
  },
  "pt-br": {
    copied: "Copiado!",
    expiresIn: /^Este código expira em (\d+:)?\d{1,2}:\d{2}\.$/,
    expired: "Este código Pix expirou",
  },
} as const;

/** The checkout in reais, then the provider's page; answers that page's address. */
async function payInReais(page: Page, locale: Locale, id: string) {
  const query = locale === "en" ? "?currency=BRL" : "";
  await page.goto(`${localizePath("checkout", locale, { id })}${query}`);
  await page.getByTestId("checkout-form").waitFor();
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("pay-banner").waitFor();
  return page.url();
}

async function resultPage(page: Page, locale: Locale, result: string) {
  const segment = locale === "en" ? "/payments/" : "/pt-br/pagamentos/";
  await page.waitForURL((url) => url.pathname.startsWith(`${segment}${result}/`));
  await page.getByTestId("payment-result").waitFor();
}

describe.each(["en", "pt-br"] as const)("a pending Pix in %s", (locale) => {
  const t = texts[locale];

  it.for(["phone", "desktop"] as const)(
    "on a %s: QR, code, Copy and countdown; paid in another tab, the page moves to success by itself",
    async (size, { newPage }) => {
      const { page, context, problems } = await newPage({
        viewport: viewports[size],
        extraHTTPHeaders: { "X-Dev-Country": "BR" },
      });
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const id = await finishedAttemptOfNewAccount(context, "pix");
      const providerPage = await payInReais(page, locale, id);
      await page.getByTestId("pay-pix").click();
      await resultPage(page, locale, "pending");

      const card = page.getByTestId("transfer");
      await card.waitFor();
      expect(await card.getAttribute("data-method")).toBe("pix");
      const code = (await page.getByTestId("transfer-code").inputValue()) ?? "";
      expect(code).toMatch(/^000201010212/);
      expect(code).toContain("br.gov.bcb.pix");
      expect(code).toContain("49.90");
      const qr = page.getByTestId("transfer-qr");
      expect(await qr.isVisible()).toBe(true);
      expect((await qr.locator("path").getAttribute("d"))?.length ?? 0).toBeGreaterThan(100);
      const box = await qr.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
      expect(await page.getByTestId("transfer-countdown").textContent()).toMatch(t.expiresIn);

      // Copy: one line, even at 360 px, and the code is on the clipboard.
      const copy = page.getByTestId("transfer-copy");
      expect(await textLines(copy)).toBe(1);
      await copy.click();
      await page.getByTestId("transfer-copy-feedback").filter({ hasText: t.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `pending-pix-${locale}-${size}`);

      // 'My IQ tests' leads back to this page (the buyer who closed the tab).
      const list = await context.newPage();
      await list.goto(localizePath("tests", locale));
      await screenshot(list, `tests-pending-pix-${locale}-${size}`);
      await list.getByTestId("tests-action-followPayment").click();
      await resultPage(list, locale, "pending");
      expect(await list.getByTestId("transfer-code").inputValue()).toBe(code);
      await list.close();

      // The buyer pays in their bank (here: the provider's page in another tab).
      await setMarker(page);
      const bank = await context.newPage();
      await bank.goto(providerPage);
      // The provider's page shows the very code the shop shows.
      expect(await bank.getByTestId("pay-pix-code").textContent()).toBe(code);
      await bank.getByTestId("transfer-settle").click();
      await bank.locator("[data-testid=pay-state][data-state=paid]").waitFor();
      await bank.close();

      // The pending page notices by itself, without a reload.
      await resultPage(page, locale, "success");
      expect(await marker(page)).toBe(1);
      expect(await page.getByTestId("issued-coupon").count()).toBe(2);
      expect(problems).toEqual([]);
    },
  );
});

describe.each(["en", "pt-br"] as const)("an expired Pix in %s", (locale) => {
  it("the countdown's end says so; once the provider cancels it, the page offers Try again by itself", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({
      viewport: viewports.phone,
      extraHTTPHeaders: { "X-Dev-Country": "BR" },
    });
    // The page's clock is Playwright's: an hour passes without waiting for it.
    await page.clock.install();
    const id = await finishedAttemptOfNewAccount(context, "expired");
    const providerPage = await payInReais(page, locale, id);
    await page.getByTestId("pay-pix").click();
    await resultPage(page, locale, "pending");
    await page.getByTestId("transfer-countdown").waitFor();

    await page.clock.fastForward("01:00:01");
    const expired = page.getByTestId("transfer-expired");
    await expired.waitFor();
    expect(await expired.textContent()).toContain(texts[locale].expired);
    expect(await page.getByTestId("transfer-code").count()).toBe(0);

    // The provider says the Pix was not paid in time (Stripe: async_payment_failed).
    await setMarker(page);
    const bank = await context.newPage();
    await bank.goto(providerPage);
    await bank.getByTestId("transfer-expire").click();
    await bank.locator("[data-testid=pay-state][data-state=transfer_expired]").waitFor();
    await bank.close();

    // The next look (at most 30 s later on the page's clock) finds it cancelled.
    await page.clock.fastForward("00:30");
    await resultPage(page, locale, "cancelled");
    expect(await marker(page)).toBe(1);
    await page.getByTestId("payment-retry").waitFor();
    expect(problems).toEqual([]);
  });
});

describe("a pending boleto", () => {
  it("shows its number and a link to its voucher", async ({ newPage }) => {
    const locale = "pt-br";
    const { page, problems } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(page.context(), "boleto");
    const providerPage = await payInReais(page, locale, id);
    await page.getByTestId("pay-boleto").click();
    await resultPage(page, locale, "pending");
    const card = page.getByTestId("transfer");
    await card.waitFor();
    expect(await card.getAttribute("data-method")).toBe("boleto");
    expect(await page.getByTestId("transfer-code").inputValue()).toMatch(/^\d{47}$/);
    expect(await page.getByTestId("transfer-voucher").getAttribute("href")).toBe(providerPage);
    expect(await page.getByTestId("transfer-qr").count()).toBe(0);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "pending-boleto-pt-br-phone");
    expect(problems).toEqual([]);

    // The pending page (the e-mail's link) is its buyer's only: another account gets a 404.
    const stranger = await newPage({ viewport: viewports.phone });
    await finishedAttemptOfNewAccount(stranger.context, "stranger");
    const answer = await stranger.page.goto(page.url());
    expect(answer?.status()).toBe(404);
    expect(await stranger.page.getByTestId("transfer").count()).toBe(0);
    stranger.allowProblems(/status of 404/);
  });
});
