import type { Locator, Page } from "playwright-core";
import { localizePath } from "../core/web/route-table";
import { finishedAttemptOfNewAccount } from "./attempt-taking";
import { answerCookieBanner, hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The price says its currency, and a Brazilian on the English site may pay in reais with
 * Pix (issue 30.5, docs/decisions/0043-a-certificate-worth-sharing.md); the cookie choice
 * leaves the total and Pay uncovered on a phone. The edge's country is named in
 * development by `X-Dev-Country` (worker/dev/country.ts).
 */

/** True when the element's centre is the element's own (nothing lies over it). */
function uncovered(element: Locator) {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && node.contains(hit);
  });
}

async function openCheckout(page: Page, locale: "en" | "pt-br", id: string, query = "") {
  await page.goto(`${localizePath("checkout", locale, { id })}${query}`);
  await page.getByTestId("checkout-form").waitFor();
}

describe.each(["phone", "desktop"] as const)("the checkout's currency on a %s", (size) => {
  const viewport = viewports[size];

  it("from Brazil on the English site: US$ 19.90 named, and R$ 49.90 with Pix one click away", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({
      viewport,
      extraHTTPHeaders: { "X-Dev-Country": "BR" },
    });
    const id = await finishedAttemptOfNewAccount(context, "brazil");
    // The result's offer says it too, and leads to the checkout in reais.
    await page.goto(localizePath("result", "en", { id }));
    expect(await page.getByTestId("offer-price").textContent()).toContain("US$\u00a019.90");
    expect(await page.getByTestId("brazil-offer-link").getAttribute("href")).toBe(
      `${localizePath("checkout", "en", { id })}?currency=BRL`,
    );
    await openCheckout(page, "en", id);
    await answerCookieBanner(page);
    // The cookie choice says nothing over the total and Pay (a toast covered them at 360 px).
    await page.getByTestId("checkout-pay").scrollIntoViewIfNeeded();
    expect(await uncovered(page.getByTestId("checkout-pay"))).toBe(true);
    expect(await uncovered(page.getByTestId("checkout-total"))).toBe(true);
    expect(await page.getByTestId("checkout-total").textContent()).toBe("US$\u00a019.90");
    expect(await page.getByTestId("checkout-pay").textContent()).toContain("US$\u00a019.90");
    const offer = page.getByTestId("brazil-offer");
    expect(await offer.textContent()).toBe("Paying from Brazil? Pay R$49.90 with Pix or boleto");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `checkout-brazil-offer-${size}`);

    await page.getByTestId("brazil-offer-link").click();
    await page.waitForURL((url) => url.search === "?currency=BRL");
    await page.getByTestId("checkout-currency-usd").waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("R$49.90");
    expect(await page.getByTestId("payment-methods").textContent()).toContain("Pix");
    // The client-side navigation animates: the screenshot waits for it to end.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await screenshot(page, `checkout-in-reais-${size}`);
    await page.getByTestId("checkout-pay").click();
    await page.getByTestId("pay-banner").waitFor();
    expect(await page.getByTestId("pay-amount").textContent()).toContain("49.90");
    await page.getByTestId("pay-pix").waitFor();
    expect(problems).toEqual([]);
  });

  it("elsewhere, or on the Portuguese site, no offer: dollars named, or reais already", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport });
    const id = await finishedAttemptOfNewAccount(context, "elsewhere");
    await page.goto(localizePath("result", "en", { id }));
    await page.getByTestId("offer-price").waitFor();
    expect(await page.getByTestId("brazil-offer").count()).toBe(0);
    await openCheckout(page, "en", id);
    expect(await page.getByTestId("checkout-total").textContent()).toBe("US$\u00a019.90");
    expect(await page.getByTestId("brazil-offer").count()).toBe(0);
    await openCheckout(page, "pt-br", id);
    expect(await page.getByTestId("checkout-total").textContent()).toBe("R$\u00a049,90");
    expect(await page.getByTestId("brazil-offer").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
