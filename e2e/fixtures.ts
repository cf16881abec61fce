import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { test as base, inject } from "vitest";
import { chromiumArgs } from "../scripts/chromium.mjs";
import { baseUrl } from "./browser";

export { describe, expect } from "vitest";

/** A browser context and its first page, watched from the moment it opens. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /**
   * Console errors, uncaught exceptions and Content-Security-Policy violations in any page
   * of the context, in order. The test fails at its end if any is left that no
   * `allowProblems` pattern matches.
   */
  problems: readonly string[];
  /** Browser dialogs (alert, confirm, prompt, beforeunload), each dismissed and recorded. */
  dialogs: readonly string[];
  /** Lets the problems matching `pattern` through the end-of-test check: say which, exactly. */
  allowProblems(pattern: RegExp): void;
}

/** Reported at the end of the test, after the pages have closed. */
export class BrowserProblems extends Error {
  override name = "BrowserProblems";
}

/** Watches every page of a new context: its problems and its dialogs. */
async function open(browser: Browser, options: BrowserContextOptions) {
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
  const problems: string[] = [];
  const dialogs: string[] = [];
  // Every page of the context: the first, a second tab, a popup.
  context.on("page", (page) => {
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
    page.on("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      // Another listener may have handled it already.
      dialog.dismiss().catch(() => {});
    });
  });
  const page = await context.newPage();
  const allowed: RegExp[] = [];
  const opened: OpenedPage = {
    page,
    context,
    problems,
    dialogs,
    allowProblems: (pattern) => {
      allowed.push(pattern);
    },
  };
  const unexpected = () => problems.filter((p) => !allowed.some((a) => a.test(p)));
  return { opened, unexpected };
}

/**
 * The browser tests' `test`:
 * - `browser`: one Chromium for the whole file, launched when a test first needs it;
 * - `newPage(options?)`: a new context (viewport, locale, time zone…) and its page;
 * - `page`: the page of a context with the default options, for a test that needs no more.
 * At the end of each test every context it opened is closed, and the test fails if any of
 * their pages logged a console error, threw, or broke the Content-Security-Policy.
 */
export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern.
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
    const browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
      args: chromiumArgs,
    });
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("newPage", async ({ browser }, { onCleanup }) => {
    const all: Awaited<ReturnType<typeof open>>[] = [];
    onCleanup(async () => {
      const found = all.flatMap(({ unexpected }, i) =>
        unexpected().map((p) => (all.length > 1 ? `context ${i + 1}: ${p}` : p)),
      );
      await Promise.all(all.map(({ opened }) => opened.context.close()));
      if (found.length > 0) {
        throw new BrowserProblems(`the browser reported problems:\n${found.join("\n")}`);
      }
    });
    return async (options: BrowserContextOptions = {}): Promise<OpenedPage> => {
      const one = await open(browser, options);
      all.push(one);
      return one.opened;
    };
  })
  .extend("page", async ({ newPage }) => (await newPage()).page);

export { test as it };
