import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { hasNoHorizontalOverflow, hydrate, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The privacy policy, the terms of use and the cookie choice (issue 7, items 2 and 3;
 * SECURITY.md 34; docs/decisions/0012-legal-pages-and-consent.md), in both languages, at
 * a phone width and a desktop width.
 */

type Messages = Record<string, string>;
const messages = (file: string): Messages =>
  JSON.parse(readFileSync(new URL(`../messages/${file}.json`, import.meta.url), "utf8"));

/** The numbered section headings a page must show, from its message file. */
const headings = (all: Messages, prefix: string) =>
  Array.from({ length: 11 }, (_, i) => `${i + 1}. ${all[`${prefix}_s${i + 1}_title`]}`);

const texts = {
  en: {
    home: "/",
    other: "/test",
    privacy: "/privacy-policy",
    terms: "/terms-of-use",
    privacyLink: "Privacy policy",
    termsLink: "Terms of use",
    preferences: "Cookie preferences",
    accept: "Accept all",
    reject: "Reject optional",
    save: "Save and continue",
    customize: "Choose by category",
    messages: messages("en"),
  },
  "pt-br": {
    home: "/pt-br",
    other: "/pt-br/teste",
    privacy: "/pt-br/privacy-policy",
    terms: "/pt-br/termos-de-uso",
    privacyLink: "Política de privacidade",
    termsLink: "Termos de uso",
    preferences: "Preferências de cookies",
    accept: "Aceitar todos",
    reject: "Recusar opcionais",
    save: "Salvar e continuar",
    customize: "Escolher por categoria",
    messages: messages("pt-br"),
  },
} as const;

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "consent");
}

const banner = (page: Page) => page.getByTestId("cookie-banner");
const preferences = (page: Page) => page.getByRole("dialog", { name: /cookie/i });

/** Waits for the dialog's entrance animation, so a screenshot shows it as a person sees it. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));

const sizes = { phone: viewports.phone, desktop: viewports.desktop };

describe.each(Object.entries(texts))("in %s", (locale, t) => {
  describe.each(Object.entries(sizes))("at %s width", (size, viewport) => {
    it("the legal pages show all their sections and are linked from every page's footer", async ({
      newPage,
    }) => {
      const { page, problems } = await newPage({ viewport });
      await page.goto(t.home);
      await page.getByRole("contentinfo").getByRole("link", { name: t.privacyLink }).click();
      await page.getByTestId("privacy-policy").waitFor();
      expect(new URL(page.url()).pathname).toBe(t.privacy);
      expect(await page.locator("h1").textContent()).toBe(t.messages.privacy_title);
      const privacy = headings(t.messages, "privacy");
      expect(await page.locator(".legal-section h2").allTextContents()).toEqual(privacy);
      // The contents list leads to each section.
      const toc = page.getByRole("navigation", { name: t.messages.legal_toc_title });
      expect(await toc.getByRole("link").count()).toBe(11);
      await toc.getByRole("link", { name: t.messages.privacy_s7_title }).click();
      await page.waitForURL(/#cookies$/);
      expect(await page.locator("#cookies").isVisible()).toBe(true);
      // The spec's legal positions are in the text.
      const policy = (await page.getByTestId("privacy-policy").textContent()) ?? "";
      for (const key of ["privacy_s1_p1", "privacy_s2_li3", "privacy_s6_p1", "privacy_s8_p2"]) {
        expect(policy).toContain(t.messages[key]);
      }
      expect(await page.getByTestId("privacy-email").textContent()).toBe("privacy@localhost");
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `privacy-${locale}-${size}`);

      // Another page's footer leads to the terms.
      await page.goto(t.other);
      await page.getByRole("contentinfo").getByRole("link", { name: t.termsLink }).click();
      await page.getByTestId("terms-of-use").waitFor();
      expect(new URL(page.url()).pathname).toBe(t.terms);
      expect(await page.locator("h1").textContent()).toBe(t.messages.terms_title);
      expect(await page.locator(".legal-section h2").allTextContents()).toEqual(
        headings(t.messages, "terms"),
      );
      const terms = (await page.getByTestId("terms-of-use").textContent()) ?? "";
      for (const key of [
        "terms_s3_p1",
        "terms_s4_li1",
        "terms_s5_p1",
        "terms_s6_li2",
        "terms_s6_li3",
        "terms_s10_p2",
      ]) {
        expect(terms).toContain(t.messages[key]);
      }
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `terms-${locale}-${size}`);
      expect(problems).toEqual([]);
    });

    it("SECURITY 34: a first visit shows the banner, which leaves the call to action usable; 'Reject optional' keeps only the necessary", async ({
      newPage,
    }) => {
      const { page, context, problems } = await newPage({ viewport });
      await page.goto(t.home);
      await banner(page).waitFor();
      expect(await banner(page).getByRole("heading").textContent()).toBe(
        t.messages.cookies_banner_title,
      );
      // Rejecting is as easy as accepting: same size, side by side.
      const reject = banner(page).getByRole("button", { name: t.reject });
      const accept = banner(page).getByRole("button", { name: t.accept });
      const [a, b] = [await reject.boundingBox(), await accept.boundingBox()];
      expect(a && b && Math.abs(a.width - b.width) <= 1 && Math.abs(a.height - b.height) <= 1).toBe(
        true,
      );
      expect(a?.y).toBe(b?.y);
      // The banner does not cover the call to action, and does not block the page.
      const ctaFree = await page.getByTestId("cta").evaluate((cta) => {
        const box = cta.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && cta.contains(hit);
      });
      expect(ctaFree).toBe(true);
      // Compact: under a fifth of a phone's screen (it took a quarter), the title still
      // its name for screen readers.
      const height = (await banner(page).boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height).toBeLessThan(viewport.height / 5);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `consent-banner-${locale}-${size}`);
      expect(await consentCookie(context)).toBeUndefined();

      await reject.click();
      await banner(page).waitFor({ state: "detached" });
      // No toast: the banner going away is the answer (a toast covered a phone's Pay button);
      // it would have rendered in the same commit that removed the banner.
      expect(await page.locator(".toast").count()).toBe(0);
      const cookie = await consentCookie(context);
      expect(cookie?.value).toMatch(/^v1\.e0\.a0\.\d{10}$/);
      expect(cookie?.path).toBe("/");
      expect(cookie?.sameSite).toBe("Lax");
      const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
      expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(120);

      await page.reload();
      await page.getByTestId("cta").waitFor();
      // The home page is a copy shared by every anonymous visitor: it knows nobody's
      // choice, and hides the banner before the first paint (e2e/shared-copy.test.ts)
      // until the page's script, which runs on the visitor's intent (ADR 0033), removes it.
      expect(await banner(page).isVisible()).toBe(false);
      await hydrate(page);
      await banner(page).waitFor({ state: "detached" });
      expect(problems).toEqual([]);
    });

    it("SECURITY 34: 'Accept all' stores every category; the footer reopens the choice, pre-filled, to change or withdraw it", async ({
      newPage,
    }) => {
      const { page, context, problems } = await newPage({ viewport });
      await page.goto(t.other);
      await banner(page).getByRole("button", { name: t.accept }).click();
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCookie(context))?.value).toMatch(/^v1\.e1\.a1\.\d{10}$/);

      await page.getByRole("contentinfo").getByRole("button", { name: t.preferences }).click();
      const dialog = preferences(page);
      await dialog.waitFor();
      expect(await dialog.getByTestId("consent-necessary").isChecked()).toBe(true);
      expect(await dialog.getByTestId("consent-necessary").isDisabled()).toBe(true);
      expect(await dialog.getByTestId("consent-experience").isChecked()).toBe(true);
      expect(await dialog.getByTestId("consent-analytics").isChecked()).toBe(true);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await settled(page);
      await screenshot(page, `consent-preferences-${locale}-${size}`);
      await dialog.getByRole("switch", { name: t.messages.cookies_analytics_title }).click();
      await dialog.getByRole("button", { name: t.save }).click();
      await dialog.waitFor({ state: "detached" });
      expect((await consentCookie(context))?.value).toMatch(/^v1\.e1\.a0\.\d{10}$/);
      expect(await banner(page).count()).toBe(0);

      // Withdrawing is as easy: the same dialog, one button.
      await page.reload();
      await page.getByRole("contentinfo").getByRole("button", { name: t.preferences }).click();
      await dialog.waitFor();
      expect(await dialog.getByTestId("consent-experience").isChecked()).toBe(true);
      expect(await dialog.getByTestId("consent-analytics").isChecked()).toBe(false);
      await dialog.getByRole("button", { name: t.reject }).click();
      await dialog.waitFor({ state: "detached" });
      expect((await consentCookie(context))?.value).toMatch(/^v1\.e0\.a0\.\d{10}$/);
      expect(problems).toEqual([]);
    });
  });

  it("the keyboard chooses by category from the banner, with nothing optional pre-ticked; Esc saves nothing", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    await page.goto(t.home);
    const customize = banner(page).getByRole("button", { name: t.customize });
    await customize.focus();
    await page.keyboard.press("Enter");
    const dialog = preferences(page);
    await dialog.waitFor();
    expect(await dialog.getByTestId("consent-experience").isChecked()).toBe(false);
    expect(await dialog.getByTestId("consent-analytics").isChecked()).toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await consentCookie(context)).toBeUndefined();
    expect(await banner(page).isVisible()).toBe(true);
    // Focus went back to the banner.
    expect(await customize.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByTestId("consent-experience").focus();
    await page.keyboard.press("Space");
    expect(await dialog.getByTestId("consent-experience").isChecked()).toBe(true);
    await dialog.getByRole("button", { name: t.save }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    expect((await consentCookie(context))?.value).toMatch(/^v1\.e1\.a0\.\d{10}$/);
    expect(await banner(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("nothing overflows at 320 px, with the banner and with the preferences open", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.narrowest });
    for (const path of [t.home, t.privacy, t.terms]) {
      await page.goto(path);
      await banner(page).waitFor();
      expect(await hasNoHorizontalOverflow(page), path).toBe(true);
    }
    await screenshot(page, `terms-${locale}-narrowest`);
    await banner(page).getByRole("button", { name: t.customize }).click();
    await preferences(page).waitFor();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await settled(page);
    await page.screenshot({ path: `e2e/screenshots/consent-preferences-${locale}-narrowest.png` });
    expect(problems).toEqual([]);
  });
});
