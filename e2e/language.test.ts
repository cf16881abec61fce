import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function languageCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "lang");
}

describe("language in the browser", () => {
  it("a Portuguese browser lands on /pt-br; the switcher leads to English and it sticks", async () => {
    const { page, context, problems } = await newPage(browser, { locale: "pt-BR" });
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    // Background requests after hydration (route discovery) must not rewrite the cookie.
    await page.waitForLoadState("networkidle");
    const cookie = await languageCookie(context);
    expect(cookie).toMatchObject({ value: "pt-BR.prefixed", path: "/", sameSite: "Lax" });
    expect(cookie?.domain).toBe("localhost"); // host-only
    // The header asks for 10 years (see pages.test.ts); Chromium caps any cookie at 400 days.
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 399 * 24 * 3600);

    await page.getByRole("link", { name: "English (United States)" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.waitForFunction(() => document.documentElement.lang === "en-US");
    expect(await page.locator("h1").textContent()).toBe("How sharp is your reasoning?");
    expect((await languageCookie(context))?.value).toBe("en-US");

    // Coming back later from outside: the cookie now beats the browser language.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the switcher links to the same screen in the other language", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/pt-br/nao-existe");
    // Unknown pages switch to the other language's home; known screens keep their place.
    expect(await page.getAttribute('a[data-locale="en"]', "href")).toBe("/");
    await page.goto("/");
    expect(await page.getAttribute('a[data-locale="pt-br"]', "href")).toBe("/pt-br");
    await context.close();
  });
});
