import type { Page } from "playwright-core";
import { sendSignUpForm, signUpLabels } from "./attempt-taking";
import { baseUrl, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * Whole account flows through the real accounts API (docs/decisions/0007-accounts.md):
 * sign up, the header's avatar and menu, sign out, sign in, and the password reset
 * through the development mailbox.
 */

const password = "Correct-Horse-9";
const newPassword = "Battery-Staple-7";
const unique = () => `ada.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

const modal = (page: Page) => page.getByTestId("auth-modal");

/** Views focus their first field after 100 ms: typing waits for it. */
function focusOnField(page: Page, name: string) {
  return page.waitForFunction(
    (field) => document.activeElement?.getAttribute("name") === field,
    name,
  );
}

const labels = {
  en: {
    ...signUpLabels.en,
    signIn: "Sign in",
    createAccount: "Create an account",
    signOut: "Sign out",
    myTests: "My tests",
    account: "Account",
    forgot: "Forgot your password?",
    send: "Send",
    sent: "Request sent successfully!",
  },
  "pt-br": {
    ...signUpLabels["pt-br"],
    signIn: "Entrar",
    createAccount: "Crie uma conta",
    signOut: "Sair",
    myTests: "Meus testes",
    account: "Minha conta",
    forgot: "Esqueceu sua senha?",
    send: "Enviar",
    sent: "Solicitação enviada com sucesso!",
  },
} as const;

async function signUp(page: Page, locale: "en" | "pt-br", email: string) {
  const t = labels[locale];
  await page.getByTestId("sign-in-button").click();
  await focusOnField(page, "email");
  await modal(page).getByRole("button", { name: t.createAccount }).click();
  await modal(page).getByRole("button", { name: t.signUpWithEmail }).click();
  await focusOnField(page, "name");
  await sendSignUpForm(modal(page), locale, {
    name: "Ada Lovelace",
    email,
    dateOfBirth: "1990-12-10",
    password,
  });
}

async function signIn(page: Page, locale: "en" | "pt-br", email: string, secret: string) {
  const t = labels[locale];
  await page.getByTestId("sign-in-button").click();
  await focusOnField(page, "email");
  await modal(page).getByLabel(t.email).fill(email);
  await modal(page).getByLabel(t.password).fill(secret);
  await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
}

describe("an account from sign-up to sign-out", () => {
  it.for([
    ["pt-br", "/pt-br", viewports.phone, "phone"],
    ["en", "/", viewports.desktop, "desktop"],
  ] as const)(
    "%s: sign-up shows the avatar and its menu; sign out ends it",
    async ([locale, home, viewport, width], { newPage }) => {
      const t = labels[locale];
      const { page, problems, dialogs } = await newPage({ viewport });
      await page.goto(home);
      const email = unique();
      await signUp(page, locale, email);
      // No browser alert (see `dialogs` below): the modal closes, a toast greets, and the
      // header shows the avatar.
      await page.getByTestId("account-button").waitFor();
      await modal(page).waitFor({ state: "detached" });
      await page
        .getByRole("status")
        .getByText(locale === "en" ? "Welcome, Ada!" : "Boas-vindas, Ada!")
        .waitFor();
      expect(await page.getByTestId("avatar-initials").first().textContent()).toBe("AL");
      await screenshot(page, `accounts-signed-in-${locale}-${width}`);

      // The menu by keyboard: Enter opens it on its first item; Esc closes it.
      await page.getByTestId("account-button").focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await menu.waitFor();
      expect(await page.getByText(email).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe(
        "menuitem",
      );
      expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
        t.myTests,
        t.account,
        t.signOut,
      ]);
      await screenshot(page, `accounts-menu-${locale}-${width}`);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
        "account-button",
      );

      // Sign out: a full-page POST back to the localized home, signed out.
      await page.getByTestId("account-button").click();
      await Promise.all([
        page.waitForNavigation(),
        menu.getByRole("menuitem", { name: t.signOut }).click(),
      ]);
      expect(new URL(page.url()).pathname).toBe(home);
      await page.getByTestId("sign-in-button").waitFor();
      expect(await page.getByTestId("account-button").count()).toBe(0);
      expect(dialogs).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it("sign in: a wrong password is a toast; the right one signs in and refreshes the header", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    const email = unique();
    await signUp(page, "en", email);
    await page.getByTestId("account-button").waitFor();
    await context.clearCookies();
    await page.goto("/");

    await signIn(page, "en", email, "Wrong-Password-1");
    await modal(page).getByRole("alert").getByText("Email or password is invalid.").waitFor();
    await modal(page).getByLabel("Password").fill(password);
    await modal(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("account-button").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // The same address cannot sign up twice: the message lands on the e-mail field.
    await context.clearCookies();
    await page.goto("/");
    await signUp(page, "en", email);
    await modal(page).getByText("Email can not be used!").waitFor();
    expect(problems).toEqual([]);
  });
});

const resetTexts = {
  en: {
    home: "/",
    linkPrefix: "/change-password/",
    choose: "Choose a new password",
    newPassword: "New password",
    confirmNew: "Confirm the new password",
    submit: "Change password",
    mismatch: "Password and Password Confirmation must be the same!",
    changed: "Password changed",
    invalid: "Invalid Request",
  },
  "pt-br": {
    home: "/pt-br",
    linkPrefix: "/pt-br/change-password/",
    choose: "Escolha uma nova senha",
    newPassword: "Nova senha",
    confirmNew: "Confirme a nova senha",
    submit: "Trocar senha",
    mismatch: "Senha e Confirmação de Senha devem ser iguais!",
    changed: "Senha alterada",
    invalid: "Solicitação inválida",
  },
} as const;

describe("password reset through the mailbox", () => {
  it.for(["en", "pt-br"] as const)(
    "%s: sign-up -> sign-out -> forgot -> e-mail link -> change password -> other sessions end -> sign in with the new one",
    async (locale, { newPage }) => {
      const t = labels[locale];
      const r = resetTexts[locale];
      const { page, problems } = await newPage({ viewport: viewports.phone });
      await page.goto(r.home);
      const email = unique();
      await signUp(page, locale, email);
      await page.getByTestId("account-button").waitFor();

      // A second device stays signed in until the password changes.
      const other = await newPage({ viewport: viewports.desktop });
      await other.page.goto(r.home);
      await signIn(other.page, locale, email, password);
      await other.page.getByTestId("account-button").waitFor();

      await page.getByTestId("account-button").click();
      await page.getByRole("menuitem", { name: t.signOut }).click();
      await page.getByTestId("sign-in-button").waitFor();

      await page.getByTestId("sign-in-button").click();
      await focusOnField(page, "email");
      await modal(page).getByRole("button", { name: t.forgot }).click();
      await focusOnField(page, "email");
      await modal(page).getByLabel(t.email).fill(email);
      await modal(page).getByRole("button", { name: t.send }).click();
      await modal(page).getByRole("heading", { name: t.sent }).waitFor();

      const mail = (await (
        await fetch(`${baseUrl}/_dev/mailbox/latest.json?to=${encodeURIComponent(email)}`)
      ).json()) as { links?: string[]; html?: string };
      const link = (mail.links ?? [])
        .map((href) => new URL(href, baseUrl))
        .find((url) => url.pathname.startsWith(r.linkPrefix));
      expect(link, JSON.stringify(mail)).toBeDefined();
      const path = (link as URL).pathname;

      // A second tab holds the same link's form open while the first one uses it.
      const late = await newPage({ viewport: viewports.desktop });
      await late.page.goto(path);
      await late.page.getByRole("heading", { name: r.choose }).waitFor();

      await page.goto(path);
      await page.getByRole("heading", { name: r.choose }).waitFor();
      await page.getByLabel(r.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(r.confirmNew).fill("Different-Password-7");
      await page.getByRole("button", { name: r.submit }).click();
      await page.getByText(r.mismatch).waitFor();
      await page.getByLabel(r.confirmNew).fill(newPassword);
      await screenshot(page, `accounts-change-password-${locale}-phone`);
      await page.getByRole("button", { name: r.submit }).click();
      await page.getByRole("heading", { name: r.changed }).waitFor();
      await screenshot(page, `accounts-password-changed-${locale}-phone`);

      // The late tab's form is refused as the used link it now is: the page says so.
      await late.page.getByLabel(r.newPassword, { exact: true }).fill(newPassword);
      await late.page.getByLabel(r.confirmNew).fill(newPassword);
      await late.page.getByRole("button", { name: r.submit }).click();
      await late.page.getByRole("heading", { level: 1, name: r.invalid }).waitFor();

      // The other device's session is gone: a reload shows it signed out.
      await other.page.reload();
      await other.page.getByTestId("sign-in-button").waitFor();
      expect(await other.page.getByTestId("account-button").count()).toBe(0);

      await page.getByRole("button", { name: t.signIn }).last().click();
      await focusOnField(page, "email");
      await modal(page).getByLabel(t.email).fill(email);
      await modal(page).getByLabel(t.password).fill(newPassword);
      await modal(page).getByRole("button", { name: t.signIn, exact: true }).click();
      await page.getByTestId("account-button").waitFor();
      await page.waitForURL((url) => url.pathname === r.home);

      // The link works once.
      await page.goto(path);
      await page.getByRole("heading", { name: r.invalid }).waitFor();
      expect(problems).toEqual([]);
      expect(other.problems).toEqual([]);
      expect(late.problems).toEqual([]);
    },
  );
});
