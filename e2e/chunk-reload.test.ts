import type { Page } from "playwright-core";
import { hydrate, marker, setMarker, signalIntent } from "./browser";
import { describe, expect, it } from "./fixtures";

/** The home screen's route module in the build (`app/routes/home.tsx` -> `/assets/home-<hash>.js`). */
const homeChunk = /^\/assets\/home-(?!sections-)[\w-]+\.js$/;
const backHome = ".error-actions a";

/**
 * Clicks a link once React owns it, so the click is a client-side navigation (a shared copy
 * hydrates on the visitor's intent, ADR 0033: a first key).
 */
async function clickWhenHydrated(page: Page, selector: string) {
  await signalIntent(page);
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return (
      "__reactRouterDataRouter" in window &&
      element !== null &&
      Object.keys(element).some((key) => key.startsWith("__reactProps$"))
    );
  }, selector);
  await page.click(selector);
}

/**
 * Waits until the page has hydrated, run its effects and been idle, and until every request
 * it sent by then has reached the test: a request sent afterwards is seen after them.
 */
async function idleAfterHydration(page: Page) {
  // A shared copy hydrates on the visitor's intent (ADR 0033).
  await hydrate(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const sentinel = "/favicon.svg?after-idle";
  const seen = page.waitForRequest((request) => request.url().endsWith(sentinel));
  await page.evaluate((url) => fetch(url).then(() => undefined), sentinel);
  await seen;
}

describe("a route module that fails to load", () => {
  it("reloads the page once, then shows the error screen instead of reloading again within 10 s", async ({
    newPage,
  }) => {
    const { page, problems, allowProblems } = await newPage();
    // Only the expected noise: the aborted fetches and React Router's (and the boundary's) logs.
    const noise =
      /Error loading route module|net::ERR_FAILED|dynamically imported module|RouteModuleLoadError/;
    allowProblems(noise);
    // Date.now() stands still, so however slow the machine, all of this is "within 10 s".
    const start = Date.now();
    await page.clock.setFixedTime(start);
    let aborted = 0;
    await page.route(
      (url) => homeChunk.test(url.pathname),
      (route) => {
        aborted++;
        return route.abort();
      },
    );
    let loads = 0;
    page.on("load", () => loads++);

    // The 404 screen does not load the home module; its back-home link must fetch it.
    await page.goto("/nao-existe");
    expect(loads).toBe(1);
    await setMarker(page);
    const reloaded = page.waitForEvent("load");
    await clickWhenHydrated(page, backHome);
    await reloaded;
    expect(aborted).toBeGreaterThanOrEqual(1);
    expect(loads).toBe(2);
    expect(new URL(page.url()).pathname).toBe("/nao-existe");
    expect(await marker(page)).toBeUndefined();

    // The same failure right after the reload: no second reload, an error screen.
    await setMarker(page);
    await clickWhenHydrated(page, backHome);
    await page.waitForSelector('.error-screen[data-status="500"]');
    expect(await page.locator("h1").textContent()).toBe("An Internal Server Error Occurred!");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await marker(page)).toBe(1);
    expect(loads).toBe(2);

    // Ten seconds after the last reload, a failure may reload the page again.
    await page.clock.setFixedTime(start + 10_000);
    await page.goto("/nao-existe");
    const reloadedAgain = page.waitForEvent("load");
    await clickWhenHydrated(page, backHome);
    await reloadedAgain;
    expect(loads).toBe(4);

    expect(problems.some((p) => p.includes("Error loading route module"))).toBe(true);
    expect(problems.filter((p) => !noise.test(p))).toEqual([]);
  });
});

/** The login modal's chunk, downloaded apart from the pages (ADR 0015). */
const authModalChunk = /^\/assets\/auth-modal-[\w-]+\.js$/;
const signIn = "[data-testid=sign-in-button]";

describe("the login modal's file, downloaded when it first opens", () => {
  it("failing: reloads the page once; within 10 s the 503 modal's Try Again reloads; slow: a spinner, then the modal", async ({
    newPage,
  }) => {
    const { page, problems, allowProblems } = await newPage();
    // The aborted download's noise.
    const noise = /net::ERR_FAILED|dynamically imported module/;
    allowProblems(noise);
    await page.clock.setFixedTime(Date.now());
    let blocked = true;
    let aborted = 0;
    // A slow connection: the file arrives once the page has shown that it is on its way.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    await page.route(
      (url) => authModalChunk.test(url.pathname),
      async (route) => {
        if (blocked) {
          aborted++;
          return route.abort();
        }
        await arrived;
        return route.continue();
      },
    );
    let loads = 0;
    page.on("load", () => loads++);

    await page.goto("/");
    // Nothing downloads the modal before it is wanted, not even once the page is idle
    // (when a background prefetch would start).
    await idleAfterHydration(page);
    expect(aborted).toBe(0);
    await setMarker(page);
    const reloaded = page.waitForEvent("load");
    await clickWhenHydrated(page, signIn);
    await reloaded;
    expect(aborted).toBe(1);
    expect(loads).toBe(2);
    expect(await marker(page)).toBeUndefined();

    // Again within 10 s: no automatic reload, the 503 modal instead of the login modal.
    await setMarker(page);
    await clickWhenHydrated(page, signIn);
    const modal = page.getByTestId("error-modal");
    await modal.waitFor();
    expect(await modal.locator("[data-status]").getAttribute("data-status")).toBe("503");
    expect(await marker(page)).toBe(1);
    expect(loads).toBe(2);

    // The file is back, slowly: Try Again loads a new page, where the button shows a
    // spinner at once and then the login modal.
    blocked = false;
    const reloadedByUser = page.waitForEvent("load");
    await modal.getByRole("button", { name: "Try Again" }).click();
    await reloadedByUser;
    expect(loads).toBe(3);
    await clickWhenHydrated(page, signIn);
    await page.getByRole("dialog", { name: "Opening…" }).waitFor();
    arrive();
    await page.getByRole("dialog", { name: "Welcome back" }).waitFor();
    expect(await page.getByTestId("auth-modal-loading").count()).toBe(0);

    expect(problems.filter((p) => !noise.test(p))).toEqual([]);
  });
});

/** The home page's sections and the test's runner, downloaded apart (ADR 0028). */
const homeSectionsChunk = /^\/assets\/home-sections-[\w-]+\.js$/;
const attemptRunnerChunk = /^\/assets\/attempt-runner-[\w-]+\.js$/;
const codeNoise = /net::ERR_FAILED|dynamically imported module|failed to load/;

describe("code downloaded when a page needs it, failing", () => {
  it("the home page's sections, after a client-side navigation: the page reloads once (the server renders them), then within 10 s the error screen", async ({
    newPage,
  }) => {
    const { page, problems, allowProblems } = await newPage();
    allowProblems(codeNoise);
    await page.clock.setFixedTime(Date.now());
    let aborted = 0;
    await page.route(
      (url) => homeSectionsChunk.test(url.pathname),
      (route) => {
        aborted++;
        return route.abort();
      },
    );
    let loads = 0;
    page.on("load", () => loads++);

    // The first load of the home page does not download them.
    await page.goto("/");
    await idleAfterHydration(page);
    expect(aborted).toBe(0);

    await page.goto("/test");
    const reloaded = page.waitForEvent("load");
    await clickWhenHydrated(page, ".brand");
    await reloaded;
    expect(aborted).toBe(1);
    expect(loads).toBe(3);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator("[data-testid=famous-list] > li").count()).toBe(22);

    // Again within 10 s: no second reload, the error screen.
    await clickWhenHydrated(page, "[data-testid=cta]");
    await page.waitForURL((url) => url.pathname === "/test");
    await clickWhenHydrated(page, ".brand");
    await page.waitForSelector('.error-screen[data-status="500"]');
    expect(loads).toBe(3);
    expect(problems.filter((p) => !codeNoise.test(p))).toEqual([]);
  });

  it("the test's runner, when a test starts: the page reloads once, then within 10 s the error screen; once the file is back, the running test", async ({
    newPage,
  }) => {
    const { page, problems, allowProblems } = await newPage();
    // Hydrating the running test without its code: React reports that the page did not
    // match (its errors #418, #520) and renders it again, where the error screen shows.
    const noise = new RegExp(`${codeNoise.source}|React error #(418|520)`);
    allowProblems(noise);
    await page.clock.setFixedTime(Date.now());
    let blocked = true;
    let aborted = 0;
    // The file fails once the test has started (the two download side by side), so the
    // reloaded page shows the running test.
    let started = () => {};
    const testStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().method() === "POST" && url.pathname === "/api/tests") started();
    });
    await page.route(
      (url) => attemptRunnerChunk.test(url.pathname),
      async (route) => {
        if (!blocked) return route.continue();
        await testStarted;
        aborted++;
        return route.abort();
      },
    );
    let loads = 0;
    page.on("load", () => loads++);

    // The introduction does not download it.
    await page.goto("/test");
    await idleAfterHydration(page);
    expect(aborted).toBe(0);

    const reloaded = page.waitForEvent("load");
    await clickWhenHydrated(page, "[data-testid=start-test]");
    await reloaded;
    expect(aborted).toBeGreaterThanOrEqual(1);
    expect(loads).toBe(2);
    // The test started: the server renders it, and its file fails again within 10 s.
    await page.waitForSelector('.error-screen[data-status="500"]');
    expect(loads).toBe(2);

    blocked = false;
    await page.goto("/test");
    await page.locator("[data-testid=test-runner][data-ready=true]").waitFor();
    expect(problems.filter((p) => !noise.test(p))).toEqual([]);
  });
});
