import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { inject } from "vitest";

/** Helpers of the browser tests; their browser and pages come from `fixtures.ts`. */

export const baseUrl = inject("baseUrl");

export const viewports = {
  narrowest: { width: 320, height: 640 },
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 860 },
} as const;

export async function screenshot(page: Page, name: string) {
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/** True when nothing on the page is wider than the viewport. */
export function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Marks the page's window, to tell a client-side navigation (the mark stays, `marker` reads
 * 1) from a new document, as after a reload (the mark is gone, `marker` reads undefined).
 */
export function setMarker(page: Page) {
  return page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
}

export function marker(page: Page) {
  return page.evaluate(() => (window as unknown as { marker?: number }).marker);
}

/**
 * Shows the intent a page that waits for it needs before it hydrates (a shared copy of a
 * public page, a result: docs/decisions/0033-hydration-on-intent.md): a Shift key press, as
 * a visitor's first key would, which changes nothing on any page.
 */
export function signalIntent(page: Page) {
  return page.keyboard.press("Shift");
}

/**
 * Hydrates a page that waits for the visitor's intent and waits until React owns it: React
 * Router's scroll restoration takes over in an effect of the hydration's commit. A page
 * that hydrated by itself passes at once.
 */
export async function hydrate(page: Page) {
  await signalIntent(page);
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/**
 * Answers the cookie banner with its first one-click choice, once React owns the page: the
 * banner's buttons are React's, and a page that hydrates at once does not hold a press made
 * before (only a page that waits for intent does, ADR 0033), so a press racing hydration
 * was lost now and then and the banner stayed.
 */
export async function answerCookieBanner(page: Page) {
  await hydrate(page);
  await page.getByTestId("cookie-banner").locator("button.cookie-button").first().click();
  await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
}

/** How many lines an element's own text takes. */
export function textLines(element: Locator) {
  return element.evaluate((node) => {
    const tops = new Set<number>();
    for (const child of node.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(child);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}
