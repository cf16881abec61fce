import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { type Letter, questionCodes } from "../core/items/questions";
import type { Locale } from "../core/locales/locales";
import { localizePath } from "../core/web/route-table";
import { baseUrl } from "./browser";

/**
 * Steps shared by the browser tests that take a test: the test screen, answering, sending
 * with questions left, and signing up (through the API or in the login modal).
 */

/** The sign-up form of the login modal, as each language labels it. */
export const signUpLabels = {
  en: {
    signUpWithEmail: "Sign up with e-mail",
    name: "Full name",
    email: "E-mail",
    birth: "Date of birth",
    password: "Password",
    confirmation: "Confirm password",
    sendAnyway: "Send anyway",
  },
  "pt-br": {
    signUpWithEmail: "Cadastrar com e-mail",
    name: "Nome completo",
    email: "E-mail",
    birth: "Data de nascimento",
    password: "Senha",
    confirmation: "Confirme a senha",
    sendAnyway: "Enviar assim mesmo",
  },
} as const;

export const password = "Abcdef1!";

/** The test screen, once hydrated (its keys and buttons work). */
export const runner = (page: Page) => page.locator("[data-testid=test-runner][data-ready=true]");

/** Opens the test's introduction in `locale` and starts a test, until its screen is ready. */
export async function startTest(page: Page, locale: Locale) {
  await page.goto(localizePath("test", locale));
  await page.getByTestId("start-test").click();
  await runner(page).waitFor();
}

/** Waits until every chosen answer has reached the server. */
export async function saved(page: Page) {
  await page.waitForFunction(
    () => document.querySelector("[data-testid=save-state]")?.getAttribute("data-state") === "idle",
  );
}

/**
 * The key of the attempt on the page's test screen: every attempt has a form of its own,
 * and the development server tells its key to tests (`/_dev/tests/:id/key`, 404 in
 * production). Kept per attempt.
 */
const keys = new Map<string, Record<string, Letter>>();
export async function keyOfRunningTest(page: Page): Promise<Record<string, Letter>> {
  const id = (await runner(page).getAttribute("data-attempt")) ?? "";
  const known = keys.get(id);
  if (known) return known;
  // The page's own server (the restart test runs its own).
  const response = await page.request.get(`${new URL(page.url()).origin}/_dev/tests/${id}/key`);
  expect(response.ok(), `the key of attempt ${id}`).toBe(true);
  const key = (await response.json()) as Record<string, Letter>;
  keys.set(id, key);
  return key;
}

/** Answers question `index` with the key's letter (or a wrong one) by keyboard. */
export async function answerByKey(page: Page, index: number, right: boolean) {
  const code = questionCodes[index] ?? "";
  const expected = (await keyOfRunningTest(page))[code] ?? "A";
  const letter = right ? expected : expected === "A" ? "B" : "A";
  await page.keyboard.press(letter.toLowerCase());
  await page.locator(`[data-testid=option-${letter}].is-chosen`).waitFor();
}

/** Goes to the last question, sends, and confirms 'send anyway' in the unanswered modal. */
export async function sendAnyway(page: Page, locale: Locale) {
  await saved(page);
  await page.getByTestId("open-picker").click();
  await page.getByRole("button", { name: /^\D+ 40,/ }).click();
  await page.getByTestId("send").click();
  await page
    .getByTestId("unanswered")
    .getByRole("button", { name: signUpLabels[locale].sendAnyway })
    .click();
}

/** Signs this browser up through the API (its cookies are the context's). */
export async function signUpViaApi(
  context: BrowserContext,
  label: string,
  name = "Beatriz Nogueira",
  email = `${label}-${crypto.randomUUID()}@example.com`,
): Promise<string> {
  const response = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
    data: {
      name,
      email,
      dateOfBirth: "1996-08-21",
      password,
      passwordConfirmation: password,
    },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** What a sign-up form is filled with; its confirmation repeats the password. */
export interface NewAccount {
  name: string;
  email: string;
  dateOfBirth: string;
  password: string;
}

/** Fills the open sign-up form in `form` (the login modal, the Register page) and sends it. */
export async function sendSignUpForm(form: Locator, locale: Locale, account: NewAccount) {
  const t = signUpLabels[locale];
  await form.getByLabel(t.name).fill(account.name);
  await form.getByLabel(t.email).fill(account.email);
  await form.getByLabel(t.birth).fill(account.dateOfBirth);
  await form.getByLabel(t.password, { exact: true }).fill(account.password);
  await form.getByLabel(t.confirmation).fill(account.password);
  await form.locator("button[type=submit]").click();
}

/** Fills and sends the sign-up form of the login modal that a finished test opened. */
export async function signUpInModal(page: Page, locale: Locale, label: string, name: string) {
  const auth = page.getByTestId("auth-modal");
  await auth.getByRole("button", { name: signUpLabels[locale].signUpWithEmail }).click();
  await sendSignUpForm(auth, locale, {
    name,
    email: `${label}-${crypto.randomUUID()}@example.com`,
    dateOfBirth: "1996-08-21",
    password,
  });
}

/** A call to our API with the context's cookies, from our own origin; it must succeed. */
export async function callApi(
  context: BrowserContext,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await context.request.fetch(`${baseUrl}${path}`, {
    method,
    data,
    headers: { Origin: baseUrl },
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as { id: string; status?: string };
}

/**
 * A finished test of the context's user, made through the API: a few answers (too few to
 * be rushed), then finished. Which answers does not matter to the paid path.
 */
export async function finishedAttempt(context: BrowserContext): Promise<string> {
  const { id } = await callApi(context, "POST", "/api/tests", { restart: true });
  for (const code of questionCodes.slice(0, 5)) {
    await callApi(context, "PUT", `/api/tests/${id}/answers/${code}`, { letter: "A" });
  }
  const finished = await callApi(context, "POST", `/api/tests/${id}/finish`);
  expect(finished.status).toBe("finished");
  return id;
}

/** A new account (signed up as by `signUpViaApi`) with one finished test: the test's id. */
export async function finishedAttemptOfNewAccount(
  context: BrowserContext,
  label: string,
  name?: string,
): Promise<string> {
  await signUpViaApi(context, label, name);
  return finishedAttempt(context);
}

/** The invalid-test page's heading: an attempt that is not the reader's, or none at all. */
const invalidAttempt = { en: "Invalid test", "pt-br": "Teste inválido" } as const;

/**
 * Each page of another user's or an unknown attempt (its result, its certificate) answers
 * 404 with the invalid-test page, in the path's language.
 */
export async function showsInvalidAttempt(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const locale = path.startsWith("/pt-br") ? "pt-br" : "en";
    await page.getByRole("heading", { name: invalidAttempt[locale] }).waitFor();
  }
}

/** An anonymous visitor at `path` is sent to the home page `home`, where the login modal opens. */
export async function sendsHomeToSignIn(page: Page, path: string, home = "/") {
  await page.goto(path);
  await page.getByTestId("auth-modal").waitFor();
  expect(new URL(page.url()).pathname).toBe(home);
}

/** Plays the person on the local Google stand-in's consent page; answers the address used. */
export async function consentAsGoogle(
  page: Page,
  name: string,
  email = `google-${crypto.randomUUID()}@example.com`,
): Promise<string> {
  await page.waitForURL(/\/_dev\/oauth\/google\/authorize/);
  await page.locator("#name").fill(name);
  await page.locator("#email").fill(email);
  await page.getByRole("button", { name: "Allow" }).click();
  return email;
}
