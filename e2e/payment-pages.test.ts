import type { BrowserContext } from "playwright-core";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import {
  finishedAttempt,
  finishedAttemptOfNewAccount,
  password,
  signUpViaApi,
} from "./attempt-taking";
import {
  answerCookieBanner,
  baseUrl,
  hasNoHorizontalOverflow,
  marker,
  screenshot,
  setMarker,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The paid path's pages in Chromium (issue 12) before any purchase: the report's offer on
 * the result page (sections 0 to 6, the price in the page's currency, the locked preview),
 * checkout with a refused coupon, the report's 402 page and the tests list's 'Buy report'.
 * The purchase journeys through the test provider are in their own file.
 */

/** The prices of wrangler.jsonc (`REPORT_PRICE_USD`, `REPORT_PRICE_BRL`), as each language writes them. */
const texts = {
  en: {
    price: "US$\u00a019.90",
    priceNote: "including VAT",
    cta: "Get my report for US$\u00a019.90",
    offerTitle: "See the whole picture behind your score",
    sections: [
      "What the report holds",
      "A preview of your report",
      "How it works",
      "Our promise",
      "Two 20% coupons after you buy",
      "Ready to see your full result?",
    ],
    ebooks: [
      "Train Your Memory: Techniques That Work",
      "Logical Reasoning, Step by Step",
      "Deep Focus in a Distracted World",
      "Study Smarter: Habits That Make Learning Stick",
    ],
    areas: [
      "Mathematical sequences",
      "Abstract reasoning",
      "Spatial reasoning",
      "Logical reasoning",
    ],
    methods: ["card", "wallets"],
    locked: "Locked",
    invalidCoupon: "Invalid Coupon!",
    pay: "Pay US$\u00a019.90",
    paymentRequired: "Payment Required!",
    goToPayment: "Go to Payment Page",
    buyReport: "Buy report",
  },
  "pt-br": {
    price: "R$\u00a049,90",
    priceNote: "pagamento único",
    cta: "Quero meu relatório por R$\u00a049,90",
    offerTitle: "Veja tudo o que está por trás do seu resultado",
    sections: [
      "O que o relatório traz",
      "Uma prévia do seu relatório",
      "Como funciona",
      "Nossa garantia",
      "Dois cupons de 20% depois da compra",
      "Pronto para ver seu resultado completo?",
    ],
    ebooks: [
      "Treine sua memória: técnicas que funcionam",
      "Raciocínio lógico passo a passo",
      "Foco profundo em um mundo de distrações",
      "Estude melhor: hábitos para aprender de verdade",
    ],
    areas: [
      "Sequências matemáticas",
      "Raciocínio abstrato",
      "Raciocínio espacial",
      "Raciocínio lógico",
    ],
    methods: ["card", "pix", "boleto"],
    locked: "Bloqueado",
    invalidCoupon: "Cupom inválido!",
    pay: "Pagar R$\u00a049,90",
    paymentRequired: "Pagamento necessário!",
    goToPayment: "Ir para a página de pagamento",
    buyReport: "Comprar relatório",
  },
} as const;

describe.each([
  ["en", "phone"],
  ["pt-br", "phone"],
  ["en", "desktop"],
  ["pt-br", "desktop"],
] as const)("the paid path's pages in %s on a %s", (locale: Locale, size) => {
  const t = texts[locale];
  const viewport = viewports[size];

  it("offers the report under the result: its sections, the price, the methods, a locked preview", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport });
    const id = await finishedAttemptOfNewAccount(context, "offer");

    const response = await page.goto(localizePath("result", locale, { id }));
    expect(response?.status()).toBe(200);
    const offer = page.getByTestId("offer");
    await offer.getByRole("heading", { level: 2, name: t.offerTitle }).waitFor();

    // Section 0: the price in the page's currency, and the way to checkout.
    expect(await offer.getAttribute("data-currency")).toBe(locale === "en" ? "USD" : "BRL");
    const price = offer.getByTestId("offer-price");
    expect(await price.textContent()).toContain(t.price);
    expect(await price.textContent()).toContain(t.priceNote);
    const cta = offer.getByTestId("offer-cta");
    expect(await cta.textContent()).toBe(t.cta);
    expect(await cta.getAttribute("href")).toBe(localizePath("checkout", locale, { id }));
    expect(await offer.getByTestId("offer-final-cta").getAttribute("href")).toBe(
      localizePath("checkout", locale, { id }),
    );

    // Sections 1 to 6, in order, with the four e-books named.
    const sections = await offer
      .locator("[data-section]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-section")));
    expect(sections).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
    const headings = await offer.locator("h2").allTextContents();
    expect(headings.slice(1)).toEqual(t.sections);
    expect(await offer.getByTestId("offer-ebooks").locator("li").allTextContents()).toEqual(
      t.ebooks,
    );
    const methods = await offer
      .getByTestId("payment-methods")
      .locator("[data-method]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-method")));
    expect(methods).toEqual(t.methods);
    expect(await offer.getByTestId("offer-terms").getAttribute("href")).toBe(
      `${localizePath("termsOfUse", locale)}#payment`,
    );

    // Section 2: the reader's own IQ, and the paid figures locked, with no number in them.
    const preview = offer.getByTestId("offer-preview");
    const iq = (await page.getByTestId("result-iq").textContent()) ?? "";
    expect(await preview.textContent()).toContain(iq);
    const locked = preview.getByTestId("offer-locked-value");
    expect(await locked.count()).toBe(2);
    for (const text of await locked.allTextContents()) expect(text).not.toMatch(/\d/);
    const bars = preview.getByTestId("offer-locked-bar");
    expect(await bars.allTextContents()).toEqual(
      t.areas.map((area) => expect.stringContaining(area)),
    );
    for (const text of await bars.allTextContents()) {
      expect(text).toContain(t.locked);
      expect(text).not.toMatch(/\d/);
    }
    // The paid figures are nowhere in the page: not in its HTML, not in its data.
    const html = await page.content();
    for (const field of [
      "percentageBrazil",
      "percentageWorld",
      "rawByCategory",
      "percentileMethod",
    ]) {
      expect(html).not.toContain(field);
    }

    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `payment-offer-${locale}-${size}`);
  });

  it("checkout shows the order and the methods, refuses a mistyped coupon under its field (no failed request), keeps the code", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport });
    const id = await finishedAttemptOfNewAccount(context, "checkout");

    await page.goto(localizePath("checkout", locale, { id }));
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await page.getByTestId("checkout-total").textContent()).toBe(t.price);
    expect(await page.getByTestId("checkout-pay").textContent()).toBe(t.pay);
    const methods = await page
      .getByTestId("payment-methods")
      .locator("[data-method]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-method")));
    expect(methods).toEqual(t.methods);

    // A typo is the form's error, not a missing page: nothing the browser loads for it
    // fails (a 4xx would be logged as a failed resource).
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.getByTestId("checkout-coupon").fill("NO-SUCH-COUPON");
    await page.getByTestId("checkout-apply").click();
    const error = page.getByTestId("checkout-coupon-error");
    await error.waitFor();
    expect(await error.textContent()).toBe(t.invalidCoupon);
    expect(await page.getByTestId("checkout-coupon").getAttribute("aria-describedby")).toBe(
      "checkout-coupon-error",
    );
    expect(await page.getByTestId("checkout-coupon").inputValue()).toBe("NO-SUCH-COUPON");
    // Pay with the typo still in the field: the same error by the field, no provider page.
    await page.getByTestId("checkout-coupon").fill("NO-SUCH-COUPON-2");
    const paid = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByTestId("checkout-pay").click();
    expect((await paid).status()).toBe(200);
    await page.getByTestId("checkout-pay").and(page.locator(":enabled")).waitFor();
    expect(await error.textContent()).toBe(t.invalidCoupon);
    expect(await page.getByTestId("checkout-coupon").inputValue()).toBe("NO-SUCH-COUPON-2");
    expect(page.url()).toContain(localizePath("checkout", locale, { id }));
    expect(failed).toEqual([]);
    expect(await page.getByTestId("checkout-total").textContent()).toBe(t.price);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `payment-checkout-${locale}-${size}`);
  });

  it("answers 402 for the report of an unpaid test, leading to checkout; the tests list offers to buy it", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport });
    const id = await finishedAttemptOfNewAccount(context, "report");

    const response = await page.goto(localizePath("report", locale, { id }));
    expect(response?.status()).toBe(402);
    await page.getByRole("heading", { level: 1, name: t.paymentRequired }).waitFor();
    const go = page.getByRole("link", { name: t.goToPayment });
    expect(await go.getAttribute("href")).toBe(localizePath("checkout", locale, { id }));
    expect(await hasNoHorizontalOverflow(page)).toBe(true);

    await page.goto(localizePath("tests", locale));
    const buy = page.getByTestId("tests-row").getByRole("link", { name: t.buyReport });
    expect(await buy.getAttribute("href")).toBe(localizePath("checkout", locale, { id }));
    await buy.click();
    await page.waitForURL((url) => url.pathname === localizePath("checkout", locale, { id }));
    await page.getByTestId("checkout-form").waitFor();
  });
});

describe("pages about one payment", () => {
  it("answer 404 for a payment that is not the reader's (or does not exist)", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    await signUpViaApi(context, "nopayment");
    const paymentId = crypto.randomUUID();
    const id = crypto.randomUUID();
    for (const path of [
      localizePath("payments", "en", { status: "success", id: paymentId }),
      localizePath("payments", "pt-br", { status: "pending", id: paymentId }),
      localizePath("checkoutStatus", "en", { id, paymentId }),
      localizePath("checkout", "pt-br", { id }),
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});

/** A payment started through the API, as Pay starts it, left at the provider's page. */
async function startPayment(context: BrowserContext, id: string, locale: Locale) {
  const started = await context.request.post(`${baseUrl}/api/checkout/${id}/payments`, {
    data: {},
    headers: { Origin: baseUrl, i18n: locale },
  });
  expect(started.status()).toBe(201);
  return ((await started.json()) as { paymentId: string }).paymentId;
}

describe("the checkout's status page", () => {
  it("moves to the result by itself, without a reload, once the buyer pays in another tab", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "waiting");
    const started = await context.request.post(`${baseUrl}/api/checkout/${id}/payments`, {
      data: {},
      headers: { Origin: baseUrl, i18n: "en" },
    });
    expect(started.status()).toBe(201);
    const { paymentId, redirectUrl } = (await started.json()) as {
      paymentId: string;
      redirectUrl: string;
    };
    await page.goto(localizePath("checkoutStatus", "en", { id, paymentId }));
    await page.getByTestId("payment-status").waitFor();
    await setMarker(page);

    const provider = await context.newPage();
    await provider.goto(redirectUrl);
    await provider.getByTestId("pay-card").click();
    await provider.waitForURL((url) => url.pathname.startsWith("/payments/success/"));
    await provider.close();

    await page.waitForURL((url) => url.pathname === `/payments/success/${paymentId}`);
    await page.getByTestId("payment-result").waitFor();
    expect(await marker(page)).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe("the offer and checkout once a payment was tried", () => {
  it("a payment started and not finished is called open, not failed, and paying again is offered", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "open");
    const paymentId = await startPayment(context, id, "en");

    await page.goto(localizePath("result", "en", { id }));
    const note = page.getByTestId("open-payment");
    expect(await note.textContent()).toContain("not finished yet");
    expect(await note.getByRole("link").getAttribute("href")).toBe(
      localizePath("checkoutStatus", "en", { id, paymentId }),
    );
    expect(await page.getByTestId("offer-retry").count()).toBe(0);
    expect(await page.getByTestId("offer-cta").count()).toBe(1);
  });

  it("the cancelled page of a checkout left open changes nothing when read; its Try again works without JavaScript", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({
      viewport: viewports.phone,
      javaScriptEnabled: false,
    });
    const id = await finishedAttemptOfNewAccount(context, "left");
    const paymentId = await startPayment(context, id, "pt-br");
    const cancelledPath = localizePath("payments", "pt-br", { status: "cancelled", id: paymentId });
    const statusOf = async () =>
      (
        (await (await context.request.get(`${baseUrl}/api/payments/${paymentId}`)).json()) as {
          status: string;
        }
      ).status;

    // A checkout opened before the cancel link led here still sends its buyer to the
    // status page with ?cancelled=1: the cancelled page is where they arrive.
    await page.goto(`${localizePath("checkoutStatus", "pt-br", { id, paymentId })}?cancelled=1`);
    await page.waitForURL((url) => url.pathname === cancelledPath);
    expect(await page.getByTestId("payment-result").getAttribute("data-left")).toBe("true");
    await page.reload();
    expect(await statusOf()).toBe("awaiting");
    // Only the cancelled page stands in for a payment nothing was heard about.
    await page.goto(localizePath("payments", "pt-br", { status: "failure", id: paymentId }));
    await page.waitForURL(
      (url) => url.pathname === localizePath("checkoutStatus", "pt-br", { id, paymentId }),
    );

    await page.goto(cancelledPath);
    await page.getByTestId("payment-retry").click();
    await page.waitForURL((url) => url.pathname === localizePath("checkout", "pt-br", { id }));
    await page.getByTestId("checkout-form").waitFor();
    expect(await page.getByTestId("open-payment").count()).toBe(0);
    expect(await statusOf()).toBe("cancelled");
    // Read again, the page follows the payment: cancelled, and Try again is a link now.
    await page.goto(cancelledPath);
    expect(await page.getByTestId("payment-result").getAttribute("data-left")).toBeNull();
    expect(await page.getByTestId("payment-retry").getAttribute("href")).toBe(
      localizePath("checkout", "pt-br", { id }),
    );
  });

  it("an unreachable provider: Pay explains that nothing was charged, and the offer says to try again", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone });
    // The local provider cannot be reached for buyers of this domain (worker/payments).
    const response = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
      data: {
        name: "Rafael Souza",
        email: `down-${crypto.randomUUID()}@provider-unreachable.test`,
        dateOfBirth: "1990-02-11",
        password,
        passwordConfirmation: password,
      },
      headers: { Origin: baseUrl },
    });
    expect(response.status()).toBe(201);
    const id = await finishedAttempt(context);

    await page.goto(localizePath("checkout", "pt-br", { id }));
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByTestId("checkout-pay").click();
    const problem = page.getByTestId("checkout-unavailable");
    await problem.waitFor();
    expect(await problem.textContent()).toContain("nada foi cobrado");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);

    await page.goto(localizePath("result", "pt-br", { id }));
    expect(await page.getByTestId("offer-retry").textContent()).toContain("tentar novamente");
  });
});

describe.each(["en", "pt-br"] as const)("the result's first screen in %s", (locale) => {
  it("at 1280 x 800 shows the whole score and the start of the report's offer (issue 30.5)", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: { width: 1280, height: 800 } });
    const id = await finishedAttemptOfNewAccount(context, "first-screen");
    await page.goto(localizePath("result", locale, { id }));
    await answerCookieBanner(page);
    const box = async (testId: string) => {
      const found = await page.getByTestId(testId).boundingBox();
      if (!found) throw new Error(`${testId} has no box`);
      return found;
    };
    // The score's card, whole, and the classification beside it.
    const score = await page.locator(".result-score").boundingBox();
    expect((score?.y ?? 800) + (score?.height ?? 0)).toBeLessThanOrEqual(800);
    expect((await box("result-band")).y).toBe(score?.y);
    // The offer's title and price start within the first screen.
    const title = await page.locator("#offer-title").boundingBox();
    expect((title?.y ?? 800) + 40).toBeLessThan(800);
    expect((await box("offer-price")).y).toBeLessThan(800);
    await screenshot(page, `result-first-screen-${locale}`);
    expect(problems).toEqual([]);
  });
});
