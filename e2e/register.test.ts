import type { BrowserContext, Page } from "playwright-core";
import {
  consentAsGoogle,
  finishedAttempt,
  password,
  sendSignUpForm,
  signUpLabels,
} from "./attempt-taking";
import {
  answerCookieBanner,
  baseUrl,
  hasNoHorizontalOverflow,
  hydrate,
  screenshot,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The Register screen and the profile completion of issue 14
 * (docs/decisions/0022-register-and-profile-completion.md): the page in both languages,
 * its errors in the spec's words, the way back after signing up; a Google sign-up (through
 * the local stand-in) that must tell its date of birth before it sees a score, and is
 * removed when it is under 16.
 */

const texts = {
  en: {
    register: "/register",
    tests: "/tests",
    title: "Create your free account",
    header: "Sign up",
    openAsPage: "Open the sign-up on its own page",
    createAccount: "Create an account",
    required: ["Name is required!", "Email is required!", "Birth date is required!"],
    emailInvalid: "Invalid email!",
    tooYoung: "You must be at least 16 years old to sign up.",
    completeTitle: "Tell us your date of birth",
    submitProfile: "Save and see my results",
    removed: "we have deleted the account you created",
    signIn: "Sign in",
  },
  "pt-br": {
    register: "/pt-br/cadastro",
    tests: "/pt-br/testes",
    title: "Crie sua conta grátis",
    header: "Cadastre-se",
    openAsPage: "Abrir o cadastro em uma página própria",
    createAccount: "Crie uma conta",
    required: ["Nome é obrigatório!", "Email é obrigatório!", "Data de nascimento é obrigatória!"],
    emailInvalid: "Email inválido!",
    tooYoung: "Você precisa ter pelo menos 16 anos para se cadastrar.",
    completeTitle: "Informe sua data de nascimento",
    submitProfile: "Salvar e ver meus resultados",
    removed: "excluímos a conta que você criou",
    signIn: "Entrar",
  },
} as const;

/** Someone `years` old today. */
function bornYearsAgo(years: number): string {
  return `${new Date().getUTCFullYear() - years}-01-01`;
}

/** Full-page screenshots from the top, so the sticky header stays at the top. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Hydrated: a shared copy (the terms) on the visitor's intent, any other page at once. */
const hydrated = hydrate;

async function openRegister(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId("register").waitFor();
  await hydrated(page);
}

async function apiStatus(context: BrowserContext, path: string) {
  return (await context.request.get(`${baseUrl}${path}`)).status();
}

describe("the Register page", () => {
  for (const locale of ["en", "pt-br"] as const) {
    it(`${locale}: Google first, the sign-up's errors in the spec's words, and back where the visitor came from`, async ({
      newPage,
    }) => {
      const t = texts[locale];
      const labels = signUpLabels[locale];
      const { page } = await newPage({ viewport: viewports.phone });
      await openRegister(page, `${t.register}?returnUrl=${encodeURIComponent(t.tests)}`);
      await answerCookieBanner(page);
      await expect.poll(() => page.title()).toContain(t.title);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
      // The page is indexable (listed in the sitemap) and canonical in its own language.
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
        new RegExp(`${t.register}$`),
      );

      // The sign-up view: Google first, then the e-mail button; the form only once asked for.
      const card = page.locator(".register-form");
      const first = card.locator("a, button").first();
      expect(await first.getAttribute("href")).toBe(
        `/api/accounts/login?provider=Google&returnUrl=${encodeURIComponent(t.tests)}`,
      );
      expect(await card.getByTestId("sign-up-form").count()).toBe(0);
      // The header's sign-up link is not offered on the sign-up page itself.
      expect(await page.getByTestId("sign-up-link").count()).toBe(0);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await shoot(page, `register-${locale}-phone`);

      await card.getByRole("button", { name: labels.signUpWithEmail }).click();
      const form = card.getByTestId("sign-up-form");
      await form.locator("button[type=submit]").click();
      for (const message of t.required) {
        await expect.poll(() => form.textContent()).toContain(message);
      }
      await form.getByLabel(labels.email).fill("not-an-address");
      await form.getByLabel(labels.birth).fill(bornYearsAgo(12));
      await form.locator("button[type=submit]").click();
      await expect.poll(() => form.textContent()).toContain(t.emailInvalid);
      await expect.poll(() => form.textContent()).toContain(t.tooYoung);
      await shoot(page, `register-${locale}-phone-errors`);
      await page.setViewportSize(viewports.desktop);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await shoot(page, `register-${locale}-desktop`);

      await sendSignUpForm(form, locale, {
        name: "Renata Alves",
        email: `register-${crypto.randomUUID()}@example.com`,
        dateOfBirth: "1993-04-11",
        password,
      });
      // Back where the visitor came from, signed in.
      await page.waitForURL(`${baseUrl}${t.tests}`);
      await page.getByTestId("tests-list").waitFor();
      await page.getByTestId("account-button").waitFor();

      // Signed in, the Register page sends the visitor on: to the home page without a returnUrl.
      await page.goto(t.register);
      await page.waitForURL(`${baseUrl}${locale === "en" ? "/" : "/pt-br"}`);
    });
  }

  it("is reached from the header and from the login modal, and refuses an unsafe returnUrl", async ({
    page,
  }) => {
    const t = texts["pt-br"];
    await page.goto("/pt-br/termos-de-uso");
    await hydrated(page);
    await page.getByTestId("sign-up-link").click();
    await page.waitForURL(`${baseUrl}${t.register}?returnUrl=%2Fpt-br%2Ftermos-de-uso`);
    await page.getByTestId("register").waitFor();

    await page.goto("/pt-br/termos-de-uso");
    await hydrated(page);
    await page.getByTestId("sign-in-button").click();
    const modal = page.getByTestId("auth-modal");
    await modal.getByRole("button", { name: t.createAccount }).click();
    await modal.getByRole("link", { name: t.openAsPage }).click();
    await page.waitForURL(`${baseUrl}${t.register}?returnUrl=%2Fpt-br%2Ftermos-de-uso`);
    await page.getByTestId("register").waitFor();
    expect(await page.getByTestId("auth-modal").count()).toBe(0);

    await page.goto(`${t.register}?returnUrl=${encodeURIComponent("https://evil.example/")}`);
    await page.waitForURL(`${baseUrl}/pt-br/url-de-retorno-invalida`);
  });
});

describe("a Google sign-up without a date of birth", () => {
  it("sees the completion step and no score until it is done; the certificate then has the age", async ({
    newPage,
  }) => {
    const t = texts.en;
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttempt(context);
    await page.goto(`/result/${id}`);
    // Anonymous: home, with the login modal that leads back to the result.
    await page.getByTestId("auth-modal").waitFor();
    await page.getByTestId("auth-modal").locator('a[href*="provider=Google"]').click();
    await consentAsGoogle(page, "Gabriela Google");

    await page.waitForURL(`${baseUrl}/result/${id}`);
    const step = page.getByTestId("profile-completion");
    await step.waitFor();
    await answerCookieBanner(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.completeTitle);
    expect(await page.getByTestId("result-iq").count()).toBe(0);
    // No score through the API either, nor a certificate, nor the list of tests.
    for (const path of [`/api/tests/${id}/result`, `/api/certificates/${id}.png`, "/api/tests"]) {
      expect(await apiStatus(context, path), path).toBe(403);
    }
    // The server renders the step with the page, before the page's scripts, not streamed
    // after them through its lazy boundary (a busy browser then hydrated it twice).
    const html = await (await context.request.get(`${baseUrl}/result/${id}`)).text();
    const stepAt = html.indexOf('data-testid="profile-completion"');
    expect(stepAt).toBeGreaterThan(0);
    expect(stepAt).toBeLessThan(html.indexOf('type="module"'));
    expect(html).not.toContain('<div hidden id="S:');
    for (const path of [`/certificate/${id}`, "/tests"]) {
      const response = await context.request.get(`${baseUrl}${path}`);
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).not.toMatch(/data-testid="(certificate|tests-list)"/);
    }
    // The name Google gave is there to check; the date of birth is asked for.
    await hydrated(page);
    const name = step.getByLabel(signUpLabels.en.name);
    expect(await name.inputValue()).toBe("Gabriela Google");
    await step.getByRole("button", { name: t.submitProfile }).click();
    await expect.poll(() => step.textContent()).toContain("Birth date is required!");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, "complete-profile-en-phone");
    await page.setViewportSize(viewports.desktop);
    await shoot(page, "complete-profile-en-desktop");

    await name.fill("Gabriela Souza");
    await step.getByLabel(signUpLabels.en.birth).fill("1994-03-08");
    await step.getByRole("button", { name: t.submitProfile }).click();
    // The result that waited is shown, on the same address.
    await page.getByTestId("result-iq").waitFor();
    expect(page.url()).toBe(`${baseUrl}/result/${id}`);
    expect(await apiStatus(context, `/api/tests/${id}/result`)).toBe(200);
    const svg = await (await context.request.get(`${baseUrl}/api/certificates/${id}.svg`)).text();
    expect(svg).toContain("Gabriela Souza");
    expect(svg).toMatch(/Age \d+/);
  });

  it("pt-br: under 16 is refused with the sign-up's message, and the account is removed", async ({
    newPage,
  }) => {
    const t = texts["pt-br"];
    const { page, context } = await newPage({ viewport: viewports.phone });
    const id = await finishedAttempt(context);
    await page.goto(`/pt-br/resultado/${id}`);
    await page.getByTestId("auth-modal").waitFor();
    await page.getByTestId("auth-modal").locator('a[href*="provider=Google"]').click();
    await consentAsGoogle(page, "Lucas Google");

    await page.waitForURL(`${baseUrl}/pt-br/resultado/${id}`);
    const step = page.getByTestId("profile-completion");
    await step.waitFor();
    await answerCookieBanner(page);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.completeTitle);
    await shoot(page, "complete-profile-pt-br-phone");
    await page.setViewportSize(viewports.desktop);
    await shoot(page, "complete-profile-pt-br-desktop");

    await step.getByLabel(signUpLabels["pt-br"].birth).fill(bornYearsAgo(13));
    // The sign-up's message, on the field, before anything is sent.
    await step.getByLabel(signUpLabels["pt-br"].birth).blur();
    await expect.poll(() => step.textContent()).toContain(t.tooYoung);
    await step.getByRole("button", { name: t.submitProfile }).click();

    const refused = page.getByTestId("profile-refused");
    await refused.waitFor();
    expect(await refused.getByRole("heading", { level: 1 }).textContent()).toBe(t.tooYoung);
    expect(await refused.textContent()).toContain(t.removed);
    await page.setViewportSize(viewports.phone);
    await shoot(page, "complete-profile-pt-br-refused-phone");
    // Signed out, and the test went with the account.
    const me = await context.request.get(`${baseUrl}/api/application-configuration`);
    expect(((await me.json()) as { user: { isAuthenticated: boolean } }).user.isAuthenticated).toBe(
      false,
    );
    await refused.getByRole("link").click();
    await page.waitForURL(`${baseUrl}/pt-br`);
    await page.getByRole("button", { name: t.signIn }).waitFor();
  });
});
