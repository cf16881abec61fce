import { hasNoHorizontalOverflow, screenshot } from "./browser";
import { describe, expect, it } from "./fixtures";

/** Spec section 9 breakpoints: from 1536 px the content column widens to 1320 px. */
describe("the content column on large desktops", () => {
  it.for([
    [1440, 1180],
    [1536, 1320],
    [1920, 1320],
  ] as const)(
    "at %i px it is %i px wide, and the hero picture stays inside it",
    async ([width, column], { newPage }) => {
      const { page, problems } = await newPage({
        viewport: { width, height: 900 },
      });
      await page.goto("/");
      const box = await page.evaluate(() => {
        const rect = (selector: string) =>
          (document.querySelector(selector) as Element).getBoundingClientRect();
        const inner = rect(".hero-inner");
        const gutter = Number.parseFloat(
          getComputedStyle(document.querySelector(".hero-inner") as Element).paddingLeft,
        );
        return {
          header: rect(".site-header-inner").width,
          inner: inner.width,
          contentRight: inner.right - gutter,
          art: rect(".hero-art"),
          text: rect(".hero-subtitle"),
        };
      });
      expect(box.inner).toBe(column);
      expect(box.header).toBe(column);
      // The picture ends where the column's content ends and never covers the hero text.
      expect(Math.abs(box.art.right - box.contentRight)).toBeLessThanOrEqual(1);
      expect(box.art.left).toBeGreaterThan(box.text.right);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `home-en-${width}`);
      expect(problems).toEqual([]);
    },
  );
});
