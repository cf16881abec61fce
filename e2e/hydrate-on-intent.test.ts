import type { Page } from "playwright-core";
import { signUpViaApi } from "./attempt-taking";
import { viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The shared copies of the public pages hydrate on the visitor's intent
 * (docs/decisions/0033-hydration-on-intent.md): no script is downloaded before the page has
 * loaded, the code is fetched (not run) once the browser is idle, and a click on a button
 * before React owns it is held and given back after the hydration, not lost.
 */

const moduleScript = /^\/assets\/.+\.js$/;
const signIn = "[data-testid=sign-in-button]";

/**
 * The module scripts the current document requests, in order (a new document starts a new
 * list), and how many it had asked for at its `load`.
 */
function watchScripts(page: Page) {
  const requested: string[] = [];
  let atLoad = -1;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      requested.length = 0;
      atLoad = -1;
    }
    const path = new URL(request.url()).pathname;
    if (moduleScript.test(path)) requested.push(path);
  });
  page.on("load", () => {
    atLoad = requested.length;
  });
  return { requested, atLoad: () => atLoad };
}

const isHydrated = (page: Page) => page.evaluate(() => "__reactRouterDataRouter" in window);

/** The modules the inert script lists, once the browser has fetched every one of them. */
async function preloadedModules(page: Page): Promise<string[]> {
  const listed = await page.evaluate(
    () => document.getElementById("hydrate-on-intent")?.dataset.preload?.split(" ") ?? [],
  );
  expect(listed.length).toBeGreaterThan(1);
  await page.waitForFunction(
    (paths) =>
      paths.every((path) =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).some(
          (entry) => new URL(entry.name).pathname === path && entry.responseEnd > 0,
        ),
      ),
    listed,
  );
  return listed;
}

describe("a shared copy hydrates on intent", () => {
  it("downloads no script before it has loaded, fetches its code once idle without running it, and a click on Sign in made while that code is still on its way opens the login modal", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.phone });
    const scripts = watchScripts(page);
    // The client entry is held back until the click has been made.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    const response = await page.goto("/");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    expect(scripts.atLoad()).toBe(0);

    // Idle after the load: the modules are requested, none of them run.
    await page.waitForFunction(
      () => document.querySelectorAll("link[rel=modulepreload]").length > 1,
    );
    expect(scripts.requested.length).toBeGreaterThan(1);
    expect(await isHydrated(page)).toBe(false);

    // The click comes before React can own the button: it is held, then given back.
    await page.click(signIn);
    expect(await isHydrated(page)).toBe(false);
    release();
    await page.locator("dialog[open]").waitFor();
    expect(await isHydrated(page)).toBe(true);
    expect(await page.locator("dialog[open] .auth-title").textContent()).toBe("Welcome back");
    expect(problems).toEqual([]);
  });

  it("by keyboard: the focus is intent, Enter on Sign in opens the login modal (pt-br, desktop)", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.desktop });
    const scripts = watchScripts(page);
    await page.goto("/pt-br");
    expect(scripts.atLoad()).toBe(0);
    await preloadedModules(page);
    expect(await isHydrated(page)).toBe(false);
    await page.focus(signIn);
    await page.keyboard.press("Enter");
    await page.locator("dialog[open]").waitFor();
    expect(await page.locator("dialog[open] .auth-title").textContent()).toBe(
      "Que bom ver você de novo",
    );
    // The code came from the idle preload: nothing was fetched twice.
    expect(new Set(scripts.requested).size).toBe(scripts.requested.length);
    expect(problems).toEqual([]);
  });

  it("links work before hydration: the call to action opens the test's introduction, itself a shared copy", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.phone });
    const scripts = watchScripts(page);
    await page.goto("/pt-br");
    // A plain link: the browser follows it without any script (no pointer event on the way).
    await page.getByTestId("cta").evaluate((link: HTMLAnchorElement) => link.click());
    await page.waitForURL((url) => url.pathname === "/pt-br/teste");
    expect(scripts.atLoad()).toBe(0);
    expect(await isHydrated(page)).toBe(false);
    expect(problems).toEqual([]);
  });

  it("a page rendered for its visitor alone hydrates at once: a query string, a signed-in visitor", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    const scripts = watchScripts(page);
    await page.goto("/?ref=partner");
    expect(scripts.atLoad()).toBeGreaterThan(1);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    await signUpViaApi(context, "hydrate-on-intent");
    await page.goto("/pt-br");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await page.locator("#hydrate-on-intent").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
