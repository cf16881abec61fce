import type { Page } from "playwright-core";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import { finishedAttemptOfNewAccount } from "./attempt-taking";
import { hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * Seven days to change your mind (issue 30.6,
 * docs/decisions/0045-seven-days-to-change-your-mind.md), as a buyer does it through the
 * local test provider: pay, then ask for the refund from 'My IQ tests' (phone) or from the
 * report (desktop), confirm once, and find the report locked again. A boleto's buyer gives
 * a Pix key; a malformed one is a field error in their language.
 */

const texts = {
  en: {
    refunded: "Refunded",
    donePix: /5 business days/,
    amount: "US$\u00a019.90",
    until: /^You can ask until .+ \(Brasília time\)\.$/,
    badKey: "This is not a Pix key.",
  },
  "pt-br": {
    refunded: "Estornado",
    donePix: /5 dias úteis/,
    amount: "R$\u00a049,90",
    until: /^Você pode pedir até .+ \(horário de Brasília\)\.$/,
    badKey: "Isto não é uma chave Pix.",
  },
} as const;

type Method = "card" | "pix" | "boleto";

/** A new buyer's finished test, paid with `method` at the local provider: its id. */
async function paidTest(page: Page, locale: Locale, method: Method, label: string) {
  const id = await finishedAttemptOfNewAccount(page.context(), label);
  await page.goto(localizePath("checkout", locale, { id }));
  // The selling page says it plainly: one payment, no subscription, 7 days.
  expect(await page.getByTestId("checkout-one-payment").textContent()).toBe(
    locale === "en"
      ? "One payment, no subscription. You have 7 days to change your mind: ask for a full refund from the report or from My IQ tests."
      : "Você tem 7 dias para desistir da compra: peça o reembolso integral pelo relatório ou em Meus testes de QI.",
  );
  if (locale === "pt-br") {
    expect(await page.getByTestId("checkout-form").textContent()).toContain(
      "pagamento único, sem assinatura",
    );
  }
  await pay(page, method);
  return id;
}

/** On the checkout: Pay, and at the provider pay by card, or issue and settle a transfer. */
async function pay(page: Page, method: Method) {
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("pay-banner").waitFor();
  const providerPage = page.url();
  if (method === "card") {
    await page.getByTestId("pay-card").click();
  } else {
    await page.getByTestId(method === "pix" ? "pay-pix" : "pay-boleto").click();
    await page.waitForURL((url) => url.pathname.includes("/pending/"));
    // The buyer pays in their bank: the provider tells the shop.
    await page.goto(providerPage);
    await page.getByTestId("transfer-settle").click();
    await page.getByTestId("back-to-shop").click();
  }
  await page.waitForURL((url) => url.pathname.includes("/success/"));
}

/** The report page: open, or locked again (the spec's 402 page with the way to pay). */
async function reportState(page: Page, locale: Locale, id: string) {
  await page.goto(localizePath("report", locale, { id }));
  await page.locator("[data-testid=report-page], [data-testid=report-402]").first().waitFor();
  return (await page.getByTestId("report-page").count()) > 0 ? "open" : "locked";
}

/** Waits for the page's transitions to end, so that a screenshot shows the page. */
function settled(page: Page) {
  return page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

async function confirmRefund(page: Page, locale: Locale, name: string) {
  await page.getByTestId("refund").waitFor();
  const address = page.url();
  expect(await page.getByTestId("refund-text").textContent()).toContain(texts[locale].amount);
  expect(await page.getByTestId("refund-until").textContent()).toMatch(texts[locale].until);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await settled(page);
  await screenshot(page, name);
  await page.getByTestId("refund-confirm").click();
  await page.getByTestId("refund-done").waitFor();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  return address;
}

describe.each(["en", "pt-br"] as const)("a refund within 7 days in %s", (locale) => {
  const method: Method = locale === "en" ? "card" : "pix";
  const t = texts[locale];

  it("from My IQ tests on a phone: one confirmed step, then the report is locked again", async ({
    newPage,
  }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    const id = await paidTest(page, locale, method, "refund-list");
    expect(await reportState(page, locale, id)).toBe("open");

    await page.goto(localizePath("tests", locale));
    const row = page.locator("[data-testid=tests-row][data-status=finished]");
    await row.getByTestId("tests-action-refund").waitFor();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `refund-list-${locale}-phone`);
    await row.getByTestId("tests-action-refund").click();
    await confirmRefund(page, locale, `refund-confirm-${locale}-phone`);
    expect(await page.getByTestId("refund-done").getAttribute("data-state")).toBe("refunded");
    await settled(page);
    await screenshot(page, `refund-done-${locale}-phone`);

    await page.getByTestId("refund-tests").click();
    const after = page.locator("[data-testid=tests-row][data-status=finished]");
    await after.getByTestId("tests-payment").waitFor();
    expect(await after.getByTestId("tests-payment").textContent()).toContain(t.refunded);
    expect(await after.getByTestId("tests-action-refund").count()).toBe(0);
    expect(await after.getByTestId("tests-action-report").count()).toBe(0);
    expect(await reportState(page, locale, id)).toBe("locked");
  });

  it("from the report on a desktop: the report says until when, and locks again after", async ({
    newPage,
  }) => {
    const { page } = await newPage({ viewport: viewports.desktop });
    const id = await paidTest(page, locale, method, "refund-report");
    await page.goto(localizePath("report", locale, { id }));
    const offer = page.getByTestId("report-refund");
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(
      locale === "en" ? /until .+ \(Brasília time\)/ : /até .+ \(horário de Brasília\)/,
    );
    await offer.screenshot({ path: `e2e/screenshots/refund-report-${locale}-desktop.png` });
    await offer.getByTestId("report-refund-link").click();
    const address = await confirmRefund(page, locale, `refund-confirm-${locale}-desktop`);
    expect(await reportState(page, locale, id)).toBe("locked");
    // The confirm page again: the refund is done, and says so in the buyer's words.
    await page.goto(address);
    await page.getByTestId("refund-refused").waitFor();
    expect(await page.getByTestId("refund-refused-message").textContent()).toBe(
      locale === "en"
        ? "This payment has already been refunded."
        : "Este pagamento já foi reembolsado.",
    );
  });

  it("the terms of use say it plainly: a single payment, no subscription, 7 days to change your mind", async ({
    page,
  }) => {
    await page.goto(localizePath("termsOfUse", locale));
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain(
      locale === "en"
        ? "The premium report is a single payment, not a subscription"
        : "O relatório premium é um pagamento único, não uma assinatura",
    );
    expect(text).toContain(
      locale === "en"
        ? "article 49 of the Brazilian Consumer Defense Code you have 7 days to change your mind"
        : "artigo 49 do Código de Defesa do Consumidor, você tem 7 dias para desistir da compra",
    );
  });

  it("boleto: the buyer gives a Pix key (a malformed one is refused) and is told when to expect it", async ({
    newPage,
  }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    // The English site charges dollars: a boleto is paid in reais (ADR 0043).
    const id = await finishedAttemptOfNewAccount(page.context(), "refund-boleto");
    await page.goto(`${localizePath("checkout", locale, { id })}?currency=BRL`);
    await page.getByTestId("checkout-form").waitFor();
    await pay(page, "boleto");

    await page.goto(localizePath("report", locale, { id }));
    await page.getByTestId("report-refund-link").click();
    await page.getByTestId("refund-pix-key").fill("11 99999-9999");
    await page.getByTestId("refund-confirm").click();
    await page.getByTestId("refund-pix-key-error").waitFor();
    expect(await page.getByTestId("refund-pix-key-error").textContent()).toContain(t.badKey);
    expect(await page.getByTestId("refund-pix-key").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, `refund-boleto-error-${locale}-phone`);

    await page.getByTestId("refund-pix-key").fill("+55 11 99999-9999");
    await page.getByTestId("refund-confirm").click();
    await page.getByTestId("refund-done").waitFor();
    expect(await page.getByTestId("refund-done").getAttribute("data-state")).toBe("requested");
    expect(await page.getByTestId("refund-done").textContent()).toMatch(t.donePix);
    expect(await reportState(page, locale, id)).toBe("locked");
  });
});
