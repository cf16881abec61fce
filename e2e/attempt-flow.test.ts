import type { BrowserContext } from "playwright-core";
import { rejectionRules } from "../core/attempts/attempt-rules";
import { questionCodes } from "../core/items/questions";
import {
  answerByKey,
  keyOfRunningTest,
  runner,
  saved,
  sendsHomeToSignIn,
  showsInvalidAttempt,
  signUpInModal,
  signUpLabels,
  signUpViaApi,
  startTest,
} from "./attempt-taking";
import { baseUrl, hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The timed test in Chromium (issue 5): the test screen, resuming, the unanswered modal,
 * time up, a rejected test, and the result after signing up, in both languages, at a
 * phone width and on a desktop. The server's clock is moved with the development-only
 * control (`/_dev/tests/{id}/elapse`) instead of waiting.
 */

const texts = {
  en: {
    test: "/test",
    result: "/result/",
    questionOf: (n: number) => `Question ${n} of 40`,
    unansweredOne: "You left 1 question unanswered",
    unansweredMany: (n: number) => `You left ${n} questions unanswered`,
    answerIt: "Answer it",
    pick: "Pick a question",
    timeUp: "Your time is up!",
    seeResult: "See My Result",
    rejected: "Your Test was rejected",
    rejectedText:
      "Your test was not performed under ideal conditions! Please click below to redo and know your IQ.",
    redo: "Redo test",
    notice: "information and entertainment only",
  },
  "pt-br": {
    test: "/pt-br/teste",
    result: "/pt-br/resultado/",
    questionOf: (n: number) => `Questão ${n} de 40`,
    unansweredOne: "Você deixou 1 questão sem resposta",
    unansweredMany: (n: number) => `Você deixou ${n} questões sem resposta`,
    answerIt: "Responder",
    pick: "Escolher uma questão",
    timeUp: "Seu tempo acabou!",
    seeResult: "Ver meu resultado",
    rejected: "Seu teste foi recusado",
    rejectedText:
      "Seu teste não foi realizado em condições ideais! Clique abaixo para refazê-lo e conhecer o seu QI.",
    redo: "Refazer o teste",
    notice: "caráter apenas informativo e de entretenimento",
  },
} as const;

/** The attempt this browser is taking, as the API reports it. */
async function currentAttempt(context: BrowserContext) {
  const response = await context.request.get(`${baseUrl}/api/tests/current`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; answers: Record<string, string> };
}

/** Moves the server's clock of the running attempt forward (development only). */
async function elapse(context: BrowserContext, ms: number) {
  const { id } = await currentAttempt(context);
  const response = await context.request.post(`${baseUrl}/_dev/tests/${id}/elapse`, {
    data: { ms },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

describe.each([
  ["en", "phone"],
  ["pt-br", "desktop"],
] as const)("the test in %s on a %s", (locale, size) => {
  const t = texts[locale];
  const viewport = viewports[size];

  it("saves every answer, resumes after a reload with the server's time, and shows the result after sign-up", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport });
    await startTest(page, locale);
    expect(await page.getByTestId("question-count").textContent()).toBe(t.questionOf(1));
    expect(await page.getByTestId("timer").textContent()).toMatch(/(20:00|19:5\d)/);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `test-question-${locale}-${size}`);

    // Answers by click and by keyboard (A-D / 1-4), moving with Next and the arrows.
    const right = (await keyOfRunningTest(page))[questionCodes[0] ?? ""] ?? "A";
    await page.getByTestId(`option-${right}`).click();
    await page.getByTestId("next").click();
    await answerByKey(page, 1, true);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("3");
    await page.locator("[data-testid=option-C].is-chosen").waitFor();
    expect(await page.getByTestId("progress").getAttribute("aria-valuenow")).toBe("8");
    await saved(page);

    // Seven minutes pass on the server; a reload resumes the same question and time.
    await elapse(context, 7 * 60_000);
    await page.reload();
    await runner(page).waitFor();
    expect(await page.getByTestId("question-count").textContent()).toBe(t.questionOf(3));
    expect(await page.locator("[data-testid=option-C].is-chosen").count()).toBe(1);
    expect(await page.getByTestId("timer").textContent()).toMatch(/1[23]:\d\d/);
    // A second tab joins the same attempt, with the answers given in the first.
    const second = await context.newPage();
    await second.goto(t.test);
    await runner(second).waitFor();
    expect(await second.getByTestId("progress").getAttribute("aria-valuenow")).toBe("8");
    await second.close();

    // More right answers, paced like a reader (at least a second apart: ADR 0008): after
    // each one has been saved, the server's clock moves on by that second.
    for (let index = 3; index < 22; index++) {
      await page.keyboard.press("ArrowRight");
      await answerByKey(page, index, true);
      await saved(page);
      await elapse(context, rejectionRules.quickGapMs);
    }

    // Send with questions left: the modal names the count (plural) and can pick one.
    await page.getByTestId("open-picker").click();
    await page.getByRole("button", { name: /^\D+ 40,/ }).click();
    await page.getByTestId("send").click();
    const modal = page.getByTestId("unanswered");
    await modal.getByRole("heading", { name: t.unansweredMany(18) }).waitFor();
    await screenshot(page, `test-unanswered-${locale}-${size}`);
    await modal.getByRole("button", { name: t.pick }).click();
    await page.getByTestId("picker").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("send").click();
    await modal.getByRole("button", { name: signUpLabels[locale].sendAnyway }).click();

    // Anonymous: the result needs an account; signing up claims the attempt.
    await signUpInModal(page, locale, "taker", "Beatriz Nogueira");

    await page.waitForURL((url) => url.pathname.startsWith(t.result));
    await page.getByTestId("result").waitFor();
    // 22 of 40 right at 30 years old (its own form's first 22: every SM and RA item, the
    // two easiest RE ones): inside the scale, at neither end, with its own interval around it.
    const iq = Number(await page.getByTestId("result-iq").textContent());
    expect(iq).toBeGreaterThan(70);
    expect(iq).toBeLessThan(130);
    const interval = (await page.getByTestId("result-interval").textContent()) ?? "";
    // The interval's two ends are the text's last two numbers ("95 %" may come first).
    const [low, high] = (interval.match(/\d+/g) ?? []).slice(-2).map(Number);
    expect(low).toBeLessThan(iq);
    expect(high).toBeGreaterThan(iq);
    expect(await page.getByTestId("iq-chart-marker").getAttribute("data-iq")).toBe(String(iq));
    expect(await page.getByTestId("result").textContent()).toContain(t.notice);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `test-result-${locale}-${size}`);
    expect(problems).toEqual([]);
  });

  it("names a single unanswered question, then rejects a test clicked through too fast", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport });
    await startTest(page, locale);
    const skipped = 16;
    for (let index = 0; index < 40; index++) {
      if (index !== skipped) await answerByKey(page, index, false);
      if (index < 39) await page.keyboard.press("ArrowRight");
    }
    await saved(page);
    await page.getByTestId("send").click();
    const modal = page.getByTestId("unanswered");
    await modal.getByRole("heading", { name: t.unansweredOne }).waitFor();
    await modal.getByRole("button", { name: t.answerIt }).click();
    expect(await page.getByTestId("question-count").textContent()).toBe(t.questionOf(skipped + 1));
    await answerByKey(page, skipped, false);
    await page.getByTestId("open-picker").click();
    await page.getByRole("button", { name: /^\D+ 40,/ }).click();
    await page.getByTestId("send").click();

    const rejected = page.getByTestId("test-rejected");
    await rejected.getByRole("heading", { name: t.rejected }).waitFor();
    expect(await rejected.textContent()).toContain(t.rejectedText);
    await screenshot(page, `test-rejected-${locale}-${size}`);
    await rejected.getByRole("button", { name: t.redo }).click();
    await runner(page).waitFor();
    expect(await page.getByTestId("question-count").textContent()).toBe(t.questionOf(1));
    expect(await page.getByTestId("progress").getAttribute("aria-valuenow")).toBe("0");
    expect(await page.getByTestId("timer").textContent()).toMatch(/(20:00|19:5\d)/);
    expect(problems).toEqual([]);
  });

  it("shows 'Your time is up!' when the clock runs out, then the result", async ({ newPage }) => {
    const { page, context, problems } = await newPage({ viewport });
    await signUpViaApi(context, "timed");
    await startTest(page, locale);
    await answerByKey(page, 0, true);
    await saved(page);
    // Three seconds left on the server; the next answer brings the client the news.
    await elapse(context, 20 * 60_000 - 3_000);
    await page.keyboard.press("ArrowRight");
    await answerByKey(page, 1, true);
    const dialog = page.getByTestId("time-up");
    await dialog.getByRole("heading", { name: t.timeUp }).waitFor({ timeout: 10_000 });
    await screenshot(page, `test-time-up-${locale}-${size}`);
    await dialog.getByRole("button", { name: t.seeResult }).click();
    await page.waitForURL((url) => url.pathname.startsWith(t.result));
    // Two right answers are at the level of chance: the bottom of the scale.
    expect(await page.getByTestId("result-iq").textContent()).toBe("≤55");
    expect(problems).toEqual([]);
  });
});

describe("results that are not yours", () => {
  it("shows the invalid-test page, with a 404, for an unknown or another user's result", async ({
    newPage,
  }) => {
    const owner = await newPage({ viewport: viewports.desktop });
    await signUpViaApi(owner.context, "owner");
    await startTest(owner.page, "en");
    const { id } = await currentAttempt(owner.context);
    await owner.context.close();

    const other = await newPage({ viewport: viewports.phone });
    await signUpViaApi(other.context, "other");
    await showsInvalidAttempt(other.page, [
      `/result/${id}`,
      `/pt-br/resultado/${crypto.randomUUID()}`,
    ]);
  });

  it("sends an anonymous visitor home to sign in first", async ({ newPage }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    await sendsHomeToSignIn(page, `/result/${crypto.randomUUID()}`);
  });
});

describe("a lost connection", () => {
  it("loses no answer: the page says so, keeps the choice and sends it when back online", async ({
    newPage,
  }) => {
    const { page, context, problems, allowProblems } = await newPage({
      viewport: viewports.phone,
    });
    // The failed requests while offline are the only console errors.
    const offline = /ERR_INTERNET_DISCONNECTED/;
    allowProblems(offline);
    await startTest(page, "en");
    await answerByKey(page, 0, true);
    await saved(page);
    await context.setOffline(true);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("d");
    await page
      .getByText("Connection lost: your answers will be sent as soon as it is back")
      .waitFor();
    await context.setOffline(false);
    await saved(page);
    const { answers } = await currentAttempt(context);
    expect(answers[questionCodes[1] ?? ""]).toBe("D");
    expect(problems.filter((p) => !offline.test(p))).toEqual([]);
  });

  it("loses no answer to a 503: the unacknowledged choice is sent again, with no error shown", async ({
    newPage,
  }) => {
    const { page, context, problems, allowProblems } = await newPage({
      viewport: viewports.phone,
    });
    // The refused request is the only console error (docs/decisions/0029-dependency-failures.md).
    const refusedLog = /status of 503/;
    allowProblems(refusedLog);
    let refused = 0;
    // The answer's Durable Object fails once: the Worker answers what it answers then. The
    // route is in place before the page loads: one added to the running test's page let a
    // save through now and then under load (about 1 in 100 runs).
    await page.route("**/api/tests/*/answers/*", (route) => {
      if (refused > 0) return route.continue();
      refused++;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        headers: { "Retry-After": "5", "Cache-Control": "no-store" },
        body: JSON.stringify({ status: 503, code: "serviceUnavailable" }),
      });
    });
    await startTest(page, "en");
    await answerByKey(page, 0, true);
    await saved(page);
    expect(refused).toBe(1);
    const { answers } = await currentAttempt(context);
    const code = questionCodes[0] ?? "";
    expect(answers[code]).toBe((await keyOfRunningTest(page))[code]);
    expect(await page.getByTestId("error-modal").count()).toBe(0);
    expect(problems.filter((p) => !refusedLog.test(p))).toEqual([]);
  });
});
