import { describe, expect, it } from "vitest";
import { localeInfo, locales } from "../core/locales/locales";
import { localizePath, screens, servedScreens } from "../core/web/route-table";
import { baseUrl } from "./browser";

const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return fetch(`${baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: { "User-Agent": browserAgent, ...headers },
  });
}

function decode(html: string) {
  return html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

/** A valid value for every route parameter, so screens with parameters can be fetched. */
const sampleParams = {
  token: "Zx9_kP2-qR7sT4uV8wY1",
  reason: "failed",
  id: "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
  code: "7K3M9QX2TB",
  paymentId: "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  status: "success",
};

/** Screens behind sign-in: an anonymous visitor is sent home, which asks them to sign in. */
const privateScreens = new Set([
  "result",
  "tests",
  "report",
  "checkout",
  "checkoutStatus",
  "payments",
  "certificate",
  "account",
  "refund",
]);
/** Screens whose sample parameters name nothing: a 404 page, with its SEO tags all the same. */
const notFoundScreens = new Set(["certificateVerify"]);

describe("every served screen, in both languages", () => {
  const cases = servedScreens.flatMap((screen) =>
    locales.map((locale) => [screen, locale, localizePath(screen, locale, sampleParams)] as const),
  );

  it.each(cases)("%s in %s (%s) renders with its SEO tags", async (screen, locale, path) => {
    if (privateScreens.has(screen)) {
      const redirect = await get(path);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe(
        `${localizePath("home", locale)}?returnUrl=${encodeURIComponent(path)}`,
      );
      return;
    }
    const response = await get(path);
    expect(response.status).toBe(notFoundScreens.has(screen) ? 404 : 200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = decode(await response.text());
    expect(html).toContain(`<html lang="${localeInfo[locale].iso}"`);
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}"/>`);
    for (const other of locales) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${localeInfo[other].iso}" href="${baseUrl}${localizePath(screen, other, sampleParams)}"/>`,
      );
    }
    expect(html).toContain('hrefLang="x-default"');
    // Search engines see the indexable screens only (the route table decides).
    expect(html.includes('<meta name="robots" content="noindex"/>')).toBe(
      !screens[screen].indexable,
    );
  });
});

describe("the language cookie on navigation", () => {
  it("is written with the ISO code, 10 years, SameSite=Lax, path /, host-only", async () => {
    const en = await get("/");
    expect(en.headers.get("Set-Cookie")).toBe(
      "lang=en-US; Path=/; Max-Age=315360000; SameSite=Lax",
    );
    const pt = await get("/pt-br");
    expect(pt.headers.get("Set-Cookie")).toBe(
      "lang=pt-BR.prefixed; Path=/; Max-Age=315360000; SameSite=Lax",
    );
  });

  it("is written on client-side navigations too (React Router data requests)", async () => {
    const response = await get("/pt-br.data");
    expect(response.headers.get("Set-Cookie")).toContain("lang=pt-BR.prefixed");
    const home = await get("/_root.data");
    expect(home.headers.get("Set-Cookie")).toContain("lang=en-US;");
  });

  it("is not written by background requests: route discovery, subresources", async () => {
    const manifest = await get("/__manifest?paths=%2F&version=x", {
      Cookie: "lang=pt-BR.prefixed",
    });
    expect(manifest.headers.get("Set-Cookie") ?? "").not.toContain("lang=");
    const favicon = await get("/favicon.ico", {
      "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Dest": "image",
    });
    expect(favicon.status).toBe(404);
    expect(favicon.headers.get("Set-Cookie") ?? "").not.toContain("lang=");
    const navigation = await get("/register", { "Sec-Fetch-Mode": "navigate" });
    expect(navigation.headers.get("Set-Cookie")).toContain("lang=en-US;");
  });

  it("is written on error pages, in the language of their path", async () => {
    const response = await get("/pt-br/nao-existe");
    expect(response.headers.get("Set-Cookie")).toContain("lang=pt-BR.prefixed");
  });
});

describe("the bare home redirect", () => {
  it("sends a Portuguese browser arriving from outside to /pt-br", async () => {
    const response = await get("/", { "Accept-Language": "pt-BR,pt;q=0.9" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pt-br");
  });

  it("serves English to a bot whatever its languages", async () => {
    const response = await get("/", { "Accept-Language": "pt-BR", "User-Agent": googlebot });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en-US"');
  });

  it("serves English when the cookie says English, even to a Portuguese browser", async () => {
    const response = await get("/", { "Accept-Language": "pt-BR", Cookie: "lang=en-US" });
    expect(response.status).toBe(200);
  });

  it("never redirects any other path", async () => {
    for (const path of ["/nao-existe", "/pt-br", "/register", "/robots.txt"]) {
      const response = await get(path, {
        "Accept-Language": "pt-BR",
        Cookie: "lang=pt-BR.prefixed",
      });
      expect(response.status, path).not.toBe(302);
    }
  });
});

describe("404", () => {
  it.each([
    ["/nao-existe", "Page Not Found: /nao-existe"],
    ["/some/deep/path?x=1", "Page Not Found: /some/deep/path?x=1"],
    ["/pt-br/nao-existe", "Página não encontrada: /pt-br/nao-existe"],
    // A route whose parameter fails validation.
    ["/_dev/error/999", "Page Not Found: /_dev/error/999"],
    ["/pt-br/_dev/error/abc", "Página não encontrada: /pt-br/_dev/error/abc"],
  ])("%s answers 404 with '%s' and a way home", async (path, message) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = decode(await response.text());
    expect(html).toContain(`<h1 class="error-title">${message}</h1>`);
    expect(html).toMatch(/class="button button-primary" href="\/(pt-br)?"/);
  });

  it("answers 404 to every method on an unknown page, never 500", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await get("/nao-existe", { Origin: baseUrl }, method);
      expect(response.status, method).toBe(404);
    }
  });
});

describe("the other error screens", () => {
  it.each([
    [402, "/_dev/error/402", "Payment Required!", "Payment is still pending!"],
    [403, "/_dev/error/403", "Access Denied!", "Sorry for the inconvenience."],
    [500, "/_dev/error/500", "An Internal Server Error Occurred!", "We are sorry about this."],
    [503, "/_dev/error/503", "Service Temporarily Unavailable!", "Try again"],
    [402, "/pt-br/_dev/error/402", "Pagamento necessário!", "O pagamento ainda está pendente!"],
    [403, "/pt-br/_dev/error/403", "Acesso negado!", "Pedimos desculpas pelo transtorno."],
    [
      500,
      "/pt-br/_dev/error/500",
      "Ocorreu um erro interno no servidor!",
      "Sentimos muito por isso.",
    ],
    [503, "/pt-br/_dev/error/503", "Serviço temporariamente indisponível!", "Tentar novamente"],
  ])("%s at %s shows '%s' with the real status", async (status, path, title, detail) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    const html = decode(await response.text());
    expect(html).toContain(`<h1 class="error-title">${title}</h1>`);
    expect(html).toContain(detail);
    expect(html).toContain('class="error-description"');
    expect(html).toContain('class="error-apology"');
    expect(html).toContain('class="error-message"');
  });
});

describe("security headers", () => {
  it("SECURITY 33: every page has a nonce-based CSP whose nonce is on its scripts, and the usual headers", async () => {
    const response = await get("/pt-br");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("SECURITY 33: gives each response its own nonce", async () => {
    const a = (await get("/")).headers.get("Content-Security-Policy");
    const b = (await get("/")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });
});
