import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasNoHorizontalOverflow, launch, newPage, screenshot, viewports } from "./browser";

/**
 * The login modal's promotional image (spec section 2: a sale-images path, desktop and
 * mobile JPEG, prefixed with the locale unless English), shown when a visitor arrives
 * wanting something behind an account (`?returnUrl=`).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cases = [
  {
    locale: "en",
    from: "/?returnUrl=%2F",
    viewport: "phone",
    src: "/sale-images/mobile.jpg",
    width: 960,
  },
  {
    locale: "en",
    from: "/?returnUrl=%2F",
    viewport: "desktop",
    src: "/sale-images/desktop.jpg",
    width: 800,
  },
  {
    locale: "pt-br",
    from: "/pt-br?returnUrl=%2Fpt-br",
    viewport: "phone",
    src: "/pt-br/sale-images/mobile.jpg",
    width: 960,
  },
  {
    locale: "pt-br",
    from: "/pt-br?returnUrl=%2Fpt-br",
    viewport: "desktop",
    src: "/pt-br/sale-images/desktop.jpg",
    width: 800,
  },
] as const;

describe("the promotional image in the login modal", () => {
  it.each(cases)(
    "$locale on $viewport shows $src",
    async ({ locale, from, viewport, src, width }) => {
      const { page, context, problems } = await newPage(browser, { viewport: viewports[viewport] });
      await page.goto(from);
      const image = page.getByTestId("auth-modal").locator(".auth-promo img");
      await image.waitFor();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await image.elementHandle(),
      );
      const loaded = await image.evaluate((img: HTMLImageElement) => ({
        src: new URL(img.currentSrc).pathname,
        naturalWidth: img.naturalWidth,
        alt: img.alt,
      }));
      expect(loaded).toEqual({
        src,
        naturalWidth: width,
        alt:
          locale === "en"
            ? "Lumen IQ: find out your IQ with a free test"
            : "Lumen IQ: descubra seu QI com um teste grátis",
      });
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      // The form stays reachable beside (desktop) or under (phone) the image.
      await page
        .getByTestId("auth-modal")
        .getByRole("button", { name: /Sign in|Entrar/ })
        .last()
        .scrollIntoViewIfNeeded();
      await screenshot(page, `sale-image-modal-${locale}-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("a page opened from the header has no promotional image", async () => {
    const { page, context, problems } = await newPage(browser, { viewport: viewports.desktop });
    await page.goto("/");
    await page.getByTestId("sign-in-button").click();
    await page.getByTestId("auth-modal").getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByTestId("auth-modal").locator(".auth-promo").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
