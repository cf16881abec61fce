import { baseUrl, hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/** The accounts' own pages: invalid return URL, sign-in error and change password. */

const widths = [
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const;

function decode(html: string) {
  return html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

describe.each(widths)("at %s width", (width, viewport) => {
  it.for([
    ["en", "/invalid-return-url", "Invalid return address", "Back to home", "/"],
    [
      "pt-br",
      "/pt-br/url-de-retorno-invalida",
      "Endereço de retorno inválido",
      "Voltar para o início",
      "/pt-br",
    ],
  ] as const)(
    "the %s invalid-return-URL page explains and leads home",
    async ([locale, path, title, home, homePath], { newPage }) => {
      const { page, problems } = await newPage({ viewport });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBe(title);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `accounts-invalid-return-url-${locale}-${width}`);
      await page.getByRole("link", { name: home }).click();
      await page.waitForURL((url) => url.pathname === homePath);
      expect(problems).toEqual([]);
    },
  );

  it.for([
    [
      "en",
      "/sign-in-error/missing-provider",
      "The sign-in link did not say which service to use. Please start again from the sign-in button.",
    ],
    [
      "en",
      "/sign-in-error/invalid-provider",
      "This sign-in service is not supported. Use Google, or your e-mail and password.",
    ],
    [
      "en",
      "/sign-in-error/failed",
      "The sign-in with Google did not finish: it may have been cancelled or taken too long. Please try again.",
    ],
    [
      "pt-br",
      "/pt-br/erro-de-acesso/missing-provider",
      "O link de acesso não dizia qual serviço usar. Comece de novo pelo botão Entrar.",
    ],
    [
      "pt-br",
      "/pt-br/erro-de-acesso/invalid-provider",
      "Este serviço de acesso não é aceito. Use o Google ou seu e-mail e senha.",
    ],
    [
      "pt-br",
      "/pt-br/erro-de-acesso/failed",
      "O acesso com o Google não foi concluído: ele pode ter sido cancelado ou demorado demais. Tente novamente.",
    ],
  ] as const)(
    "the %s sign-in error page %s says why",
    async ([locale, path, text], { newPage }) => {
      const { page, problems } = await newPage({ viewport });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.locator(".account-page-text").textContent()).toBe(text);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      const reason = path.split("/").at(-1);
      await screenshot(page, `accounts-sign-in-error-${reason}-${locale}-${width}`);
      // 'Try again' opens the login modal.
      await page
        .getByRole("button", { name: locale === "en" ? "Try again" : "Tentar novamente" })
        .click();
      await page.getByTestId("auth-modal").waitFor();
      expect(problems).toEqual([]);
    },
  );
});

describe("the sign-in error page", () => {
  it("answers 404 to an unknown reason", async () => {
    const response = await fetch(`${baseUrl}/sign-in-error/whatever`);
    expect(response.status).toBe(404);
  });
});

describe("the change-password page (needs the accounts API)", () => {
  const unknownToken = "Zx9_kP2-qR7sT4uV8wY1abcdefgh";

  it("SECURITY 12: the change-password page sends no referrer and is never cached", async () => {
    const response = await fetch(`${baseUrl}/change-password/${unknownToken}`);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = decode(await response.text());
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.for(widths)(
    "an unknown token shows 'Invalid Request' with a way to ask for a new link (%s)",
    async ([width, viewport], { newPage }) => {
      const { page, problems } = await newPage({ viewport });
      const response = await page.goto(`/pt-br/change-password/${unknownToken}`);
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("Solicitação inválida");
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `accounts-change-password-invalid-pt-br-${width}`);
      await page.getByRole("button", { name: "Pedir um novo link" }).click();
      await page
        .getByTestId("auth-modal")
        .getByRole("heading", { name: "Redefina sua senha" })
        .waitFor();
      expect(problems).toEqual([]);
    },
  );

  it("a malformed token is a 404 page", async () => {
    const response = await fetch(`${baseUrl}/change-password/short`);
    expect(response.status).toBe(404);
  });
});
