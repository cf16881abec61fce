import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { localizePath } from "../core/web/route-table";
import en from "../messages/en.json";
import pt from "../messages/pt-br.json";
import { consentAsGoogle, finishedAttempt, password, signUpViaApi } from "./attempt-taking";
import {
  answerCookieBanner,
  baseUrl,
  hasNoHorizontalOverflow,
  screenshot,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The account page as its holder uses it (issue 14): correct the profile, change the
 * password, download everything held about them after confirming it is them, and delete
 * the account, in Portuguese at 360 px; sign out everywhere and the privacy policy's way
 * in, in English on a desktop.
 */

/** Makes this account's re-authentication old, as if it had signed in an hour ago. */
function ageReauthentication(email: string) {
  execFileSync(
    "wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      ".wrangler/e2e-state",
      "--command",
      `UPDATE sessions SET reauthenticated_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = '${email}')`,
    ],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

async function openAccount(page: Page, locale: "en" | "pt-br") {
  const response = await page.goto(localizePath("account", locale));
  expect(response?.status()).toBe(200);
  await page.getByTestId("account-page").waitFor();
}

describe("the account page", () => {
  it("pt-br at 360 px: corrects the profile, changes the password, downloads the data and deletes the account", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.phone, locale: "pt-BR" });
    const email = `account-${crypto.randomUUID()}@example.com`;
    await signUpViaApi(context, "account", "Beatriz Nogueira", email);
    const attemptId = await finishedAttempt(context);

    // From the header menu.
    await page.goto(localizePath("tests", "pt-br"));
    await answerCookieBanner(page);
    await page.getByTestId("account-button").click();
    await page.getByTestId("menu-account").click();
    await page.waitForURL(`${baseUrl}/pt-br/conta`);
    await page.getByTestId("account-page").waitFor();
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    expect(await page.locator("[data-method=password]").getAttribute("data-active")).toBe("true");
    expect(await page.locator("[data-method=google]").getAttribute("data-active")).toBe("false");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "account-pt-br-phone");

    // The profile: the sign-up's rules and words, then saved.
    const profile = page.getByTestId("account-profile");
    const name = profile.getByLabel(pt.modal_name_label);
    await name.fill("A B");
    await profile.getByRole("button", { name: pt.accountpage_profile_save }).click();
    await profile.getByText(pt.validation_name_min).waitFor();
    await name.fill("Beatriz Nogueira Souza");
    await profile.getByRole("button", { name: pt.accountpage_profile_save }).click();
    await page.getByRole("status").getByText(pt.accountpage_profile_saved).waitFor();
    await openAccount(page, "pt-br");
    expect(
      await page.getByTestId("account-profile").getByLabel(pt.modal_name_label).inputValue(),
    ).toBe("Beatriz Nogueira Souza");
    expect(await page.getByTestId("account-button").getAttribute("aria-label")).toContain(
      "Beatriz Nogueira Souza",
    );

    // The password: the current one is checked, then changed.
    const passwordCard = page.getByTestId("account-password");
    await passwordCard.getByLabel(pt.accountpage_password_current).fill("Wrong!Passw0rd");
    await passwordCard
      .getByLabel(pt.accountpage_password_new, { exact: true })
      .fill("Nova!Senha123");
    await passwordCard.getByLabel(pt.accountpage_password_confirmation).fill("Nova!Senha123");
    await passwordCard.getByRole("button", { name: pt.accountpage_password_submit }).click();
    await passwordCard.getByText(pt.account_password_wrong).waitFor();
    await passwordCard.getByLabel(pt.accountpage_password_current).fill(password);
    await passwordCard.getByRole("button", { name: pt.accountpage_password_submit }).click();
    await page.getByRole("status").getByText(pt.accountpage_password_changed).waitFor();

    // The export asks who it is first (the sign-in's proof has gone stale), then downloads.
    ageReauthentication(email);
    await openAccount(page, "pt-br");
    await page.getByTestId("export-data").click();
    const dialog = page.getByTestId("reauth-dialog");
    await dialog.getByLabel(pt.accountpage_reauth_password).fill("Wrong!Passw0rd");
    await dialog.getByRole("button", { name: pt.accountpage_reauth_submit }).click();
    await dialog.getByText(pt.account_password_wrong).waitFor();
    await screenshot(page, "account-pt-br-reauth");
    await dialog.getByLabel(pt.accountpage_reauth_password).fill("Nova!Senha123");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: pt.accountpage_reauth_submit }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lumen-iq-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync(await download.path(), "utf8");
    const file = JSON.parse(text) as {
      format: string;
      account: { email: string; name: string };
      attempts: { id: string }[];
    };
    expect(file.format).toBe("lumen-iq-account-export");
    expect(file.account).toMatchObject({ email, name: "Beatriz Nogueira Souza" });
    expect(file.attempts.map((attempt) => attempt.id)).toContain(attemptId);
    const session = (await context.cookies()).find((cookie) => cookie.name === "session")?.value;
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain(session?.split(".")[1] ?? "no session");

    // Deletion names what happens; the proof of a moment ago is enough to confirm.
    await page.getByTestId("delete-account").click();
    const confirm = page.getByTestId("delete-dialog");
    await confirm.getByText(pt.accountpage_delete_li2).waitFor();
    await screenshot(page, "account-pt-br-delete");
    await confirm.getByTestId("delete-confirm").click();
    await page.getByTestId("account-deleted").waitFor();
    await screenshot(page, "account-pt-br-deleted");

    // Gone: the old password opens nothing; the address is free again, and the new
    // account finds no trace of the old one's test.
    const login = await context.request.post(`${baseUrl}/api/accounts/login`, {
      data: { email, password: "Nova!Senha123", rememberMe: false },
      headers: { Origin: baseUrl },
    });
    expect(login.status()).toBe(401);
    await signUpViaApi(context, "again", "Beatriz Nogueira", email);
    const result = await page.goto(localizePath("result", "pt-br", { id: attemptId }));
    expect(result?.status()).toBe(404);
    const certificate = await context.request.get(`${baseUrl}/api/certificates/${attemptId}.png`);
    expect(certificate.status()).toBe(404);
  });

  it("en on a desktop: reached from the privacy policy, signs out everywhere", async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ viewport: viewports.desktop });
    await signUpViaApi(context, "everywhere");
    expect((await context.request.get(`${baseUrl}/api/account`)).status()).toBe(200);
    const other = await newPage({ viewport: viewports.phone });
    await other.context.addCookies(await context.cookies());

    await page.goto(localizePath("privacyPolicy", "en"));
    await answerCookieBanner(page);
    await page.getByTestId("privacy-account-controls").getByRole("link").click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.getByTestId("account-page").waitFor();
    expect(await page.locator("h1").textContent()).toBe(en.accountpage_title);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "account-en-desktop");

    await page.getByRole("button", { name: en.accountpage_sessions_button }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("button", { name: en.menu_sign_in }).waitFor();
    // The other browser's session ended too.
    expect((await other.context.request.get(`${baseUrl}/api/account`)).status()).toBe(401);
  });

  it("a Google account: completes its profile here, has no password, confirms with Google to export", async ({
    newPage,
  }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(localizePath("register", "en"));
    await page.getByTestId("register").locator('a[href*="provider=Google"]').click();
    const email = await consentAsGoogle(page, "Gabriel Google");
    await page.waitForURL(
      (url) => !url.pathname.startsWith("/_dev") && !url.pathname.startsWith("/api"),
    );
    await openAccount(page, "en");
    expect(await page.locator("[data-method=google]").getAttribute("data-active")).toBe("true");
    expect(await page.locator("[data-method=password]").getAttribute("data-active")).toBe("false");
    await page.getByTestId("account-no-password").waitFor();

    const profile = page.getByTestId("account-profile");
    await profile.getByLabel(en.modal_birth_date_label).fill("1992-10-05");
    await profile.getByRole("button", { name: en.accountpage_profile_save }).click();
    await page.getByRole("status").getByText(en.accountpage_profile_saved).waitFor();

    ageReauthentication(email);
    await openAccount(page, "en");
    await page.getByTestId("export-data").click();
    await page.getByTestId("reauth-dialog").getByTestId("reauth-google").click();
    await consentAsGoogle(page, "Gabriel Google", email);
    await page.waitForURL(`${baseUrl}/account?then=export`);
    await page.getByTestId("account-page").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-data").click(),
    ]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8")) as {
      account: { email: string; dateOfBirth: string };
      signInMethods: { password: boolean; google: unknown[] };
    };
    expect(file.account).toMatchObject({ email, dateOfBirth: "1992-10-05" });
    expect(file.signInMethods.password).toBe(false);
    expect(file.signInMethods.google).toHaveLength(1);
  });

  it("sends a signed-out visitor home to sign in", async ({ newPage }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(localizePath("account", "pt-br"));
    expect(new URL(page.url()).pathname).toBe("/pt-br");
    expect(new URL(page.url()).searchParams.get("returnUrl")).toBe("/pt-br/conta");
  });
});
