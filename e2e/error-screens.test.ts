import { type Locale, locales } from "../core/locales/locales";
import { type ParamName, routePattern, servedScreens } from "../core/web/route-table";
import { baseUrl, marker, setMarker, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function get(path: string) {
  return fetch(`${baseUrl}${path}`, {
    redirect: "manual",
    headers: { "User-Agent": browserAgent },
  });
}

function decode(html: string) {
  return html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

const notFound: Record<Locale, string> = {
  en: "Page Not Found: ",
  "pt-br": "Página não encontrada: ",
};

async function expectNotFound(path: string, locale: Locale) {
  const response = await get(path);
  expect(response.status, path).toBe(404);
  const html = decode(await response.text());
  expect(html).toContain(`<h1 class="error-title">${notFound[locale]}${path}</h1>`);
  expect(html).toContain(
    `class="button button-primary" href="${locale === "en" ? "/" : "/pt-br"}"`,
  );
}

/** A valid value for every route parameter, and one that fails every parameter's schema. */
const validParams: Record<ParamName, string> = {
  id: "3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f",
  paymentId: "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  token: "Zx9_kP2-qR7sT4uV8wY1",
  status: "pending",
  reason: "failed",
  code: "7K3M9QX2TB",
};
const invalidValue = "x";

/** The path of a screen with one parameter invalid and the others valid. */
function pathWithInvalid(pattern: string, invalid: string) {
  return pattern
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1) as ParamName;
      return name === invalid ? invalidValue : validParams[name];
    })
    .join("/");
}

describe("a route of the table whose parameter fails validation", () => {
  it.each([
    ["/change-password/short", "en"],
    ["/pt-br/change-password/has.a.dot.in.the.token", "pt-br"],
    ["/sign-in-error/unknown-reason", "en"],
    ["/pt-br/erro-de-acesso/x", "pt-br"],
  ] as const)("%s answers 404 with 'Page Not Found: ' and the full path", async (path, locale) => {
    await expectNotFound(path, locale);
  });

  // Every served screen with parameters, each parameter in turn, in both languages.
  const cases = servedScreens.flatMap((screen) =>
    locales.flatMap((locale) => {
      const pattern = routePattern(screen, locale);
      return pattern
        .split("/")
        .filter((segment) => segment.startsWith(":"))
        .map((segment) => [pathWithInvalid(pattern, segment.slice(1)), locale] as const);
    }),
  );

  it("covers every served screen with parameters", () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)("%s answers 404", async (path, locale) => {
    await expectNotFound(path, locale);
  });
});

const backHome: Record<Locale, string> = { en: "Back to home", "pt-br": "Voltar para o início" };
const tryAgain: Record<Locale, string> = { en: "Try again", "pt-br": "Tentar novamente" };

describe("the 402, 403, 500 and 503 screens in Chromium", () => {
  const cases = locales.flatMap((locale) =>
    [402, 403, 500, 503].map((status) => [status, locale] as const),
  );

  it.for(cases)(
    "%s in %s leads back to the home of its language",
    async ([status, locale], { newPage }) => {
      const prefix = locale === "en" ? "" : "/pt-br";
      const home = prefix || "/";
      const { page, problems } = await newPage({
        viewport: locale === "en" ? viewports.desktop : viewports.phone,
      });
      const response = await page.goto(`${prefix}/_dev/error/${status}`);
      expect(response?.status()).toBe(status);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      const link = page.getByRole("link", { name: backHome[locale], exact: true });
      expect(await link.getAttribute("href")).toBe(home);
      await link.click();
      await page.waitForURL((url) => url.pathname === home);
      await page.waitForSelector("h1.hero-title");
      expect(problems).toEqual([]);
    },
  );

  it.for(locales)("503 in %s reloads the page with Try Again", async (locale, { newPage }) => {
    const prefix = locale === "en" ? "" : "/pt-br";
    const path = `${prefix}/_dev/error/503`;
    const { page, problems } = await newPage();
    await page.goto(path);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await setMarker(page);
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await page.getByRole("button", { name: tryAgain[locale], exact: true }).click();
    expect((await reloaded).status()).toBe(503);
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await marker(page)).toBeUndefined();
    expect(await page.locator('.error-screen[data-status="503"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
