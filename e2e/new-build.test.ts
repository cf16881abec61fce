import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the home with a fake clock, the deployed build id answered by `deployedId`. */
async function openHome(deployedId: (real: string) => string) {
  const opened = await newPage(browser);
  const { page } = opened;
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
  // Hydrated once React Router's client router exists.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // React finishes hydrating on a timer the fake clock holds: release it, then give the
  // browser a moment of real time to run the effects that start the hourly check.
  await page.clock.runFor(1000);
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  return { ...opened, polls };
}

function marker(page: Page) {
  return page.evaluate(() => (window as unknown as { marker?: number }).marker);
}

describe("new-build check", () => {
  it("polls hourly and reloads the page on the next navigation once the build changed", async () => {
    const { page, context, polls, problems } = await openHome(() => "a-newer-build");
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
    await context.close();
  });

  it("navigates without reloading while the build is the same", async () => {
    const { page, context, polls } = await openHome((real) => real);
    await page.clock.runFor(59 * 60 * 1000);
    await page.clock.runFor(2 * 60 * 1000);
    await expect.poll(() => polls.length).toBe(1);
    await page.getByRole("link", { name: "Português (Brasil)" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "pt-BR");
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(await marker(page)).toBe(1);
    await context.close();
  });
});
