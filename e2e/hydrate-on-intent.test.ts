import type { Page } from "playwright-core";
import { finishedAttemptOfNewAccount, signUpViaApi } from "./attempt-taking";
import { viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The shared copies of the public pages hydrate on the visitor's intent
 * and a result page (docs/decisions/0033-hydration-on-intent.md): no script is downloaded before the page has
 * loaded, the code is fetched (not run) once the browser is idle, and a click on a button
 * before React owns it is held and given back after the hydration, not lost.
 */

const moduleScript = /^\/assets\/.+\.js$/;
const signIn = "[data-testid=sign-in-button]";

/** The module scripts the page requests, in order. */
function watchScripts(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (moduleScript.test(path)) requested.push(path);
  });
  return { requested };
}

/** What the current document fetched before its `load` event (the Performance API's entries). */
async function fetchedBeforeLoad(page: Page): Promise<string[]> {
  await page.waitForLoadState("load");
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < (navigation?.loadEventStart ?? 0))
      .map((entry) => new URL(entry.name).pathname);
  });
}

/** No script file among what the current document fetched before its `load` event. */
async function noScriptBeforeLoad(page: Page) {
  const fetched = await fetchedBeforeLoad(page);
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((path) => moduleScript.test(path))).toEqual([]);
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
    // A script asked for before `load` would be in the list, or (the entry) hold `load` back.
    await noScriptBeforeLoad(page);

    // Idle after the load: every listed module is requested, none of them runs.
    const listed = await page.evaluate(
      () => document.getElementById("hydrate-on-intent")?.dataset.preload?.split(" ") ?? [],
    );
    expect(listed.length).toBeGreaterThan(1);
    await expect.poll(() => [...scripts.requested].sort()).toEqual([...listed].sort());
    expect(await isHydrated(page)).toBe(false);

    // The click comes before React can own the button: it is held (and shows it), then given
    // back.
    await page.click(signIn);
    expect(await isHydrated(page)).toBe(false);
    const button = page.locator(signIn);
    expect(await button.getAttribute("data-held")).toBe("");
    expect(await button.evaluate((element) => getComputedStyle(element).cursor)).toBe("progress");
    release();
    await page.locator("dialog[open]").waitFor();
    expect(await isHydrated(page)).toBe(true);
    expect(await button.getAttribute("data-held")).toBeNull();
    expect(await page.locator("dialog[open] .auth-title").textContent()).toBe("Welcome back");
    expect(problems).toEqual([]);
  });

  it("by keyboard: the focus is intent, Enter on Sign in opens the login modal (pt-br, desktop)", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.desktop });
    const scripts = watchScripts(page);
    await page.goto("/pt-br");
    await noScriptBeforeLoad(page);
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
    await page.goto("/pt-br");
    // A plain link: the browser follows it without any script (no pointer event on the way).
    await page.getByTestId("cta").evaluate((link: HTMLAnchorElement) => link.click());
    await page.waitForURL((url) => url.pathname === "/pt-br/teste");
    await noScriptBeforeLoad(page);
    expect(await isHydrated(page)).toBe(false);
    expect(problems).toEqual([]);
  });

  it("a page rendered for its visitor alone hydrates at once: a query string, a signed-in visitor", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    await page.goto("/?ref=partner");
    const fetched = await fetchedBeforeLoad(page);
    expect(fetched.filter((path) => moduleScript.test(path)).length).toBeGreaterThan(1);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    await signUpViaApi(context, "hydrate-on-intent");
    await page.goto("/pt-br");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await page.locator("#hydrate-on-intent").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("a result waits for intent too: its account menu pressed before hydration opens; a result id that is not the visitor's hydrates at once", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttemptOfNewAccount(context, "result-intent");
    await page.goto(`/pt-br/resultado/${id}`);
    await page.getByTestId("result-iq").waitFor();
    await noScriptBeforeLoad(page);
    expect(await isHydrated(page)).toBe(false);
    await page.click("[data-testid=account-button]");
    await page.getByTestId("menu-account").waitFor();
    expect(await isHydrated(page)).toBe(true);

    // The invalid-test page (another state of the same route) hydrates at once.
    await page.goto(`/pt-br/resultado/${crypto.randomUUID()}`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await page.locator("#hydrate-on-intent").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
