import http from "node:http";
import type { Page } from "playwright-core";
import { signUpViaApi } from "./attempt-taking";
import { baseUrl, hydrate, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The public pages' shared copies on the built Worker (ADR 0026): what an anonymous
 * visitor gets from the edge cache is the real page with this response's own nonce and
 * policy, the language cookie, and nobody's personal data or cookie choice; a signed-in
 * visitor is rendered for alone.
 */

const browserHeaders = { Accept: "text/html", "User-Agent": "Mozilla/5.0 Chrome/156.0" };

/** Requests a public page until the edge serves it from its copy (stored in the background). */
async function fromEdge(path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { ...browserHeaders, ...headers },
    });
    const html = await response.text();
    if (response.headers.get("X-Page-Cache") === "hit") return { response, html };
    expect(response.headers.get("X-Page-Cache"), path).toBe("miss");
  }
  throw new Error(`${path} was never served from the edge cache`);
}

/** Every `nonce` attribute of a page. */
const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("shared copies of the public pages", () => {
  it.each([
    ["/", "lang=en-US;"],
    ["/pt-br/teste", "lang=pt-BR.prefixed;"],
    ["/privacy-policy", "lang=en-US;"],
  ])(
    "%s from the edge: its own nonce and policy, the language cookie, nobody's data",
    async (path, cookie) => {
      const first = await fromEdge(path);
      const second = await fromEdge(path);
      for (const { response, html } of [first, second]) {
        const policy = response.headers.get("Content-Security-Policy") ?? "";
        const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
        expect(nonce).toBeTruthy();
        expect(policy).toContain("'strict-dynamic'");
        expect(policy).toContain("frame-ancestors 'none'");
        const found = nonces(html);
        expect(found.length).toBeGreaterThan(3);
        expect(new Set(found)).toEqual(new Set([nonce]));
        expect(response.headers.get("Set-Cookie")).toContain(cookie);
        expect(response.headers.get("Set-Cookie")).not.toContain("session");
        // The copy was rendered for nobody: anonymous, with no cookie choice.
        expect(html).toContain('data-testid="cookie-banner"');
        expect(html).not.toContain('"isAuthenticated",true');
      }
      expect(nonces(first.html)[0]).not.toBe(nonces(second.html)[0]);
    },
  );

  it("a signed-in visitor gets a page of their own, and their name never reaches the copy", async ({
    newPage,
  }) => {
    const { context } = await newPage();
    // Names are letters only: a random one, so the page can be searched for it.
    const letters = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
      String.fromCharCode(97 + (b % 26)),
    ).join("");
    const name = `Shared Copy ${letters}`;
    const email = await signUpViaApi(context, "shared-copy", name);
    const mine = await context.request.get(`${baseUrl}/privacy-policy`, {
      headers: browserHeaders,
    });
    expect(mine.headers()["x-page-cache"]).toBe("bypass");
    expect(mine.headers()["cache-control"]).toBe("no-store");
    const html = await mine.text();
    expect(html).toContain(name);
    const shared = await fromEdge("/privacy-policy");
    expect(shared.html).not.toContain(name);
    expect(shared.html).not.toContain(email);
  });

  it("the home page's static sections, rendered once per language, carry each page's nonce and language", async () => {
    // A query string keeps these out of the shared copy: each is the Worker's own render,
    // whose sections (components/server-html.tsx) come from the isolate's one copy.
    const render = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: browserHeaders });
      expect(response.headers.get("X-Page-Cache")).toBe("bypass");
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "");
      const start = html.indexOf('<div id="home-more">');
      const sections = html.slice(start, html.indexOf("<footer", start));
      return { html, nonce: nonce?.[1], sections };
    };
    const en1 = await render("/?sections=1");
    const pt1 = await render("/pt-br?sections=1");
    const en2 = await render("/?sections=2");
    const pt2 = await render("/pt-br?sections=2");
    const pages = [en1, pt1, en2, pt2];
    for (const page of pages) {
      expect(page.nonce).toBeTruthy();
      // The FAQ's JSON-LD among them: the page's nonce, not the copy's.
      expect(nonces(page.sections).length).toBeGreaterThan(0);
      expect(new Set(nonces(page.html))).toEqual(new Set([page.nonce]));
    }
    // Which language's FAQ title the sections hold (booleans: the HTML is 30 KB).
    const titles = (page: { sections: string }) => [
      page.sections.includes("Frequently asked questions"),
      page.sections.includes("Perguntas frequentes"),
    ];
    expect([en1, pt1, en2, pt2].map(titles)).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonce(en2.sections) === withoutNonce(en1.sections)).toBe(true);
    expect(withoutNonce(pt2.sections) === withoutNonce(pt1.sections)).toBe(true);
    expect(en1.nonce).not.toBe(en2.nonce);
  });

  it("the cookie banner is hidden before the page's script runs for a visitor who already chose", async ({
    newPage,
  }) => {
    await fromEdge("/pt-br");
    /** The shared copy as painted before hydration: the page's module scripts do not run. */
    const withoutModules = async (cookies: { name: string; value: string }[]): Promise<Page> => {
      const { page, context } = await newPage({ viewport: viewports.phone });
      await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
      await page.route(/\/assets\/.*\.js$/, (route) =>
        route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
      );
      const response = await page.goto("/pt-br");
      expect(response?.headers()["x-page-cache"]).toBe("hit");
      return page;
    };
    const newcomer = await withoutModules([]);
    expect(await newcomer.getByTestId("cookie-banner").isVisible()).toBe(true);
    const chooser = await withoutModules([{ name: "consent", value: "v1.e0.a0.1795400000" }]);
    expect(await chooser.getByTestId("cookie-banner").count()).toBe(1);
    expect(await chooser.getByTestId("cookie-banner").isVisible()).toBe(false);
    // An unreadable (older) choice is no choice: that visitor is asked again.
    const older = await withoutModules([{ name: "consent", value: "v0.e1.a1.1795400000" }]);
    expect(await older.getByTestId("cookie-banner").isVisible()).toBe(true);
  });

  it("a link with campaign tags gets the shared copy, whose links leave the tags behind", async ({
    newPage,
  }) => {
    const plain = await fromEdge("/pt-br");
    const tagged = await fromEdge("/pt-br?utm_source=newsletter&utm_medium=email&fbclid=IwAR0x");
    const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]+"/g, "");
    expect(withoutNonces(tagged.html) === withoutNonces(plain.html)).toBe(true);
    // In the browser the page hydrates at the tagged address (no error: the fixture
    // fails on any) and its own links are the same as on the plain one.
    const { page } = await newPage({ viewport: viewports.desktop });
    await page.goto("/pt-br?utm_source=newsletter&gclid=Cj0KCQ");
    await hydrate(page);
    await page.getByTestId("sign-up-link").click();
    await page.waitForURL(/\/pt-br\/cadastro\?returnUrl=%2Fpt-br$/);
    await page.goBack();
    await page.waitForURL(/utm_source=newsletter/);
    await page.locator('.language-option[data-locale="en"]').click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it("hydrates without a problem, and the chooser's page never shows the banner", async ({
    newPage,
  }) => {
    await fromEdge("/");
    const { page, context } = await newPage({ viewport: viewports.desktop });
    await context.addCookies([{ name: "consent", value: "v1.e1.a1.1795400000", url: baseUrl }]);
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    expect(await banner.isVisible()).toBe(false);
    // Hydrated (on intent, ADR 0033): the page's own state has the choice and removes the
    // hidden banner.
    await hydrate(page);
    await banner.waitFor({ state: "detached" });
    await page.getByTestId("cta").click();
    await page.waitForURL(/\/test$/);
    expect(await banner.count()).toBe(0);
    // The preferences dialog still shows the visitor's own choice, read from the cookie.
    await page.getByRole("button", { name: "Cookie preferences" }).click();
    expect(await page.getByTestId("consent-analytics").isChecked()).toBe(true);
  });
});

/** A GET as a monitor or `curl` sends it: node's http client adds no Accept-Encoding. */
function plainGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ encoding: string | undefined; cache: unknown; text: string }>(
    (resolve, reject) => {
      const request = http.get(new URL(path, baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            encoding: response.headers["content-encoding"],
            cache: response.headers["x-page-cache"],
            text: Buffer.concat(chunks).toString("latin1"),
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

describe("a client that asks for no compression (issue 31.4)", () => {
  it("gets the page as sent, from the copy a gzip visitor left, while gzip visitors keep theirs", async () => {
    await fromEdge("/terms-of-use", { "Accept-Encoding": "gzip" });
    const gzip = await plainGet("/terms-of-use", { ...browserHeaders, "Accept-Encoding": "gzip" });
    expect(gzip.encoding).toBe("gzip");
    const monitor = await plainGet("/terms-of-use", { "User-Agent": "uptime-monitor/1.0" });
    expect(monitor.cache).toBe("hit");
    expect(monitor.encoding).toBeUndefined();
    expect(monitor.text).toMatch(/^<!DOCTYPE html>/);
    expect(monitor.text).toContain("</html>");
  });
});
