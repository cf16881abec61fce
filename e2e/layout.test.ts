import { hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

describe.each(Object.entries(viewports))("at %s width", (name, viewport) => {
  it.for([
    ["en", "/", "How sharp is your reasoning?", "Start the free test"],
    ["pt-br", "/pt-br", "Até onde vai o seu raciocínio?", "Começar o teste grátis"],
  ] as const)(
    "the %s home shows the hero and its call to action without overflow",
    async ([locale, path, title, cta], { newPage }) => {
      const { page, problems } = await newPage({ viewport });
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
    },
  );

  it("the 404 screen fits and leads home", async ({ newPage }) => {
    const { page, problems } = await newPage({ viewport });
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
  });

  it("the 503 screen offers Try again", async ({ newPage }) => {
    const { page } = await newPage({ viewport });
    const response = await page.goto("/_dev/error/503");
    expect(response?.status()).toBe(503);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
    await screenshot(page, `503-en-${name}`);
  });
});
