import { saleImageSizes } from "../core/content/sale-images";
import { webpSize } from "../scripts/sale-images";
import { baseUrl, hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The login modal's promotional image (spec section 2: a sale-images path, desktop and
 * mobile JPEG, prefixed with the locale unless English), shown when a visitor arrives
 * wanting something behind an account (`?returnUrl=`). Served as WebP at the widths of spec
 * section 9 (ADR 0014) with the JPEGs as the fallback, in a box that does not move on load.
 */

const alt = {
  en: "Lumen IQ: find out your IQ with a free test",
  "pt-br": "Lumen IQ: descubra seu QI com um teste grátis",
} as const;

const cases = [
  { locale: "en", from: "/?returnUrl=%2F", viewport: "phone", scale: 1 },
  { locale: "en", from: "/?returnUrl=%2F", viewport: "desktop", scale: 1 },
  { locale: "pt-br", from: "/pt-br?returnUrl=%2Fpt-br", viewport: "phone", scale: 1 },
  { locale: "pt-br", from: "/pt-br?returnUrl=%2Fpt-br", viewport: "desktop", scale: 1 },
  { locale: "en", from: "/?returnUrl=%2F", viewport: "phone", scale: 2 },
  { locale: "pt-br", from: "/pt-br?returnUrl=%2Fpt-br", viewport: "desktop", scale: 2 },
] as const;

describe("the promotional image in the login modal", () => {
  it.for(cases)(
    "$locale on $viewport at $scale x: a WebP of the right width, in a box reserved before it loads",
    async ({ locale, from, viewport, scale }, { newPage }) => {
      const { page, problems } = await newPage({
        viewport: viewports[viewport],
        deviceScaleFactor: scale,
      });
      // Every sale image is held back until the box has been measured without it.
      const requested: string[] = [];
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/sale-images/**", async (route) => {
        requested.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      });
      await page.goto(from);
      await page.getByTestId("auth-modal").getByRole("heading").first().waitFor();
      const image = page.getByTestId("auth-modal").locator(".auth-promo img");
      // Attached, not visible: an image without a reserved box is 0 px tall until it loads.
      await image.waitFor({ state: "attached" });
      await page.waitForFunction(() => document.fonts.status === "loaded");
      // Sizes, and where the form sits inside the panel: positions on the page move while
      // the modal's opening animation runs, which is not a layout shift.
      const measure = () =>
        image.evaluate((img: HTMLImageElement) => {
          const round = (n: number) => Math.round(n * 100) / 100;
          const box = img.getBoundingClientRect();
          const panelElement = img.closest(".auth-panel") as HTMLElement;
          const panel = panelElement.getBoundingClientRect();
          const form = (
            panelElement.querySelector(".auth-content") as HTMLElement
          ).getBoundingClientRect();
          return {
            image: [box.width, box.height].map(round),
            panel: [panel.width, panel.height].map(round),
            formInPanel: [form.x - panel.x, form.y - panel.y].map(round),
          };
        });
      const before = await measure();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
      expect(before.image[0]).toBeGreaterThan(0);
      expect(before.image[1]).toBeGreaterThan(0);
      release();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await image.elementHandle(),
      );
      expect(await measure()).toEqual(before);

      const loaded = await image.evaluate((img: HTMLImageElement) => ({
        path: new URL(img.currentSrc).pathname,
        width: img.getBoundingClientRect().width,
        height: img.getBoundingClientRect().height,
        attributes: [img.getAttribute("width"), img.getAttribute("height")],
        decoding: img.decoding,
        loading: img.loading,
        alt: img.alt,
      }));
      const kind = viewport === "phone" ? "mobile" : "desktop";
      const prefix = locale === "en" ? "" : "/pt-br";
      const name = new RegExp(`^${prefix}/sale-images/webp/${kind}-(\\d+)w\\.[0-9a-f]{12}\\.webp$`);
      expect(loaded.path).toMatch(name);
      // The served file is a real WebP of the width its name says, cached for a year (its
      // name changes with its bytes).
      const response = await fetch(new URL(loaded.path, baseUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl).toContain("max-age=31536000");
      expect(cacheControl).toContain("immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
      expect(bytes.toString("latin1", 8, 12)).toBe("WEBP");
      const pixels = webpSize(bytes).width;
      expect(pixels).toBe(Number(loaded.path.match(name)?.[1]));
      // Only the chosen file was fetched: no JPEG, no second variant or width.
      expect(requested).toEqual([loaded.path]);
      expect(loaded.attributes).toEqual(["480", "160"]);
      expect(loaded.decoding).toBe("async");
      expect(loaded.loading).toBe("eager");
      expect(loaded.alt).toBe(alt[locale]);

      // object-fit: cover draws the picture at least as wide as its box, wider when the
      // column is taller than the design; that width times the density is what it needs.
      const design = saleImageSizes[kind];
      const drawn = Math.max(loaded.width, (loaded.height * design.width) / design.height);
      const needed = drawn * scale;
      // Chromium may take the candidate just below when the density asked for is under the
      // geometric mean of its neighbours (html_srcset_parser.cc); a few per cent at most here.
      expect(pixels).toBeGreaterThanOrEqual(needed * 0.95);
      expect(pixels).toBeLessThanOrEqual(needed * 2);

      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      // The form stays reachable beside (desktop) or under (phone) the image.
      await page
        .getByTestId("auth-modal")
        .getByRole("button", { name: /Sign in|Entrar/ })
        .last()
        .scrollIntoViewIfNeeded();
      await screenshot(page, `sale-image-modal-${locale}-${viewport}-${scale}x`);
      expect(problems).toEqual([]);
    },
  );

  it.for([
    ["en", "/?returnUrl=%2F", ""],
    ["pt-br", "/pt-br?returnUrl=%2Fpt-br", "/pt-br"],
  ] as const)(
    "%s keeps the spec's JPEGs as the fallback for browsers without WebP",
    async ([_, from, prefix], { newPage }) => {
      const { page, problems } = await newPage({ viewport: viewports.desktop });
      await page.goto(from);
      const picture = page.getByTestId("auth-modal").locator("picture.auth-promo");
      await picture.locator("img").waitFor();
      const markup = await picture.evaluate((element) => ({
        sources: [...element.querySelectorAll("source")].map((source) => ({
          type: source.type,
          media: source.media,
          size: [source.width, source.height],
          jpeg: source.srcset.endsWith(".jpg"),
        })),
        img: (element.querySelector("img") as HTMLImageElement).getAttribute("src"),
      }));
      expect(markup).toEqual({
        sources: [
          { type: "image/webp", media: "(min-width: 768px)", size: [400, 680], jpeg: false },
          { type: "", media: "(min-width: 768px)", size: [400, 680], jpeg: true },
          { type: "image/webp", media: "", size: [480, 160], jpeg: false },
        ],
        img: `${prefix}/sale-images/mobile.jpg`,
      });
      for (const path of [
        `${prefix}/sale-images/desktop.jpg`,
        `${prefix}/sale-images/mobile.jpg`,
      ]) {
        const response = await fetch(new URL(path, baseUrl));
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type"), path).toBe("image/jpeg");
      }
      expect(problems).toEqual([]);
    },
  );

  it("a page opened from the header has no promotional image", async ({ newPage }) => {
    const { page, problems } = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    await page.getByTestId("sign-in-button").click();
    await page.getByTestId("auth-modal").getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByTestId("auth-modal").locator(".auth-promo").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
