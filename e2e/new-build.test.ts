import type { Page } from "playwright-core";
import { marker, setMarker, signalIntent } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * Opens the home with a fake clock, the deployed build id answered by `deployedId`; returns
 * the build checks' URLs as they come.
 */
async function openHome(page: Page, deployedId: (real: string) => string) {
  const polls: string[] = [];
  await page.clock.install();
  await page.route(
    (url) => url.pathname === "/builds/latest.json",
    async (route) => {
      polls.push(route.request().url());
      const real = (await (await route.fetch()).json()) as { id: string };
      await route.fulfill({ json: { id: deployedId(real.id) } });
    },
  );
  await page.goto("/");
  await page.waitForFunction(() => document.querySelector("a.brand") !== null);
  // The home page's shared copy hydrates on the visitor's intent (ADR 0033): a first key.
  await signalIntent(page);
  // Hydrated once React Router's client router exists.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // React finishes hydrating on a timer the fake clock holds: release it, then wait for the
  // effects that start the hourly check. React Router's scroll restoration takes over in an
  // effect of the same commit (root.tsx renders it beside the build watcher).
  await page.clock.runFor(1000);
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
  await setMarker(page);
  return polls;
}

describe("new-build check", () => {
  it("polls hourly and reloads the page on the next navigation once the build changed", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage();
    const polls = await openHome(page, () => "a-newer-build");
    await page.clock.runFor(59 * 60 * 1000);
    expect(polls).toHaveLength(0);
    await page.clock.runFor(2 * 60 * 1000);
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]).toMatch(/\/builds\/latest\.json\?t=\d+$/);
    await page.clock.runFor(60 * 60 * 1000);
    await expect.poll(() => polls.length).toBe(2);

    const reloaded = page.waitForEvent("load");
    await page.getByRole("link", { name: "Português (Brasil)" }).click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(await marker(page)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it("navigates without reloading while the build is the same", async ({ page }) => {
    const polls = await openHome(page, (real) => real);
    await page.clock.runFor(59 * 60 * 1000);
    await page.clock.runFor(2 * 60 * 1000);
    await expect.poll(() => polls.length).toBe(1);
    await page.getByRole("link", { name: "Português (Brasil)" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "pt-BR");
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(await marker(page)).toBe(1);
  });
});
