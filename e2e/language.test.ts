import type { BrowserContext } from "playwright-core";
import { hydrate } from "./browser";
import { describe, expect, it } from "./fixtures";

/** A well-formed password-reset token (unknown to the server: the page shows "invalid"). */
const token = "Zx9_kP2-qR7sT4uV8wY1";

async function languageCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "lang");
}

describe("language in the browser", () => {
  it("a Portuguese browser lands on /pt-br; the switcher leads to English and it sticks", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ locale: "pt-BR" });
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
  });

  it("a navigation that interrupts another leaves no error in the console", async ({ newPage }) => {
    const { page } = await newPage();
    await page.goto("/privacy-policy");
    // Hydrated (a shared copy, on intent): the client entry has run.
    await hydrate(page);
    // What a quick Back does to the transition of the navigation it interrupts: the
    // browser skips it, and its promises reject with nobody of React Router's listening.
    await page.evaluate(async () => {
      const transition = document.startViewTransition(() => {});
      transition.skipTransition();
      await transition.finished;
      // The next frame: an unhandled rejection is reported before it.
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    // The fixture fails the test on any page error or console error left behind.
  });

  it("the switcher links to the same screen in the other language", async ({ page }) => {
    await page.goto("/pt-br/nao-existe");
    // Unknown pages switch to the other language's home; known screens keep their place.
    expect(await page.getAttribute('a[data-locale="en"]', "href")).toBe("/");
    await page.goto("/");
    expect(await page.getAttribute('a[data-locale="pt-br"]', "href")).toBe("/pt-br");
  });

  it.for([
    // Ids (here the reset token) and the query string stay; the path is translated.
    [`/change-password/${token}?x=1`, `/pt-br/change-password/${token}?x=1`],
    ["/sign-in-error/failed", "/pt-br/erro-de-acesso/failed"],
    ["/pt-br/erro-de-acesso/missing-provider?a=b&c=d", "/sign-in-error/missing-provider?a=b&c=d"],
  ] as const)("the switcher keeps ids and the query: %s -> %s", async ([from, to], { newPage }) => {
    const { page, problems } = await newPage();
    await page.goto(from);
    const fromLocale = from.startsWith("/pt-br") ? "pt-br" : "en";
    const toLocale = fromLocale === "en" ? "pt-br" : "en";
    // The link to the current language stays where it is.
    expect(await page.getAttribute(`a[data-locale="${fromLocale}"]`, "href")).toBe(from);
    const link = page.locator(`a[data-locale="${toLocale}"]`);
    expect(await link.getAttribute("href")).toBe(to);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await link.click();
    await page.waitForURL((url) => url.pathname + url.search === to);
    await page.waitForFunction(
      (lang) => document.documentElement.lang === lang,
      toLocale === "en" ? "en-US" : "pt-BR",
    );
    // A real screen, not the 404 that an unknown path would give.
    expect(await page.locator(".error-screen").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
