import type { Page } from "playwright-core";
import { formatTestDate } from "../core/attempts/attempts-list";
import { questionCodes } from "../core/items/questions";
import type { Locale } from "../core/locales/locales";
import {
  callApi,
  finishedAttempt,
  runner,
  sendAnyway,
  sendsHomeToSignIn,
  signUpViaApi,
} from "./attempt-taking";
import { hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * 'My IQ tests' in Chromium (issue 6): the protected-route redirect, the empty state,
 * the row of a test just taken, a rejected and a running test, and the header's
 * 'My tests' link, in both languages, at a phone width and on a desktop.
 */

const texts = {
  en: {
    home: "/",
    list: "/tests",
    test: "/test",
    result: "/result/",
    title: "My IQ tests",
    emptyTitle: "No tests yet",
    emptyButton: "Take the test",
    myTests: "My tests",
    account: "Account",
    signOut: "Sign out",
    notPurchased: "Report not purchased",
    seeResult: "See result",
    certificate: "Download certificate",
    buyReport: "Buy report",
    rejected: "Your Test was rejected",
    redo: "Redo test",
    inProgress: "In progress",
    continue: "Continue",
    date: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  },
  "pt-br": {
    home: "/pt-br",
    list: "/pt-br/testes",
    test: "/pt-br/teste",
    result: "/pt-br/resultado/",
    title: "Meus testes de QI",
    emptyTitle: "Nenhum teste ainda",
    emptyButton: "Fazer o teste",
    myTests: "Meus testes",
    account: "Minha conta",
    signOut: "Sair",
    notPurchased: "Relatório não adquirido",
    seeResult: "Ver resultado",
    certificate: "Baixar certificado",
    buyReport: "Comprar relatório",
    rejected: "Seu teste foi recusado",
    redo: "Refazer o teste",
    inProgress: "Em andamento",
    continue: "Continuar",
    date: /^\d{1,2} de [a-zç]{3}\. de \d{4}$/,
  },
} as const;

/** Each language in a time zone of its readers: the date is on their calendar. */
const timeZones: Record<Locale, string> = {
  en: "America/Los_Angeles",
  "pt-br": "America/Sao_Paulo",
};

/** The account menu's item names, opened from the header. */
async function menuItems(page: Page) {
  await page.getByTestId("account-button").click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  const items = await menu.getByRole("menuitem").allTextContents();
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "hidden" });
  return items;
}

describe.each([
  ["en", "phone"],
  ["pt-br", "desktop"],
  ["en", "desktop"],
  ["pt-br", "phone"],
] as const)("the tests list in %s on a %s", (locale, size) => {
  const t = texts[locale];
  const viewport = viewports[size];
  const timezoneId = timeZones[locale];

  it("draws the history of three tests, each score with its interval, and the note on practice", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport, timezoneId });
    await signUpViaApi(context, "history");
    await finishedAttempt(context);
    await page.goto(t.list);
    await page.getByTestId("tests-row").first().waitFor();
    // One finished test: no chart yet.
    expect(await page.getByTestId("tests-history").count()).toBe(0);
    await finishedAttempt(context);
    await finishedAttempt(context);
    await page.goto(t.list);
    const history = page.getByTestId("tests-history");
    await history.waitFor();
    expect(await history.getByTestId("tests-history-point").count()).toBe(3);
    const iqs = await page.getByTestId("tests-iq").allTextContents();
    // The chart's points are the rows' scores, oldest first.
    const points = await history
      .getByTestId("tests-history-point")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-iq")));
    expect(points.map((iq) => (Number(iq) <= 55 ? "≤55" : iq))).toEqual([...iqs].reverse());
    expect(await page.getByTestId("tests-practice-note").textContent()).toMatch(
      locale === "en" ? /after the third/ : /depois do terceiro/,
    );
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `tests-history-${locale}-${size}`);
    expect(problems).toEqual([]);
  });

  it("sends an anonymous visitor home, where the login modal opens", async ({ newPage }) => {
    const { page, problems } = await newPage({ viewport });
    await sendsHomeToSignIn(page, t.list, t.home);
    expect(problems).toEqual([]);
  });

  it("shows the empty state, then each test taken with its date, IQ, payment and actions", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport, timezoneId });
    await signUpViaApi(context, "list");

    // No test yet: a friendly empty state that leads to the test; no 'My tests' here.
    const response = await page.goto(t.list);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
    const empty = page.getByTestId("tests-empty");
    await empty.getByRole("heading", { name: t.emptyTitle }).waitFor();
    expect(await page.getByTestId("tests-row").count()).toBe(0);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await menuItems(page)).toEqual([t.account, t.signOut]);
    await screenshot(page, `tests-empty-${locale}-${size}`);
    await empty.getByRole("link", { name: t.emptyButton }).click();
    await page.waitForURL((url) => url.pathname === t.test);

    // Elsewhere the header offers 'My tests'.
    await page.getByTestId("start-test").click();
    await runner(page).waitFor();
    expect(await menuItems(page)).toEqual([t.myTests, t.account, t.signOut]);

    // A short test: eight answers by keyboard, then sent anyway.
    for (let index = 0; index < 8; index++) {
      const letter = ["A", "B", "C", "D"][index % 4] as string;
      await page.keyboard.press(letter.toLowerCase());
      await page.locator(`[data-testid=option-${letter}].is-chosen`).waitFor();
      await page.keyboard.press("ArrowRight");
    }
    await sendAnyway(page, locale);
    await page.waitForURL((url) => url.pathname.startsWith(t.result));
    const resultPath = new URL(page.url()).pathname;
    const iq = (await page.getByTestId("result-iq").textContent()) ?? "";
    expect(iq).not.toBe("");

    // 'My tests' from the header, a client-side navigation.
    await page.getByTestId("account-button").click();
    await page.getByRole("menuitem", { name: t.myTests }).click();
    await page.waitForURL((url) => url.pathname === t.list);
    const row = page.getByTestId("tests-row");
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute("data-status")).toBe("finished");
    const date = row.getByTestId("tests-date");
    const when = (await date.getAttribute("datetime")) ?? "";
    expect(Date.now() - Date.parse(when)).toBeLessThan(5 * 60_000);
    expect(await date.textContent()).toBe(formatTestDate(when, locale, timezoneId));
    expect(await date.textContent()).toMatch(t.date);
    expect(await row.getByTestId("tests-iq").textContent()).toBe(iq);
    expect(await row.getByTestId("tests-payment").textContent()).toBe(t.notPurchased);
    expect(await row.getByRole("link").allTextContents()).toEqual([
      t.seeResult,
      t.certificate,
      t.buyReport,
    ]);
    // The certificate downloads as a PNG straight from the list.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: t.certificate }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await menuItems(page)).toEqual([t.account, t.signOut]);
    await screenshot(page, `tests-one-${locale}-${size}`);

    await row.getByRole("link", { name: t.seeResult }).click();
    await page.waitForURL((url) => url.pathname === resultPath);
    expect(await page.getByTestId("result-iq").textContent()).toBe(iq);

    // A test rejected for its pace, then one still running, both through the API.
    const rushed = await callApi(context, "POST", "/api/tests", { restart: true });
    for (const code of questionCodes.slice(0, 32)) {
      await callApi(context, "PUT", `/api/tests/${rushed.id}/answers/${code}`, { letter: "A" });
    }
    expect((await callApi(context, "POST", `/api/tests/${rushed.id}/finish`)).status).toBe(
      "rejected",
    );
    const running = await callApi(context, "POST", "/api/tests", { restart: true });
    await callApi(context, "PUT", `/api/tests/${running.id}/answers/${questionCodes[0]}`, {
      letter: "B",
    });

    // A full page load: the server renders the list and the browser hydrates it.
    await page.goto(t.list);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await row.count()).toBe(3);
    expect(await row.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")))).toEqual(
      ["in_progress", "rejected", "finished"],
    );
    const [inProgress, rejected, finished] = [row.nth(0), row.nth(1), row.nth(2)];
    // The server renders UTC; hydration switches to the browser's zone (they differ near
    // midnight), so wait for it rather than read the server's text.
    await expect
      .poll(() => finished.getByTestId("tests-date").textContent())
      .toBe(formatTestDate(when, locale, timezoneId));
    expect(await rejected.getByTestId("tests-iq").textContent()).toContain(t.rejected);
    expect(await rejected.getByRole("link").allTextContents()).toEqual([t.redo]);
    expect(await rejected.getByRole("link").getAttribute("href")).toBe(t.test);
    expect(await inProgress.getByTestId("tests-iq").textContent()).toContain(t.inProgress);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `tests-three-${locale}-${size}`);

    // 'Continue' resumes the running test where it was.
    await inProgress.getByRole("link", { name: t.continue }).click();
    await runner(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(t.test);
    // The one answer given is there: 1 of 40 is 3% done.
    expect(await page.getByTestId("progress").getAttribute("aria-valuenow")).toBe("3");
    expect(problems).toEqual([]);
  });
});
