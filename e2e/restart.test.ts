import { rmSync } from "node:fs";
import { connect } from "node:net";
import { type APIRequestContext, type Page, request } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { AttemptState } from "../core/attempts/attempt";
import { questionCodes } from "../core/items/questions";
import type { Locale } from "../core/locales/locales";
import { freePort, startServer } from "../scripts/local-server.mjs";
import {
  answerByKey,
  password,
  runner,
  saved,
  sendAnyway,
  signUpInModal,
  startTest,
} from "./attempt-taking";
import { viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The restart test (issue 17): the local server stops while attempts are running and
 * starts again on the same state. Every acknowledged answer is still there, the clock
 * kept counting while the server was down, the alarm set before the stop still ends an
 * attempt, and the open test pages recover on their own: their queue sends again what
 * was not acknowledged (docs/decisions/0029-dependency-failures.md).
 *
 * This file serves the built Worker itself, on its own state and on one port kept across
 * the restart (the pages keep their origin and cookies); the shared e2e server is left
 * alone.
 */

const persistTo = ".wrangler/e2e-restart-state";
/** A server-reported time and the wall time measured around it on this machine. */
const clockTolerance = 100;

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | undefined;
let port = 0;
let origin = "";

/** True once nothing listens on the port any more: workerd really is gone. */
function refuses(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "localhost", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** Stops the server and waits until its port refuses connections (also in `afterAll`). */
async function stopServer() {
  await server?.stop();
  server = undefined;
  const deadline = Date.now() + 30_000;
  while (!(await refuses())) {
    if (Date.now() > deadline) throw new Error(`port ${port} still answers 30 s after the stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  rmSync(persistTo, { recursive: true, force: true });
  port = await freePort();
  server = await startServer({ persistTo, port });
  origin = server.url;
});

afterAll(async () => {
  try {
    if (server) await stopServer();
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
});

/** The answers a page's queue sent, as the server answered them. */
function watchAnswers(page: Page) {
  const acknowledged = new Map<string, string>();
  const failures: string[] = [];
  const answerPath = /^\/api\/tests\/[^/]+\/answers\/([^/]+)$/;
  page.on("response", (response) => {
    const code = answerPath.exec(new URL(response.url()).pathname)?.[1];
    if (!code || response.request().method() !== "PUT" || !response.ok()) return;
    const { letter } = response.request().postDataJSON() as { letter: string };
    acknowledged.set(decodeURIComponent(code), letter);
  });
  page.on("requestfailed", (failed) => {
    if (answerPath.test(new URL(failed.url()).pathname)) {
      failures.push(failed.failure()?.errorText ?? "failed");
    }
  });
  return { acknowledged, failures };
}

/** An API call with the given cookies, from our own origin. */
async function call(api: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await api.fetch(`${origin}${path}`, {
    method,
    data,
    headers: { Origin: origin },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.json();
}

/** The attempt's state as its owner reads it, with the wall time around the request. */
async function readState(api: APIRequestContext, id: string) {
  const sent = Date.now();
  const state = (await call(api, "GET", `/api/tests/${id}`)) as AttemptState;
  return { state, sent, received: Date.now() };
}

const resultPaths = { en: "/result/", "pt-br": "/pt-br/resultado/" } as const;

/** A taker in the browser: the test started, its attempt id read from the API. */
async function startTaking(page: Page, locale: Locale) {
  await startTest(page, locale);
  const current = (await call(page.context().request, "GET", "/api/tests/current")) as {
    id: string;
  };
  return current.id;
}

/** Answers questions `from` to `to - 1` (right and wrong in turn), moving on after each. */
async function answerRange(page: Page, from: number, to: number) {
  for (let index = from; index < to; index++) {
    if (index > 0) await page.keyboard.press("ArrowRight");
    await answerByKey(page, index, index % 2 === 0);
  }
}

/** The countdown on the page, in seconds. */
async function shownSeconds(page: Page) {
  const text =
    (await page.locator("[data-testid=timer] span[aria-hidden=true]").textContent()) ?? "";
  const [minutes, seconds] = text.trim().split(":").map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

describe("the restart test", () => {
  it("the restart test: acknowledged answers survive a server restart, the clock keeps counting, and open test pages resend what was not acknowledged", {
    timeout: 240_000,
  }, async ({ newPage }) => {
    // Two browser takers (anonymous in English on a phone, signed in, in Portuguese, on
    // a desktop) and one over plain HTTP whose time runs out around the restart.
    const anonymous = await newPage({ viewport: viewports.phone, baseURL: origin });
    const signedIn = await newPage({ viewport: viewports.desktop, baseURL: origin });
    // While the server is down the queue's requests are refused (a request cut at the
    // stop may also lose its connection): the only console errors allowed.
    const downtimeErrors = /net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)/;
    anonymous.allowProblems(downtimeErrors);
    signedIn.allowProblems(downtimeErrors);
    const signUp = await signedIn.context.request.post(`${origin}/api/accounts/sign-up`, {
      data: {
        name: "Beatriz Nogueira",
        email: `restart-${crypto.randomUUID()}@example.com`,
        dateOfBirth: "1996-08-21",
        password,
        passwordConfirmation: password,
      },
      headers: { Origin: origin },
    });
    expect(signUp.status()).toBe(201);

    const takers = [
      { ...anonymous, locale: "en" as const },
      { ...signedIn, locale: "pt-br" as const },
    ].map((taker) => ({ ...taker, answers: watchAnswers(taker.page), id: "" }));
    for (const taker of takers) {
      taker.id = await startTaking(taker.page, taker.locale);
      await answerRange(taker.page, 0, 4);
      await saved(taker.page);
    }

    const http = await request.newContext();
    try {
      const started = (await call(http, "POST", "/api/tests", {})) as AttemptState;
      const httpAnswers = new Map<string, string>();
      for (const code of questionCodes.slice(0, 3)) {
        await call(http, "PUT", `/api/tests/${started.id}/answers/${code}`, { letter: "B" });
        httpAnswers.set(code, "B");
      }
      // Just before the stop: what each attempt holds, and its time left.
      const before = [];
      for (const taker of takers) {
        const read = await readState(taker.context.request, taker.id);
        expect(read.state.status).toBe("in_progress");
        expect(read.state.answers).toEqual(Object.fromEntries(taker.answers.acknowledged));
        expect(taker.answers.acknowledged.size).toBe(4);
        before.push(read);
      }
      const httpBefore = await readState(http, started.id);
      expect(httpBefore.state.status).toBe("in_progress");
      expect(httpBefore.state.answers).toEqual(Object.fromEntries(httpAnswers));
      // The HTTP taker's clock moves on to 2 s before its deadline: its alarm (deadline
      // plus the 5 s grace) falls due about when the server is down, or soon after.
      await call(http, "POST", `/_dev/tests/${started.id}/elapse`, {
        ms: httpBefore.state.remainingMs - 2_000,
      });

      const stoppedAt = Date.now();
      await stopServer();
      const acknowledgedBeforeStop = takers.map(({ answers }) => new Map(answers.acknowledged));

      // Down: the pages take three more answers each; the queue cannot deliver them, the
      // choices stay on screen, the page says it will send them, and nothing else opens.
      for (const taker of takers) {
        await answerRange(taker.page, 4, 7);
        await taker.page.locator("[data-testid=save-state][data-state=offline]").waitFor();
        expect(taker.answers.failures.length).toBeGreaterThan(0);
        expect(await taker.page.getByTestId("error-modal").count()).toBe(0);
        expect(await taker.page.getByTestId("progress").getAttribute("aria-valuenow")).toBe(
          String(Math.round((7 / 40) * 100)),
        );
      }
      const connectionLost = anonymous.page.getByText(
        "Connection lost: your answers will be sent as soon as it is back",
      );
      await connectionLost.waitFor();

      server = await startServer({ persistTo, port });
      const restartedAt = Date.now();
      expect(server.url).toBe(origin);

      for (const [i, taker] of takers.entries()) {
        // The queue sends again by itself (every 10 s at most): no reload, no click.
        await taker.page.waitForFunction(
          () =>
            document.querySelector("[data-testid=save-state]")?.getAttribute("data-state") ===
            "idle",
          undefined,
          { timeout: 60_000 },
        );
        const after = await readState(taker.context.request, taker.id);
        const earlier = before[i] as (typeof before)[number];
        expect(after.state.status).toBe("in_progress");
        // Every answer acknowledged before the stop is still stored.
        for (const [code, letter] of acknowledgedBeforeStop[i] ?? []) {
          expect(after.state.answers[code], code).toBe(letter);
        }
        // The answers chosen while the server was down arrived, and were acknowledged.
        for (const code of questionCodes.slice(4, 7)) {
          expect(after.state.answers[code], code).toMatch(/^[A-D]$/);
          expect(taker.answers.acknowledged.get(code), code).toBe(after.state.answers[code]);
        }
        expect(Object.keys(after.state.answers)).toHaveLength(7);
        // The clock kept counting: the server's time left went down by at least the
        // wall time between the two readings, which holds the whole downtime, and by no
        // more than the wall time around them.
        const spent = earlier.state.remainingMs - after.state.remainingMs;
        expect(spent).toBeGreaterThanOrEqual(after.sent - earlier.received - clockTolerance);
        expect(spent).toBeGreaterThanOrEqual(restartedAt - stoppedAt);
        expect(spent).toBeLessThanOrEqual(after.received - earlier.sent + clockTolerance);
        // The page's countdown follows the server's.
        const shown = await shownSeconds(taker.page);
        const expected = (after.state.remainingMs - (Date.now() - after.received)) / 1000;
        expect(shown).toBeGreaterThanOrEqual(Math.floor(expected) - 2);
        expect(shown).toBeLessThanOrEqual(Math.ceil(after.state.remainingMs / 1000) + 1);
        // The running test, with its answers, and no error left on screen.
        await runner(taker.page).waitFor();
        expect(await taker.page.getByTestId("error-modal").count()).toBe(0);
        expect(await taker.page.locator("[data-testid^=option-].is-chosen").count()).toBe(1);
      }

      expect(await connectionLost.count()).toBe(0);

      // The HTTP taker's alarm, set before the stop, ends its attempt after the restart
      // with its answers. Nothing asked for that attempt since, so the log line is the
      // alarm's (reading the attempt would end it too).
      // (A JSON line: event "tests", message "attempt=<id> finished by time"; ADR 0048.)
      const endedByAlarm = `"message":"attempt=${started.id} finished by time"`;
      await expect
        .poll(() => server?.output().includes(endedByAlarm), { timeout: 60_000, interval: 250 })
        .toBe(true);
      const ended = await readState(http, started.id);
      expect(ended.state.status).toBe("finished");
      expect(ended.state.answers).toEqual(Object.fromEntries(httpAnswers));
      expect(ended.state.remainingMs).toBe(0);
    } finally {
      await http.dispose();
    }

    // Finishing works: the anonymous taker signs up in the modal, the other is signed in.
    for (const taker of takers) {
      await sendAnyway(taker.page, taker.locale);
      if (taker.locale === "en") {
        await signUpInModal(taker.page, "en", "restart", "Rafael Restart");
      }
      await taker.page.waitForURL((url) => url.pathname.startsWith(resultPaths[taker.locale]), {
        timeout: 30_000,
      });
      await taker.page.getByTestId("result").waitFor();
      expect(await taker.page.getByTestId("result-iq").textContent()).toMatch(/\d/);
    }
  });
});
