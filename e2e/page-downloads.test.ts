import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { baseUrl, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * What a page makes the browser download before it can run: its stylesheets and the
 * scripts it preloads (docs/decisions/0015-home-performance.md). Each page carries its own
 * texts, not the whole message catalogue, and the account forms' rules (zod) arrive only
 * with the login modal or the pages that show a form. The shared copies of the public
 * pages download no script before the visitor's intent, the code that hydrates the home and
 * test pages stays within a weight (docs/decisions/0033-hydration-on-intent.md), and the
 * stylesheets do not hold the first paint back (docs/decisions/0028-first-load.md).
 */
async function page(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseUrl), { headers: { Accept: "text/html" } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The scripts a page preloads, and those it preloads only once the visitor shows intent. */
async function scriptsOf(path: string): Promise<{ first: string[]; onIntent: string[] }> {
  const html = await page(path);
  const first = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? "");
  // A shared copy keeps React Router's module script inert and lists its modules on it
  // (docs/decisions/0033-hydration-on-intent.md).
  const inert = /<script[^>]* id="hydrate-on-intent" data-preload="([^"]*)">/.exec(html);
  return { first: [...new Set(first)], onIntent: inert?.[1]?.split(" ") ?? [] };
}

async function scriptBodies(scripts: string[]) {
  const bodies = await Promise.all(
    scripts.map(async (src) =>
      Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer()),
    ),
  );
  return {
    text: bodies.map((body) => body.toString("utf8")).join("\n"),
    // Counted as `npm run bench` and docs/measurements.md count them: gzip level 9.
    gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

/** The scripts a page runs to hydrate: at once, or on the visitor's intent. */
async function hydrationScripts(path: string): Promise<{ text: string; gzipBytes: number }> {
  const { first, onIntent } = await scriptsOf(path);
  const scripts = [...new Set([...first, ...onIntent])];
  expect(scripts.length, path).toBeGreaterThan(1);
  return scriptBodies(scripts);
}

const messages = {
  en: JSON.parse(readFileSync("messages/en.json", "utf8")) as Record<string, string>,
  "pt-br": JSON.parse(readFileSync("messages/pt-br.json", "utf8")) as Record<string, string>,
};
/** A message's first words, as they appear in a built script. */
const text = (locale: keyof typeof messages, key: string) => {
  const value = messages[locale][key];
  if (!value) throw new Error(`no message ${key}`);
  return value.slice(0, 36);
};
const zodSignature = "ZodError";
const kb = 1024;

describe("what a page downloads first", () => {
  it.each(["/", "/pt-br"])(
    "home %s: its first screen's texts, not the sections below it, no legal or e-mail text, no zod",
    async (path) => {
      const { text: scripts } = await hydrationScripts(path);
      // The search finds what belongs here: the first screen's title, in both languages.
      expect(scripts).toContain(text("pt-br", "home_title"));
      expect(scripts).toContain(text("en", "home_title"));
      for (const locale of ["en", "pt-br"] as const) {
        // Below the first screen, the page keeps the server's HTML (ADR 0028).
        expect(scripts).not.toContain(text(locale, "home_famous_curie_role"));
        expect(scripts).not.toContain(text(locale, "home_faq_how_a"));
        expect(scripts).not.toContain(text(locale, "privacy_s1_p1"));
        expect(scripts).not.toContain(text(locale, "terms_s1_p1"));
        expect(scripts).not.toContain(text(locale, "email_reset_intro"));
      }
      expect(scripts).not.toContain(zodSignature);
    },
  );

  it("the privacy policy carries its text, and a form page its rules", async () => {
    const privacy = (await hydrationScripts("/privacy-policy")).text;
    expect(privacy).toContain(text("en", "privacy_s1_p1"));
    expect(privacy).toContain(text("pt-br", "privacy_s1_p1"));
    const form = (await hydrationScripts(`/change-password/${"a".repeat(32)}`)).text;
    expect(form).toContain(zodSignature);
  });

  // ADR 0033: the shared copies of the public pages download no script before the visitor
  // shows intent; their only script is the inline one that waits for it.
  it.each(["/", "/pt-br", "/test", "/pt-br/teste", "/privacy-policy", "/pt-br/termos-de-uso"])(
    "%s, as every anonymous visitor gets it: no script to download before intent",
    async (path) => {
      const html = await page(path);
      const { first, onIntent } = await scriptsOf(path);
      expect(first).toEqual([]);
      expect(onIntent.length).toBeGreaterThan(1);
      // No module script runs, and no script is fetched from a src.
      expect(html).not.toMatch(/<script[^>]* type="module"/);
      expect(html).not.toMatch(/<script[^>]* src=/);
      const inline = [...html.matchAll(/<script nonce="[^"]+">([\s\S]*?)<\/script>/g)]
        .map((m) => m[1] ?? "")
        .join("");
      const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length;
      console.log(`inline scripts of ${path}: ${(inlineGzip / kb).toFixed(2)} KB gzip`);
      expect(inlineGzip).toBeLessThanOrEqual(2 * kb);
    },
  );

  // ADR 0028: the code that hydrates the home and test pages, measured 126.8 KB and
  // 126.3 KB, of which React DOM and React Router are 101 KB; a little room above that, so a
  // new dependency or a screen's code pulled into the shell by accident fails here. A page
  // rendered for its visitor alone preloads it at once.
  it.each([
    ["/", 130],
    ["/pt-br", 130],
    ["/test", 130],
    ["/pt-br/teste", 130],
    ["/?from=bench", 130],
  ] as const)("%s: the scripts that hydrate it weigh at most %i KB gzip", async (path, limit) => {
    const { gzipBytes } = await hydrationScripts(path);
    console.log(`hydration scripts of ${path}: ${(gzipBytes / kb).toFixed(1)} KB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(limit * kb);
  });

  it("a page rendered for its visitor alone preloads its scripts at once", async () => {
    const { first, onIntent } = await scriptsOf("/?from=bench");
    expect(first.length).toBeGreaterThan(1);
    expect(onIntent).toEqual([]);
  });

  it("the test page's introduction comes without the test's runner and question bank", async () => {
    const { text: scripts } = await hydrationScripts("/test");
    expect(scripts).toContain(text("en", "test_intro_title"));
    // The runner's own texts and the bank's option descriptions arrive when a test starts.
    expect(scripts).not.toContain(text("en", "test_offline"));
    expect(scripts).not.toContain(text("pt-br", "test_offline"));
  });
});

/** The page's elements in the first screen, where each is and how it looks. */
function firstScreen(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().top < window.innerHeight)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return [
          element.tagName,
          element.className.toString(),
          Math.round(box.left),
          Math.round(box.top),
          Math.round(box.width),
          Math.round(box.height),
          style.color,
          style.backgroundColor,
          style.fontSize,
          style.fontWeight,
        ].join(" ");
      }),
  );
}

describe("the stylesheets do not hold the first paint back", () => {
  it.each(["/", "/pt-br", "/test", "/pt-br/teste"])(
    "%s: the critical CSS is inline, the stylesheets load apart",
    async (path) => {
      const html = await page(path);
      const head = html.slice(0, html.indexOf("</head>"));
      const critical = /<style data-react-router-critical-css[^>]*>([\s\S]*?)<\/style>/.exec(head);
      expect(critical?.[1]?.length ?? 0).toBeGreaterThan(1000);
      const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(stylesheets.length).toBeGreaterThan(0);
      // media="print" does not block rendering; a script switches each one on once loaded.
      for (const link of stylesheets) expect(link).toContain('media="print"');
      expect(head).toMatch(/<script nonce="[^"]+">[^<]*media="all"/);
    },
  );

  it.for([
    { path: "/", name: "phone", viewport: viewports.phone },
    { path: "/", name: "desktop", viewport: viewports.desktop },
    { path: "/pt-br/teste", name: "phone", viewport: viewports.phone },
    { path: "/test", name: "desktop", viewport: viewports.desktop },
  ])(
    "$path at $name width: the first screen looks the same before the stylesheets arrive and after",
    async ({ path, viewport }, { newPage }) => {
      // Without the scripts, so that only the stylesheets differ between the two.
      const open = async (stylesheets: boolean) => {
        const opened = await newPage({ viewport });
        const blocked = stylesheets ? /\.js$/ : /\.(css|js)$/;
        await opened.context.route(
          (url) => blocked.test(url.pathname),
          (route) => route.abort(),
        );
        opened.allowProblems(/net::ERR_FAILED/);
        await opened.page.goto(path);
        if (stylesheets) {
          await opened.page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every(
              (link) => link.media === "all" && link.sheet !== null,
            ),
          );
        }
        await opened.page.evaluate(() => document.fonts.ready);
        return firstScreen(opened.page);
      };
      const before = await open(false);
      expect(before.length).toBeGreaterThan(10);
      expect(await open(true)).toEqual(before);
    },
  );
});
