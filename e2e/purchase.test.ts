import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import { finishedAttemptOfNewAccount } from "./attempt-taking";
import { hasNoHorizontalOverflow, screenshot, textLines, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The purchase journeys a new buyer makes on a phone (issue 12), through the local test
 * payment provider that stands in for Stripe: buy with a coupon and approve; Pix left
 * pending, then paid; a declined card, then a retry; a payment cancelled at the provider
 * (one decision: the cancelled page at once, on a phone and a desktop), then a new one.
 * Each ends where the buyer would look: the result page of the payment and the tests list.
 */

const texts = {
  en: {
    approved: "Approved",
    pending: "Payment pending",
    insufficient: /enough funds/i,
    cancelledTitle: "Payment cancelled",
    tryAgain: "Try again",
    cancelPayment: /cancel/i,
  },
  "pt-br": {
    approved: "Aprovado",
    pending: "Pagamento pendente",
    insufficient: /saldo|limite/i,
    cancelledTitle: "Pagamento cancelado",
    tryAgain: "Tentar novamente",
    cancelPayment: /cancelar/i,
  },
} as const;

/** An operator's coupon, made with `npm run coupons` against the browser tests' own D1. */
function operatorCoupon(percent: number): string {
  const code = `E2E-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  execFileSync(
    "node",
    ["scripts/coupons.ts", "create", "--code", code, "--percent", String(percent)],
    {
      env: { ...process.env, COUPONS_PERSIST_TO: ".wrangler/e2e-state" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return code;
}

/** From the result page's offer to the provider's page, optionally with a coupon. */
async function checkout(page: Page, locale: Locale, id: string, coupon?: string) {
  await page.goto(localizePath("result", locale, { id }));
  await page.getByTestId("offer-cta").click();
  await page.getByTestId("checkout-form").waitFor();
  if (coupon) {
    await page.getByTestId("checkout-coupon").fill(coupon);
    await page.getByTestId("checkout-apply").click();
    await page.getByTestId("checkout-applied").waitFor();
  }
  const total = (await page.getByTestId("checkout-total").textContent()) ?? "";
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("pay-banner").waitFor();
  return { total, providerPage: page.url() };
}

/** Waits for the payment's result page (`/payments/{result}/{id}`, localized). */
async function resultPage(page: Page, locale: Locale, result: string) {
  const segment = locale === "en" ? "/payments/" : "/pt-br/pagamentos/";
  await page.waitForURL((url) => url.pathname.startsWith(`${segment}${result}/`));
  await page.getByTestId("payment-result").waitFor();
}

/** From a declined or cancelled payment's page, pays again by card: the success page. */
async function retryByCard(page: Page, locale: Locale) {
  await page.getByTestId("payment-retry").click();
  await page.getByTestId("checkout-form").waitFor();
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("pay-card").click();
  await resultPage(page, locale, "success");
}

/** The tests list's row of the buyer's one finished test: its payment status and actions. */
async function testsRow(page: Page, locale: Locale) {
  await page.goto(localizePath("tests", locale));
  const row = page.locator("[data-testid=tests-row][data-status=finished]");
  await row.waitFor();
  return row;
}

describe.each(["en", "pt-br"] as const)("buying the report in %s on a phone", (locale) => {
  const t = texts[locale];

  it("with a coupon, approved: the success page with two coupons, the tests list says approved", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "buyer");
    const code = operatorCoupon(20);

    const { total } = await checkout(page, locale, id, code);
    expect(total).toBe(locale === "en" ? "US$\u00a015.92" : "R$\u00a039,92");
    expect(await page.getByTestId("pay-amount").textContent()).toContain(
      locale === "en" ? "15.92" : "39,92",
    );
    await page.getByTestId("pay-card").click();

    await resultPage(page, locale, "success");
    expect(await page.getByTestId("issued-coupon").count()).toBe(2);
    // Each coupon action's words on one line ("Copiar código" wrapped at 360 px).
    for (const action of await page
      .locator("[data-testid=coupon-copy], [data-testid=coupon-share]")
      .all()) {
      expect(await textLines(action)).toBe(1);
    }
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `purchase-success-${locale}-phone`);

    const row = await testsRow(page, locale);
    expect(await row.getByTestId("tests-payment").textContent()).toContain(t.approved);
    await row.getByTestId("tests-action-report").waitFor();
    expect(await row.getByTestId("tests-action-buyReport").count()).toBe(0);
    await row.getByTestId("tests-action-report").click();
    await page.getByTestId("report-page").waitFor();
  });

  it("a declined card shows why, and a retry is approved", async ({ newPage }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "declined");

    await checkout(page, locale, id);
    await page.getByTestId("decline-reason").selectOption("insufficient_funds");
    await page.getByTestId("pay-decline").click();
    await page.getByTestId("decline-notice").waitFor();
    await page.getByTestId("back-to-shop").click();

    await resultPage(page, locale, "failure");
    expect(await page.getByTestId("payment-detail").textContent()).toMatch(t.insufficient);
    await screenshot(page, `purchase-failure-${locale}-phone`);
    await retryByCard(page, locale);

    const row = await testsRow(page, locale);
    expect(await row.getByTestId("tests-payment").textContent()).toContain(t.approved);
  });

  it.for(["phone", "desktop"] as const)(
    "cancelling at the provider is one decision on a %s: the cancelled page with Try again at once, then bought again",
    async (size, { newPage }) => {
      const { page, context } = await newPage({ viewport: viewports[size] });
      const id = await finishedAttemptOfNewAccount(context, "cancelled");

      await checkout(page, locale, id);
      await page.getByTestId("pay-cancel").click();
      await resultPage(page, locale, "cancelled");
      expect(await page.getByTestId("payment-result").getAttribute("data-left")).toBe("true");
      expect(await page.locator("h1").textContent()).toBe(t.cancelledTitle);
      expect(await page.getByTestId("payment-retry").textContent()).toBe(t.tryAgain);
      // Nothing asks the buyer to cancel a second time.
      expect(await page.getByRole("button", { name: t.cancelPayment }).count()).toBe(0);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `purchase-cancelled-${locale}-${size}`);

      // Try again closes the checkout left open: the checkout shows no open payment.
      await page.getByTestId("payment-retry").click();
      await page.getByTestId("checkout-form").waitFor();
      expect(await page.getByTestId("open-payment").count()).toBe(0);
      await page.getByTestId("checkout-pay").click();
      await page.getByTestId("pay-card").click();
      await resultPage(page, locale, "success");
    },
  );
});

describe("Pix on a phone (reais only: the English site charges dollars, without Pix)", () => {
  it("left pending, the tests list says pending; once paid, approved", async ({ newPage }) => {
    const locale = "pt-br";
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "pix");

    const { providerPage } = await checkout(page, locale, id);
    await page.getByTestId("pay-pix").click();
    await resultPage(page, locale, "pending");
    await screenshot(page, "purchase-pending-pt-br-phone");

    const pending = await testsRow(page, locale);
    expect(await pending.getByTestId("tests-payment").textContent()).toContain(
      texts[locale].pending,
    );
    expect(await pending.getByTestId("tests-action-report").count()).toBe(0);

    // The buyer pays the Pix in their bank app: the provider tells us.
    await page.goto(providerPage);
    await page.getByTestId("transfer-settle").click();
    await page.getByTestId("back-to-shop").click();
    await resultPage(page, locale, "success");
    const paid = await testsRow(page, locale);
    expect(await paid.getByTestId("tests-payment").textContent()).toContain(texts[locale].approved);
  });
});
