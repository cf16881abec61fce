import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasNoHorizontalOverflow, launch, newPage, screenshot, viewports } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.entries(viewports))("at %s width", (name, viewport) => {
  it.each([
    ["en", "/", "How sharp is your reasoning?", "Start the free test"],
    ["pt-br", "/pt-br", "Até onde vai o seu raciocínio?", "Começar o teste grátis"],
  ])(
    "the %s home shows the hero and its call to action without overflow",
    async (locale, path, title, cta) => {
      const { page, context, problems } = await newPage(browser, { viewport });
      await page.goto(path);
      await expect(page.locator("h1").textContent()).resolves.toBe(title);
      const button = page.getByTestId("cta");
      await expect(button.textContent()).resolves.toBe(cta);
      expect(await button.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      // The 'page' transition (out-in) is a view transition named after the main region.
      expect(
        await page.evaluate(
          () => getComputedStyle(document.querySelector("main") as Element).viewTransitionName,
        ),
      ).toBe("page");
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `home-${locale}-${name}`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("the 404 screen fits and leads home", async () => {
    const { page, context, problems } = await newPage(browser, { viewport });
    const response = await page.goto(
      "/pt-br/uma/pagina/que/nao/existe-mesmo-com-um-nome-bem-comprido",
    );
    expect(response?.status()).toBe(404);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `404-pt-br-${name}`);
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await page.getByRole("heading", { level: 1, name: "Até onde vai o seu raciocínio?" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the 503 screen offers Try again", async () => {
    const { page, context } = await newPage(browser, { viewport });
    const response = await page.goto("/_dev/error/503");
    expect(response?.status()).toBe(503);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
    await screenshot(page, `503-en-${name}`);
    await context.close();
  });
});
