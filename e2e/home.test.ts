import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { mapBins, mapColour, noDataColour } from "../core/content/iq-map-scale";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import {
  hasNoHorizontalOverflow,
  marker,
  screenshot,
  setMarker,
  signalIntent,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

const pages: { locale: Locale; path: string; estimated: string; note: RegExp; noData: string }[] = [
  { locale: "en", path: "/", estimated: "estimated", note: /contested/, noData: "No data" },
  {
    locale: "pt-br",
    path: "/pt-br",
    estimated: "estimado",
    note: /contestad/,
    noData: "Sem dados",
  },
];

/** The figures of the shared CSV, read here apart from the app's generated module. */
const csv = new Map(
  readFileSync("core/content/data/national-iq-becker-2019.csv", "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","))
    .map(([iso3, , iq]) => [iso3 as string, Number(iq)]),
);

/** Scrolls to the bottom in steps, so lazy content loads as it would for a reader. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    // A frame, or 100 ms if the browser skips frames (a busy machine once stalled here).
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
}

describe.each(pages)("the $locale home page", ({ locale, path, estimated, note, noData }) => {
  it("shows every section: hero CTA, claim, chart, map, famous list, testimonials, FAQ", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.desktop });
    await page.goto(path);

    // Hero: the call to action leads to the test, and the 23-countries claim.
    const cta = page.getByTestId("cta");
    expect(await cta.getAttribute("href")).toBe(localizePath("test", locale));
    expect(await page.getByTestId("claim-countries").textContent()).toMatch(/23/);

    // Chart: thresholds 55 and 145 marked, the seven bands shaded and listed.
    const chart = page.locator("#distribution [data-testid=iq-chart]");
    expect(await chart.locator('[data-threshold="55"] text').textContent()).toBe("55");
    expect(await chart.locator('[data-threshold="145"] text').textContent()).toBe("145");
    expect(await chart.locator("[data-band]").count()).toBe(7);
    expect(await page.locator("[data-testid=band-legend] li").count()).toBe(7);

    // Map: the image, a legend of five bins plus 'no data', and the contested-data note.
    const map = page.getByTestId("world-map");
    expect(await map.getAttribute("src")).toBe("/images/world-iq-map.svg");
    await map.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("[data-testid=world-map]");
      return img?.complete && img.naturalWidth > 0;
    });
    const legend = page.locator("[data-testid=map-legend] li");
    expect(await legend.count()).toBe(mapBins.length + 1);
    expect(await legend.last().textContent()).toBe(noData);
    expect(await legend.last().getAttribute("data-colour")).toBe(noDataColour);
    const noteText = await page.getByTestId("map-note").textContent();
    expect(noteText).toMatch(note);
    expect(noteText).toMatch(/Becker/);
    expect(noteText).toMatch(/v1\.3\.3/);
    expect(noteText).toMatch(/Lynn/);
    expect(await page.getByTestId("map-note").isVisible()).toBe(true);

    // Famous people: 22 entries, each marked estimated, scores 132..180.
    const famous = page.locator("[data-testid=famous-list] > li");
    expect(await famous.count()).toBe(22);
    const scores: number[] = [];
    for (const entry of await famous.all()) {
      expect(await entry.getByTestId("estimated").textContent()).toBe(estimated);
      const score = Number(await entry.locator(".famous-iq").textContent());
      expect(score).toBe(Number(await entry.getAttribute("data-score")));
      scores.push(score);
    }
    expect(Math.min(...scores)).toBe(132);
    expect(Math.max(...scores)).toBe(180);

    // Testimonials: 15, rated 4 or 5 stars, each with a name and a message.
    const testimonials = page.locator("[data-testid=testimonials] > li");
    expect(await testimonials.count()).toBe(15);
    for (const item of await testimonials.all()) {
      const score = Number(await item.getAttribute("data-score"));
      expect([4, 5]).toContain(score);
      expect(await item.locator(".stars").getAttribute("aria-label")).toMatch(
        new RegExp(`^${score}\\b`),
      );
      expect((await item.locator("blockquote").textContent())?.length).toBeGreaterThan(20);
      expect((await item.locator(".testimonial-name").textContent())?.length).toBeGreaterThan(3);
    }

    // FAQ: the FAQPage JSON-LD holds exactly the visible questions and answers.
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = scripts.map((text) => JSON.parse(text)).find((d) => d["@type"] === "FAQPage");
    expect(faqPage?.["@context"]).toBe("https://schema.org");
    const items = page.locator("[data-testid=faq] details");
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(10);
    const visible: { name: string; text: string }[] = [];
    for (const item of await items.all()) {
      await item.locator("summary").click();
      const text = (await item.locator(".faq-answer p").first().textContent()) ?? "";
      expect(await item.locator(".faq-answer p").first().isVisible()).toBe(true);
      visible.push({ name: (await item.locator("summary").textContent()) ?? "", text });
    }
    expect(
      faqPage.mainEntity.map(
        (q: { "@type": string; name: string; acceptedAnswer: { text: string } }) => {
          expect(q["@type"]).toBe("Question");
          return { name: q.name, text: q.acceptedAnswer.text };
        },
      ),
    ).toEqual(visible);
    // The score answer links to how the test works, the privacy answer to the privacy
    // policy, in the page's language.
    const links = await page
      .locator("[data-testid=faq] a")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual([localizePath("method", locale), localizePath("privacyPolicy", locale)]);

    // No console error, a CSP violation included.
    expect(problems).toEqual([]);

    await cta.click();
    await page.waitForURL((url) => url.pathname === localizePath("test", locale));
  });
});

describe("the sections below the first screen (ADR 0028)", () => {
  it("reached by a client-side navigation, are downloaded and shown; kept from the server, their links navigate in the page", async ({
    page,
  }) => {
    // Both pages are shared copies, which hydrate on the visitor's intent (ADR 0033).
    const hydrated = async (selector: string) => {
      await signalIntent(page);
      await page.waitForFunction(
        (s) =>
          Object.keys(document.querySelector(s) ?? {}).some((key) =>
            key.startsWith("__reactProps$"),
          ),
        selector,
      );
    };
    await page.goto("/pt-br/teste");
    await hydrated(".brand");
    await setMarker(page);
    await page.click(".brand");
    await page.waitForURL((url) => url.pathname === "/pt-br");
    await page.getByTestId("faq").waitFor();
    expect(await page.locator("[data-testid=famous-list] > li").count()).toBe(22);
    // No page load: the sections came with the navigation.
    expect(await marker(page)).toBe(1);
    expect(await page.locator("[data-testid=faq] details").count()).toBe(8);
    expect(await page.getByTestId("world-map").getAttribute("alt")).toBeTruthy();

    // The page as the server sent it: the FAQ's link to the privacy policy stays in the app.
    await page.goto("/pt-br");
    await hydrated("#home-more");
    await setMarker(page);
    const faqData = page.locator("[data-testid=faq] details").last();
    await faqData.locator("summary").click();
    await faqData.locator("a").click();
    await page.waitForURL((url) => url.pathname === localizePath("privacyPolicy", "pt-br"));
    expect(await marker(page)).toBe(1);
  });
});

describe("the world map", () => {
  it("colours every country from the CSV, the rest in the no-data colour", async ({ page }) => {
    const response = await page.request.get("/images/world-iq-map.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/svg/);
    const svg = await response.text();
    expect(svg.length).toBeLessThan(150 * 1024);
    const fills = new Map(
      [...svg.matchAll(/<path id="([A-Z]{3})" fill="(#[0-9a-f]{6})"/g)].map((match) => [
        match[1] as string,
        match[2] as string,
      ]),
    );
    // Brazil: 83.42 on the CSV's scale, in the 80-89 bin, as the legend shows it.
    expect(csv.get("BRA")).toBe(83.42);
    expect(fills.get("BRA")).toBe(mapColour(83.42));
    expect(fills.get("BRA")).toBe(mapBins.find((b) => b.min === 80)?.colour);
    // Afghanistan is absent from the CSV.
    expect(csv.has("AFG")).toBe(false);
    expect(fills.get("AFG")).toBe(noDataColour);
    expect(fills.size).toBeGreaterThan(150);
    for (const [iso3, fill] of fills) expect(fill, iso3).toBe(mapColour(csv.get(iso3)));
  });
});

/**
 * Debian's Chromium (156, headless) now and then stops producing frames for a page while
 * these tests scroll the home page: requestAnimationFrame and screenshots never complete,
 * and sometimes the page stops answering at all, with the machine idle. Measured in a loop
 * of 'new context, load the home, scroll through, two frames': about 1 load in 30 (phone
 * and desktop, with or without --disable-gpu, with the world map replaced by a tiny SVG;
 * never in 60 loads of the longer privacy policy), and a new context works at once. Such a
 * page can only time out, so a test here that times out (or whose screenshot times out,
 * the same stall seen from Playwright: "page.screenshot: Timeout 30000ms exceeded", once
 * in CI on 2026-11-23) runs once more in a new context; any other failure (an assertion,
 * another of Playwright's timeouts) is not retried. Issue 31.7 measured it
 * (scripts/chromium-stall-probe.mjs, docs/plans/issue-31.md): the trigger is the world map's
 * image being rasterised during the scroll (0 stalls in 300 loads with it hidden, about 2 %
 * with it shown, at both widths with a larger image); Chromium's switches lower the rate
 * without removing it, the old headless shell stalls too, and a page without any image still
 * stalled once in 300. A stalled page answers script and timers but never draws again.
 */
const rerunWhenTheBrowserStopsRendering = {
  retry: { count: 1, condition: /^(Test timed out in|page\.screenshot: Timeout \d+ms exceeded)/ },
};

describe("no layout shift and no overflow", rerunWhenTheBrowserStopsRendering, () => {
  const measured = [
    ["phone", viewports.phone],
    ["desktop", viewports.desktop],
  ] as const;

  it.for(pages.flatMap((p) => measured.map(([name, viewport]) => ({ ...p, name, viewport }))))(
    "$locale home at $name: CLS below 0.05",
    async ({ locale, path, name, viewport }, { newPage }) => {
      const { page, problems } = await newPage({ viewport });
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      await scrollThrough(page);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("[data-testid=world-map]");
        return img?.complete && img.naturalWidth > 0;
      });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      console.log(`CLS ${locale} ${name} (${viewport.width} px): ${cls.toFixed(4)}`);
      expect(cls).toBeLessThan(0.05);
      expect(problems).toEqual([]);
    },
  );

  it.for(
    pages.flatMap((p) =>
      (["narrowest", "phone"] as const).map((name) => ({ ...p, name, viewport: viewports[name] })),
    ),
  )(
    "$locale home at $name width has no horizontal overflow",
    async ({ locale, path, name, viewport }, { newPage }) => {
      const { page, problems } = await newPage({ viewport });
      await page.goto(path);
      // Open every answer: the longest texts must wrap too.
      for (const summary of await page.locator("[data-testid=faq] summary").all()) {
        await summary.click();
      }
      await scrollThrough(page);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `home-full-${locale}-${name}`);
      expect(problems).toEqual([]);
    },
  );

  it.for(pages)(
    "$locale home at desktop width (screenshot)",
    async ({ locale, path }, { newPage }) => {
      const { page } = await newPage({ viewport: viewports.desktop });
      await page.goto(path);
      await scrollThrough(page);
      await screenshot(page, `home-full-${locale}-desktop`);
    },
  );
});
