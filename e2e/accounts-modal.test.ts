import { mkdirSync } from "node:fs";
import type { Page, Route } from "playwright-core";
import { sendSignUpForm, signUpLabels } from "./attempt-taking";
import { hasNoHorizontalOverflow, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The login/sign-up modal (spec sections 2, 4 and 5) without the accounts API: requests
 * that need a particular answer are answered by the test at the HTTP boundary, so each
 * view and transition is checked whatever the backend does.
 */

const texts = {
  en: {
    ...signUpLabels.en,
    home: "/",
    signIn: "Sign in",
    loginTitle: "Welcome back",
    signUpTitle: "Create your free account",
    createAccount: "Create an account",
    forgot: "Forgot your password?",
    forgotTitle: "Reset your password",
    back: "Back",
    send: "Send",
    sending: "Sending your request…",
    sent: "Request sent successfully!",
    backToLogin: "Back to sign in",
    birthPrompt: "Inform your date of birth",
    nameRequired: "Name is required!",
    nameMin: "Name must contain at least 3 letters!",
    emailInvalid: "Invalid email!",
    emailRequired: "Email is required!",
    birthRequired: "Birth date is required!",
    passwordMin: "Password must contain at least 8 characters.",
    mismatch: "Password and Password Confirmation must be the same!",
    failed: "We could not send your request. Check your connection and try again.",
    close: "Close",
    signOut: "Sign out",
    welcome: "Welcome, Ada!",
  },
  "pt-br": {
    ...signUpLabels["pt-br"],
    home: "/pt-br",
    signIn: "Entrar",
    loginTitle: "Que bom ver você de novo",
    signUpTitle: "Crie sua conta grátis",
    createAccount: "Crie uma conta",
    forgot: "Esqueceu sua senha?",
    forgotTitle: "Redefina sua senha",
    back: "Voltar",
    send: "Enviar",
    sending: "Enviando sua solicitação…",
    sent: "Solicitação enviada com sucesso!",
    backToLogin: "Voltar para o login",
    birthPrompt: "Informe sua data de nascimento",
    nameRequired: "Nome é obrigatório!",
    nameMin: "O nome deve ter pelo menos 3 letras!",
    emailInvalid: "Email inválido!",
    emailRequired: "Email é obrigatório!",
    birthRequired: "Data de nascimento é obrigatória!",
    passwordMin: "A senha deve ter pelo menos 8 caracteres.",
    mismatch: "Senha e Confirmação de Senha devem ser iguais!",
    failed: "Não conseguimos enviar sua solicitação. Verifique sua conexão e tente novamente.",
    close: "Fechar",
    signOut: "Sair",
    welcome: "Boas-vindas, Ada!",
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

const modal = (page: Page) => page.getByTestId("auth-modal");

/** A modal covers the viewport, so its screenshots are of the viewport (browser.ts takes full pages). */
async function screenshot(page: Page, name: string) {
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}
const view = (page: Page) => page.locator("[data-testid=auth-modal] .auth-panel");

async function openLogin(page: Page, t: Texts) {
  await page.goto(t.home);
  await page.getByTestId("sign-in-button").click();
  await modal(page).getByRole("heading", { name: t.loginTitle }).waitFor();
  await focusIsOn(page, t.email);
}

/** From the login view to the expanded sign-up form, its first field focused. */
async function openSignUpForm(page: Page, t: Texts) {
  await modal(page).getByRole("button", { name: t.createAccount }).click();
  await modal(page).getByRole("button", { name: t.signUpWithEmail }).click();
  await focusIsOn(page, t.name);
}

/** The field with this label has the keyboard focus. */
function focusIsOn(page: Page, label: string) {
  return page.waitForFunction(
    (text) => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.labels?.[0]?.textContent === text;
    },
    label,
    { timeout: 2000 },
  );
}

/** A request held by the test until it says how to answer. */
function hold(page: Page, path: string) {
  let release: (answer: { status: number; body?: unknown }) => void = () => {};
  const answer = new Promise<{ status: number; body?: unknown }>((resolve) => {
    release = resolve;
  });
  const requests: { headers: Record<string, string>; body: unknown }[] = [];
  const seen = new Promise<void>((resolve) => {
    void page.route(`**${path}`, async (route: Route) => {
      requests.push({
        headers: route.request().headers(),
        body: route.request().postDataJSON(),
      });
      resolve();
      const { status, body } = await answer;
      await route.fulfill({
        status,
        contentType: "application/json",
        body: JSON.stringify(body ?? { status }),
      });
    });
  });
  return { release, requests, seen };
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("the login/sign-up modal at %s width", (width, viewport) => {
  it.for(["en", "pt-br"] as const)(
    "%s: login <-> sign-up, collapsed -> expanded, with the Google link and focus",
    async (locale, { newPage }) => {
      const t = texts[locale];
      const { page, problems } = await newPage({ viewport });
      await openLogin(page, t);
      expect(await view(page).getAttribute("data-view")).toBe("login");
      // The first field takes the focus 100 ms after the view opens.
      await focusIsOn(page, t.email);
      const size = width === "phone" ? "xs" : "md";
      expect(await modal(page).getByLabel(t.email).getAttribute("data-size")).toBe(size);
      const google = modal(page).getByRole("link", { name: /Google/ });
      expect(await google.getAttribute("href")).toBe(
        `/api/accounts/login?provider=Google&returnUrl=${encodeURIComponent(t.home)}`,
      );
      expect(await modal(page).getByLabel(t.password).getAttribute("type")).toBe("password");
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `accounts-modal-login-${locale}-${width}`);

      await modal(page).getByRole("button", { name: t.createAccount }).click();
      await modal(page).getByRole("heading", { name: t.signUpTitle }).waitFor();
      expect(await view(page).getAttribute("data-view")).toBe("signUp");
      // Collapsed: Google, 'or', and the e-mail button; no form yet.
      expect(await modal(page).locator("input").count()).toBe(0);
      await screenshot(page, `accounts-modal-signup-collapsed-${locale}-${width}`);

      await modal(page).getByRole("button", { name: t.signUpWithEmail }).click();
      await focusIsOn(page, t.name);
      const birth = modal(page).getByLabel(t.birth);
      expect(await birth.getAttribute("type")).toBe("date");
      expect(await modal(page).getByText(t.birthPrompt).isVisible()).toBe(true);
      expect(await modal(page).getByLabel(t.email).getAttribute("type")).toBe("email");
      for (const label of [t.name, t.email, t.birth, t.password, t.confirmation]) {
        expect(await modal(page).getByLabel(label, { exact: true }).isVisible(), label).toBe(true);
      }
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `accounts-modal-signup-${locale}-${width}`);

      await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
      await modal(page).getByRole("heading", { name: t.loginTitle }).waitFor();

      // Esc closes the modal and gives the focus back to the header button.
      await page.keyboard.press("Escape");
      await modal(page).waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
        "sign-in-button",
      );
      expect(problems).toEqual([]);
    },
  );

  it.for(["en", "pt-br"] as const)(
    "%s: sign-up messages appear on blur, follow typing, and all show on submit",
    async (locale, { newPage }) => {
      const t = texts[locale];
      const { page, problems } = await newPage({ viewport });
      await openLogin(page, t);
      await openSignUpForm(page, t);
      const form = modal(page);

      // Nothing is said before the field is left.
      expect(await form.getByText(t.nameRequired).count()).toBe(0);
      await page.keyboard.press("Tab");
      await form.getByText(t.nameRequired).waitFor();
      expect(await form.getByLabel(t.name).getAttribute("aria-invalid")).toBe("true");

      // After the first blur, typing is checked again (debounced).
      await form.getByLabel(t.name).fill("Al");
      await form.getByText(t.nameMin).waitFor();
      await form.getByLabel(t.name).fill("Ada Lovelace");
      await form.getByText(t.nameMin).waitFor({ state: "detached" });
      expect(await form.getByLabel(t.name).getAttribute("aria-invalid")).toBe("false");

      await form.getByLabel(t.email).fill("not-an-email");
      await form.getByLabel(t.email).blur();
      await form.getByText(t.emailInvalid).waitFor();

      await form.getByLabel(t.password, { exact: true }).fill("Abcdef1!");
      await form.getByLabel(t.confirmation).fill("Abcdef1?");
      await form.getByLabel(t.confirmation).blur();
      await form.getByText(t.mismatch).waitFor();
      await screenshot(page, `accounts-modal-validation-${locale}-${width}`);

      // Submitting shows every remaining problem and sends nothing.
      let sent = false;
      await page.route("**/api/accounts/sign-up", (route) => {
        sent = true;
        return route.abort();
      });
      await form.locator("button[type=submit]").click();
      await form.getByText(t.birthRequired).waitFor();
      expect(sent).toBe(false);
      expect(problems).toEqual([]);
    },
  );

  it.for(["en", "pt-br"] as const)(
    "%s: forgot password -> loading -> success -> back; Back clears the e-mail",
    async (locale, { newPage }) => {
      const t = texts[locale];
      const { page, problems } = await newPage({ viewport });
      await openLogin(page, t);
      await modal(page).getByRole("button", { name: t.forgot }).click();
      await modal(page).getByRole("heading", { name: t.forgotTitle }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "email");

      // Back clears the e-mail.
      await modal(page).getByLabel(t.email).fill("someone@example.com");
      await modal(page).getByRole("button", { name: t.back, exact: true }).click();
      await modal(page).getByRole("heading", { name: t.loginTitle }).waitFor();
      await modal(page).getByRole("button", { name: t.forgot }).click();
      expect(await modal(page).getByLabel(t.email).inputValue()).toBe("");

      // An invalid address never leaves the browser.
      await modal(page).getByRole("button", { name: t.send }).click();
      await modal(page).getByText(t.emailRequired).waitFor();

      const request = hold(page, "/api/accounts/forgot-password");
      await modal(page).getByLabel(t.email).fill("someone@example.com");
      await screenshot(page, `accounts-modal-forgot-${locale}-${width}`);
      await modal(page).getByRole("button", { name: t.send }).click();
      await request.seen;
      await modal(page).getByText(t.sending).waitFor();
      expect(await view(page).getAttribute("data-view")).toBe("loading");
      expect(request.requests[0]?.body).toEqual({ email: "someone@example.com" });
      // The e-mail's language: the i18n header unless the page is in English.
      expect(request.requests[0]?.headers.i18n).toBe(locale === "en" ? undefined : "pt-br");

      request.release({ status: 200, body: { message: "Request sent successfully!" } });
      await modal(page).getByRole("heading", { name: t.sent }).waitFor();
      expect(await view(page).getAttribute("data-view")).toBe("success");
      await screenshot(page, `accounts-modal-success-${locale}-${width}`);
      await modal(page).getByRole("button", { name: t.backToLogin }).click();
      await modal(page).getByRole("heading", { name: t.loginTitle }).waitFor();
      expect(problems).toEqual([]);
    },
  );
});

describe("signing up and in through the modal (the real accounts API)", () => {
  /**
   * Lets a leftover alert (the old product's defect) show up before asserting there is none:
   * once the page is idle it has run all it had queued, and an open alert would hold this
   * call until the page fixture had recorded and dismissed it.
   */
  const settle = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

  it.for(["en", "pt-br"] as const)(
    "%s: sign-up, sign-out and sign-in close the modal with a toast and no browser dialog",
    async (locale, { newPage }) => {
      const t = texts[locale];
      const { page, problems, dialogs } = await newPage({
        viewport: viewports.desktop,
      });
      const email = `modal-${locale}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const password = "Abcdef1!";

      await openLogin(page, t);
      await openSignUpForm(page, t);
      await sendSignUpForm(modal(page), locale, {
        name: "Ada Lovelace",
        email,
        dateOfBirth: "1990-12-10",
        password,
      });
      await modal(page).waitFor({ state: "detached" });
      await page.getByRole("status").getByText(t.welcome).waitFor();
      await page.getByTestId("account-button").waitFor();
      await settle(page);
      expect(dialogs).toEqual([]);

      await page.getByTestId("account-button").click();
      await page.getByRole("menuitem", { name: t.signOut }).click();
      await page.getByTestId("sign-in-button").waitFor();

      await openLogin(page, t);
      await modal(page).getByLabel(t.email).fill(email);
      await modal(page).getByLabel(t.password).fill(password);
      await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
      await modal(page).waitFor({ state: "detached" });
      await page.getByRole("status").getByText(t.welcome).waitFor();
      await page.getByTestId("account-button").waitFor();
      await settle(page);
      expect(dialogs).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});

describe("errors in the modal (spec section 8)", () => {
  const t = texts.en;
  const ada = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    dateOfBirth: "1990-12-10",
    password: "Abcdef1!",
  };

  it("a failed forgot-password request shows an error toast and keeps the form", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.phone });
    await openLogin(page, t);
    await modal(page).getByRole("button", { name: t.forgot }).click();
    const request = hold(page, "/api/accounts/forgot-password");
    await modal(page).getByLabel(t.email).fill("someone@example.com");
    await modal(page).getByRole("button", { name: t.send }).click();
    await request.seen;
    request.release({ status: 503 });
    const toast = modal(page).getByRole("alert");
    await toast.getByText(t.failed).waitFor();
    expect(await view(page).getAttribute("data-view")).toBe("forgotPassword");
    expect(await modal(page).getByLabel(t.email).inputValue()).toBe("someone@example.com");
    expect(await modal(page).getByText(t.sent).count()).toBe(0);
    await screenshot(page, "accounts-modal-forgot-failed-en-phone");
    // The toast can be dismissed.
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await toast.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });

  it("server field messages land on the fields; code/system become toasts", async ({ newPage }) => {
    const { page, problems, dialogs } = await newPage({
      viewport: viewports.desktop,
    });
    await openLogin(page, t);
    await page.route("**/api/accounts/login?*", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ status: 401, fields: { code: ["Email or password is invalid."] } }),
      }),
    );
    await modal(page).getByLabel(t.email).fill("ada@example.com");
    await modal(page).getByLabel(t.password).fill("wrong");
    await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
    await modal(page).getByRole("alert").getByText("Email or password is invalid.").waitFor();
    // No browser alert, and the modal stays open for another try.
    expect(dialogs).toEqual([]);
    expect(await view(page).getAttribute("data-view")).toBe("login");
    await screenshot(page, "accounts-modal-login-failed-en-desktop");

    await openSignUpForm(page, t);
    await page.route("**/api/accounts/sign-up", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ status: 409, fields: { email: ["Email can not be used!"] } }),
      }),
    );
    await sendSignUpForm(modal(page), "en", ada);
    await modal(page).getByText("Email can not be used!").waitFor();
    expect(await modal(page).getByLabel(t.email).getAttribute("aria-invalid")).toBe("true");
    // Changing the field clears what the server said about it.
    await modal(page).getByLabel(t.email).fill("ada2@example.com");
    await modal(page).getByText("Email can not be used!").waitFor({ state: "detached" });
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a bare 401 reopens the login modal with 'To continue, you must enter your information.'", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.desktop });
    await openLogin(page, t);
    await openSignUpForm(page, t);
    await page.route("**/api/accounts/sign-up", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: '{"status":401}' }),
    );
    await sendSignUpForm(modal(page), "en", ada);
    await modal(page).getByRole("heading", { name: t.loginTitle }).waitFor();
    expect(await page.getByTestId("auth-description").textContent()).toBe(
      "To continue, you must enter your information.",
    );
    expect(problems).toEqual([]);
  });

  it.for([
    [500, "An Internal Server Error Occurred!", "Close"],
    [503, "Service Temporarily Unavailable!", "Try Again"],
    [403, "Access Denied!", "Back to home"],
    [402, "Payment Required!", "Go to Payment Page"],
    [418, "Ooops! Something went wrong", "Close"],
  ] as const)(
    "status %i opens the error modal '%s' (%s), which a click outside does not close",
    async ([status, title, button], { newPage }) => {
      const { page, problems } = await newPage({ viewport: viewports.phone });
      await page.goto("/invalid-return-url");
      await page.getByTestId("sign-in-button").click();
      await focusIsOn(page, t.email);
      let requests = 0;
      await page.route("**/api/accounts/login?*", (route) => {
        requests++;
        return route.fulfill({
          status,
          contentType: "application/json",
          body: JSON.stringify({ status }),
        });
      });
      await modal(page).getByLabel(t.email).fill("ada@example.com");
      await modal(page).getByLabel(t.password).fill("whatever");
      await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: title });
      await dialog.waitFor();
      await screenshot(page, `accounts-error-modal-${status}-en-phone`);
      // The backdrop (a corner of the screen) does nothing.
      await page.mouse.click(4, 4);
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: button }).click();
      if (status === 503) {
        // 'Try Again' sends the sign-in again (here answered 503 again).
        await expect.poll(() => requests).toBe(2);
        await dialog.waitFor();
        expect(await modal(page).getByLabel(t.email).inputValue()).toBe("ada@example.com");
      } else {
        await dialog.waitFor({ state: "detached" });
        expect(requests).toBe(1);
      }
      if (status === 403) {
        // 403, 404 and 409 lead to the localized home.
        await page.waitForURL((url) => url.pathname === "/");
      } else {
        expect(new URL(page.url()).pathname).toBe("/invalid-return-url");
      }
      expect(problems).toEqual([]);
    },
  );
});

describe("SECURITY 16: returnUrl in the address", () => {
  it("a safe one opens the login modal saying why, and leaves the address clean", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports.phone });
    await page.goto("/pt-br?returnUrl=%2Fpt-br%2Ftestes");
    await modal(page).getByRole("heading", { name: texts["pt-br"].loginTitle }).waitFor();
    expect(await page.getByTestId("auth-description").textContent()).toBe(
      "Para continuar, você precisa informar seus dados.",
    );
    await page.waitForURL((url) => url.search === "");
    expect(
      await modal(page)
        .getByRole("link", { name: /Google/ })
        .getAttribute("href"),
    ).toBe("/api/accounts/login?provider=Google&returnUrl=%2Fpt-br%2Ftestes");
    await screenshot(page, "accounts-modal-return-url-pt-br-phone");
    expect(problems).toEqual([]);
  });

  it.for([
    ["/?returnUrl=%2F%2Fevil.example", "/invalid-return-url"],
    ["/pt-br?returnUrl=https%3A%2F%2Fevil.example%2F", "/pt-br/url-de-retorno-invalida"],
    ["/?returnUrl=%2F%5Cevil.example", "/invalid-return-url"],
  ] as const)("%s goes to %s", async ([from, to], { newPage }) => {
    const { page, problems } = await newPage({ viewport: viewports.phone });
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
    await page.getByTestId("invalid-return-url").waitFor();
    expect(await modal(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
