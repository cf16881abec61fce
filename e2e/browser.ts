import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { chromiumArgs } from "../scripts/chromium.mjs";

export const baseUrl = inject("baseUrl");

export const viewports = {
  narrowest: { width: 320, height: 640 },
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 860 },
} as const;

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject("chromiumPath"), args: chromiumArgs });
}

/**
 * A page that fails the test on any console error or uncaught exception in the browser.
 * Browser dialogs (alert, confirm, prompt, beforeunload) are dismissed and recorded in
 * `dialogs`, so a test can assert that none appeared (the old product's leftover alert).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  // Headless Chromium names itself "HeadlessChrome", which bot detection (rightly) flags.
  const userAgent = (
    await browser.newBrowserCDPSession().then(async (cdp) => {
      const { userAgent } = (await cdp.send("Browser.getVersion")) as { userAgent: string };
      await cdp.detach();
      return userAgent;
    })
  ).replace("HeadlessChrome", "Chrome");
  const context = await browser.newContext({ baseURL: baseUrl, userAgent, ...options });
  // A Content-Security-Policy violation (even one the page's code catches, like a library
  // probing for eval) is a problem: it is reported to the site's visitors' consoles.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // The error-screen tests load documents with an error status on purpose.
    const expected = message
      .text()
      .startsWith("Failed to load resource: the server responded with a status of");
    if (message.type() === "error" && !expected) {
      problems.push(`console.error: ${message.text()}`);
    }
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    // Another listener may have handled it already.
    dialog.dismiss().catch(() => {});
  });
  return { page, context, problems, dialogs };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/** True when nothing on the page is wider than the viewport. */
export function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
