import { Hono } from "hono";
import { z } from "zod";
import type { CurrentUser } from "../../core/account";
import { fieldErrors } from "../../core/account-rules";
import type { AnswerSaved, AttemptState, FinishOutcome } from "../../core/attempt";
import type { AttemptsList } from "../../core/attempts-list";
import type { Locale } from "../../core/locales";
import { questionBankVersion } from "../../core/question-bank.generated";
import { type Letter, questionCodes } from "../../core/questions";
import { localizePath } from "../../core/route-table";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import type { AppEnv } from "../app";
import type { AttemptSnapshot } from "../attempts/attempt-object";
import { claimAttemptFromCookie } from "../attempts/claim";
import { attemptSetCookie } from "../attempts/cookie";
import { listAttempts } from "../attempts/list";
import {
  type AttemptRow,
  attemptStub,
  candidateCurrentAttempts,
  findOwnedAttempt,
  loadAttempt,
} from "../attempts/lookup";
import { resultOf } from "../attempts/results";
import { randomToken, sha256Hex } from "../auth/crypto";
import { errorResponse, readBody, requestLocale } from "../auth/http";
import { resolveSession } from "../auth/session";
import { testTiming } from "../env";

/**
 * The timed test's API (docs/decisions/0008-timed-test.md). Every non-GET passed the
 * CSRF check in worker/api/index.ts. The Durable Object of each attempt is the clock
 * and keeps the answers while it runs; D1 has the row and, once finalised, the outcome.
 * Anything a request does not own answers 404 `invalidTest`, like an unknown id.
 */
export const tests = new Hono<AppEnv>();

const noStore = { "Cache-Control": "no-store" };
/** The test's bodies are a few bytes: `{ "letter": "A" }`, `{ "restart": true }`. */
const maxTestBodyBytes = 1024;

const attemptIdSchema = z.uuid();
const startSchema = z.object({
  restart: z.boolean({ message: "validation_test_restart_invalid" }).optional(),
});
const answerSchema = z.object({
  code: z.enum(questionCodes as [string, ...string[]], {
    message: "validation_test_question_invalid",
  }),
  letter: z.enum(["A", "B", "C", "D"] satisfies Letter[], {
    message: "validation_test_letter_invalid",
  }),
});

function json(body: unknown, status: number, cookies: (string | null)[] = []): Response {
  const headers = new Headers(noStore);
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

const invalidTest = (locale: Locale) => errorResponse(locale, 404, { code: "invalidTest" });
const tooLarge = (locale: Locale) =>
  errorResponse(locale, 413, { fields: { system: ["auth_request_too_large"] } });

function toState(row: AttemptRow, snapshot: AttemptSnapshot): AttemptState {
  return {
    id: row.id,
    status: snapshot.status,
    remainingMs: snapshot.remainingMs,
    durationMs: snapshot.durationMs,
    answers: snapshot.answers,
    questionBankVersion: row.questionBankVersion,
  };
}

/** A finalised attempt answers from D1: its Durable Object may be gone by then. */
function finalState(row: AttemptRow): AttemptState {
  const saved = row.answers ? (JSON.parse(row.answers) as Record<string, { letter: Letter }>) : {};
  const answers: Record<string, Letter> = {};
  for (const [code, answer] of Object.entries(saved)) answers[code] = answer.letter;
  return {
    id: row.id,
    status: row.status,
    remainingMs: 0,
    durationMs: row.deadline - row.startedAt,
    answers,
    questionBankVersion: row.questionBankVersion,
  };
}

/** The state of an attempt, from D1 once finalised, else from its Durable Object. */
async function stateOf(env: Env, row: AttemptRow): Promise<AttemptState | null> {
  if (row.status !== "in_progress") return finalState(row);
  const snapshot = await attemptStub(env, row.id).state();
  return snapshot ? toState(row, snapshot) : null;
}

/** The attempt of this browser (or user) still running, if any. */
async function currentAttempt(
  request: Request,
  env: Env,
  user: CurrentUser,
): Promise<AttemptState | null> {
  for (const row of await candidateCurrentAttempts(request, env, user)) {
    const state = await stateOf(env, row);
    if (state?.status === "in_progress") return state;
  }
  return null;
}

/** The attempt named in the path when the request owns it; null for anything else. */
async function ownedAttempt(
  request: Request,
  env: Env,
  id: string,
  user: CurrentUser,
): Promise<AttemptRow | null> {
  const parsed = attemptIdSchema.safeParse(id);
  if (!parsed.success) return null;
  const row = await findOwnedAttempt(request, env, parsed.data, user);
  if (!row) console.warn(`tests: refused access to attempt=${parsed.data}`);
  return row;
}

/** The session, the request's language and the attempt it owns. */
async function requestContext(request: Request, env: Env, id: string) {
  const session = await resolveSession(request, env);
  const row = await ownedAttempt(request, env, id, session.user);
  return { ...session, row, locale: requestLocale(request) };
}

// --- start or resume --------------------------------------------------------------------

tests.post("/", async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const body = await readBody(request, maxTestBodyBytes);
  if (!body.ok) return tooLarge(locale);
  const parsed = startSchema.safeParse(body.data);
  if (!parsed.success) return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });
  const { user, setCookie } = await resolveSession(request, c.env);

  if (!parsed.data.restart) {
    const current = await currentAttempt(request, c.env, user);
    if (current) return json(current, 200, [setCookie]);
  }

  const id = crypto.randomUUID();
  const secret = randomToken(32);
  const { durationMs, graceMs } = testTiming(c.env);
  const stub = attemptStub(c.env, id);
  const { startedAt, deadline } = await stub.start({ attemptId: id, durationMs, graceMs });
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  await database(c.env.DB)
    .insert(testAttempts)
    .values({
      id,
      userId: user.isAuthenticated ? user.id : null,
      secretHash: sha256Hex(secret),
      startedAt,
      deadline,
      questionBankVersion,
      locale,
      country: typeof country === "string" && /^[A-Z]{2}$/.test(country) ? country : null,
      createdAt: startedAt,
    });
  console.log(`tests: started attempt=${id}${user.isAuthenticated ? ` user=${user.id}` : ""}`);
  const state: AttemptState = {
    id,
    status: "in_progress",
    remainingMs: Math.max(0, deadline - Date.now()),
    durationMs,
    answers: {},
    questionBankVersion,
  };
  return json(state, 201, [attemptSetCookie(c.env, id, secret), setCookie]);
});

// --- 'My IQ tests': the signed-in user's attempts ---------------------------------------

tests.get("/", async (c) => {
  const request = c.req.raw;
  const { user, setCookie } = await resolveSession(request, c.env);
  // No fields: the page sends an anonymous visitor home to sign in (spec section 2).
  if (!user.isAuthenticated) {
    return errorResponse(requestLocale(request), 401, { code: "loginRequired" });
  }
  const list: AttemptsList = { tests: await listAttempts(c.env, user) };
  return json(list, 200, [setCookie]);
});

// --- the running attempt of this browser ------------------------------------------------

tests.get("/current", async (c) => {
  const request = c.req.raw;
  const { user, setCookie } = await resolveSession(request, c.env);
  const current = await currentAttempt(request, c.env, user);
  if (!current) {
    const response = errorResponse(requestLocale(request), 404, { code: "noTest" });
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  }
  return json(current, 200, [setCookie]);
});

// --- one attempt ------------------------------------------------------------------------

tests.get("/:id", async (c) => {
  const { row, locale, setCookie } = await requestContext(c.req.raw, c.env, c.req.param("id"));
  if (!row) return invalidTest(locale);
  const state = await stateOf(c.env, row);
  if (!state) return invalidTest(locale);
  return json(state, 200, [setCookie]);
});

tests.put("/:id/answers/:code", async (c) => {
  const request = c.req.raw;
  const { row, locale } = await requestContext(request, c.env, c.req.param("id"));
  if (!row) return invalidTest(locale);
  const body = await readBody(request, maxTestBodyBytes);
  if (!body.ok) return tooLarge(locale);
  const parsed = answerSchema.safeParse({ code: c.req.param("code"), letter: body.data.letter });
  if (!parsed.success) return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });
  if (row.status !== "in_progress") {
    return errorResponse(locale, 409, {
      code: row.endedBy === "time" ? "timeUp" : "testFinished",
    });
  }
  const outcome = await attemptStub(c.env, row.id).answer(parsed.data.code, parsed.data.letter);
  if (!outcome.ok) {
    if (outcome.code === "notStarted") return invalidTest(locale);
    return errorResponse(locale, 409, { code: outcome.code });
  }
  const saved: AnswerSaved = { answered: outcome.answered, remainingMs: outcome.remainingMs };
  return json(saved, 200);
});

tests.post("/:id/finish", async (c) => {
  const { row, locale } = await requestContext(c.req.raw, c.env, c.req.param("id"));
  if (!row) return invalidTest(locale);
  let status: FinishOutcome["status"];
  if (row.status !== "in_progress") status = row.status;
  else {
    const finished = await attemptStub(c.env, row.id).finish();
    if (!finished.ok) return invalidTest(locale);
    status = finished.status;
  }
  const outcome: FinishOutcome = { status };
  if (status === "finished") outcome.resultPath = localizePath("result", locale, { id: row.id });
  return json(outcome, 200);
});

tests.get("/:id/result", async (c) => {
  const request = c.req.raw;
  const { user, setCookie } = await resolveSession(request, c.env);
  const locale = requestLocale(request);
  // No fields: the page opens the login modal for a bare 401 (spec section 8).
  if (!user.isAuthenticated) return errorResponse(locale, 401, { code: "loginRequired" });
  const row = await ownedAttempt(request, c.env, c.req.param("id"), user);
  if (!row) return invalidTest(locale);
  // Signed in with the anonymous attempt's cookie: it becomes theirs, if sign-in did not.
  if (row.userId === null && (await claimAttemptFromCookie(request, c.env, user.id)) === null) {
    return invalidTest(locale);
  }
  let current = row;
  if (current.status === "in_progress") {
    // The alarm may be late: the Durable Object finalises an attempt whose time is over.
    const snapshot = await attemptStub(c.env, row.id).state();
    if (!snapshot || snapshot.status === "in_progress") {
      return errorResponse(locale, 409, { code: "testNotFinished" });
    }
    current = (await loadAttempt(c.env, row.id)) ?? row;
  }
  if (current.status === "rejected") return errorResponse(locale, 409, { code: "testRejected" });
  const { finishedAt } = current;
  if (current.status !== "finished" || finishedAt === null) {
    return errorResponse(locale, 409, { code: "testNotFinished" });
  }
  const result = await resultOf(c.env, { ...current, finishedAt }, user);
  return json(result, 200, [setCookie]);
});

tests.all("*", (c) => c.json({ status: 404, code: "notFound" }, 404, noStore));
