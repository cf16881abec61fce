import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { type CurrentUser, hasCompleteProfile } from "../../core/accounts/account";
import {
  type AnswerSaved,
  type AttemptState,
  type FinishOutcome,
  freeResult,
  type RunningAttempt,
} from "../../core/attempts/attempt";
import type { AttemptsList } from "../../core/attempts/attempts-list";
import { parameterVersion } from "../../core/items/pool/models";
import { questionBank, questionBankVersion } from "../../core/items/question-bank.generated";
import { type Letter, questionCodes } from "../../core/items/questions";
import type { Locale } from "../../core/locales/locales";
import { localizePath } from "../../core/web/route-table";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { type AttemptCredentials, attemptCredentials } from "../attempts/access";
import type {
  AnswerOutcome,
  AttemptSnapshot,
  OwnerAction,
  TestAttempt,
} from "../attempts/attempt-object";
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
import { profileIncomplete } from "../auth/profile";
import { testTiming } from "../env";
import { seenContents } from "../forms/forms";
import { checkedRequest, validBody } from "../http/body";
import { requestLocale } from "../http/request";
import { errorResponse, json, notFoundJson } from "../http/responses";
import { deferSession } from "../middleware/session";

/**
 * The timed test's API (docs/decisions/0008-timed-test.md), at `/api/tests`. Every
 * non-GET passed the CSRF check in worker/api/index.ts. The Durable Object of each
 * attempt is the clock and keeps the answers while it runs; D1 has the row and, once
 * finalised, the outcome. Anything a request does not own answers 404 `invalidTest`,
 * like an unknown id. Saving an answer and finishing ask the Durable Object alone who owns
 * the attempt (docs/decisions/0027-answer-path-without-d1.md): no D1 query in the common
 * cases; the session is resolved only when the object asks for it.
 */

/** The routes of one attempt read the attempt their request owns from `c.var`. */
type AttemptEnv = AppEnv & { Variables: AppEnv["Variables"] & { attempt: AttemptRow } };

export const attempts = new Hono<AttemptEnv>();

/** The attempt's bodies are a few bytes: `{ "letter": "A" }`, `{ "restart": true }`. */
const maxAttemptBodyBytes = 1024;

const attemptIdSchema = z.uuid();
const startSchema = z.object({
  restart: z.boolean({ message: "validation_test_restart_invalid" }).optional(),
});
const answerParamsSchema = z.object({
  id: z.string(),
  code: z.enum(questionCodes as [string, ...string[]], {
    message: "validation_test_question_invalid",
  }),
});
const answerSchema = z.object({
  letter: z.enum(["A", "B", "C", "D"] satisfies Letter[], {
    message: "validation_test_letter_invalid",
  }),
});

const invalidTest = (locale: Locale) => errorResponse(locale, 404, { code: "invalidTest" });

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

/**
 * A running attempt with its questions; null once it has ended. An attempt started on bank
 * v2 before forms (its object has no form) is shown bank v2 until it ends.
 */
async function runningState(env: Env, row: AttemptRow): Promise<RunningAttempt | null> {
  if (row.status !== "in_progress") return null;
  const snapshot = await attemptStub(env, row.id).state({ questions: true });
  if (snapshot?.status !== "in_progress") return null;
  return { ...toState(row, snapshot), questions: snapshot.questions ?? questionBank };
}

/** The attempt of this browser (or user) still running, if any. */
async function currentAttempt(
  request: Request,
  env: Env,
  user: CurrentUser,
): Promise<RunningAttempt | null> {
  for (const row of await candidateCurrentAttempts(request, env, user)) {
    const state = await runningState(env, row);
    if (state) return state;
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

/** The outcome of acting as the attempt's owner in its Durable Object (ADR 0027). */
type AsOwner<T> = { owner: true; result: T } | { owner: false } | { owner: "askD1" };

/**
 * Runs `act` in the attempt's Durable Object, which acts only for its owner. Without the
 * attempt's cookie and without a session cookie nobody can own it: refused with no call
 * at all. When the object asks for the user, the session is resolved (one read of
 * `sessions`) and it is asked again. `askD1`: the object cannot decide (an attempt
 * started before ADR 0027, or its storage is gone): the caller decides from the D1 row.
 */
async function asOwner<T>(
  c: Context<AttemptEnv>,
  attemptId: string,
  act: (
    stub: DurableObjectStub<TestAttempt>,
    credentials: AttemptCredentials,
  ) => Promise<OwnerAction<T>>,
): Promise<AsOwner<T>> {
  const credentials = attemptCredentials(c.req.raw, c.env, attemptId);
  if (credentials.cookieHash === null && credentials.sessionId === null) return { owner: false };
  const stub = attemptStub(c.env, attemptId);
  let acted = await act(stub, credentials);
  if (acted.access === "askSession") {
    const { user } = await c.var.resolveSession();
    const resolvedUserId = user.isAuthenticated ? user.id : null;
    acted = await act(stub, { ...credentials, resolvedUserId });
  }
  if (acted.access === "owner") return { owner: true, result: acted.result };
  // A second `askSession` cannot happen: the object had the user.
  return acted.access === "askD1" ? { owner: "askD1" } : { owner: false };
}

/** The owned attempt's row, as before ADR 0027: D1 and the session (a refusal is logged). */
async function ownedRow(c: Context<AttemptEnv>, attemptId: string): Promise<AttemptRow | null> {
  const { user } = await c.var.resolveSession();
  return ownedAttempt(c.req.raw, c.env, attemptId, user);
}

function refused(locale: Locale, attemptId: string): Response {
  console.warn(`tests: refused access to attempt=${attemptId}`);
  return invalidTest(locale);
}

/** Routes of one attempt: 404 `invalidTest` unless the request owns it, before anything else. */
const owned: MiddlewareHandler<AttemptEnv, "/:id/*" | "/:id"> = async (c, next) => {
  const row = await ownedAttempt(c.req.raw, c.env, c.req.param("id"), c.var.user);
  if (!row) return invalidTest(requestLocale(c.req.raw));
  c.set("attempt", row);
  await next();
};

// --- start or resume --------------------------------------------------------------------

attempts.post("/", validBody(startSchema, maxAttemptBodyBytes), async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const { restart } = c.req.valid("json");
  const { user } = c.var;

  if (!restart) {
    const current = await currentAttempt(request, c.env, user);
    if (current) return json(current, 200);
  }

  const id = crypto.randomUUID();
  const secret = randomToken(32);
  const { durationMs, graceMs } = testTiming(c.env);
  const stub = attemptStub(c.env, id);
  const secretHash = sha256Hex(secret);
  // Nothing this person met before comes back (their earlier forms' content hashes).
  const seen = await seenContents(request, c.env, user);
  const started = await stub.start(
    { attemptId: id, durationMs, graceMs },
    // The object decides who may answer (ADR 0027): the cookie, and the starting session.
    {
      secretHash,
      ownerId: user.isAuthenticated ? user.id : null,
      sessionId: user.isAuthenticated ? c.var.sessionId : null,
    },
    seen,
  );
  const { startedAt, deadline, form } = started;
  const version = form?.version ?? questionBankVersion;
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  await database(c.env.DB)
    .insert(testAttempts)
    .values({
      id,
      userId: user.isAuthenticated ? user.id : null,
      secretHash,
      startedAt,
      deadline,
      questionBankVersion: version,
      // The form and its keys stay on the server (scoring, review, calibration).
      form: form ? JSON.stringify(form) : null,
      parameterVersion: form ? parameterVersion : null,
      locale,
      country: typeof country === "string" && /^[A-Z]{2}$/.test(country) ? country : null,
      createdAt: startedAt,
    });
  console.log(`tests: started attempt=${id}${user.isAuthenticated ? ` user=${user.id}` : ""}`);
  const state: RunningAttempt = {
    id,
    status: "in_progress",
    remainingMs: Math.max(0, deadline - Date.now()),
    durationMs,
    answers: {},
    questionBankVersion: version,
    questions: started.questions ?? questionBank,
  };
  return json(state, 201, [attemptSetCookie(c.env, id, secret)]);
});

// --- 'My IQ tests': the signed-in user's attempts ---------------------------------------

attempts.get("/", async (c) => {
  const { user } = c.var;
  // No fields: the page sends an anonymous visitor home to sign in (spec section 2).
  if (!user.isAuthenticated) {
    return errorResponse(requestLocale(c.req.raw), 401, { code: "loginRequired" });
  }
  // The list shows scores: none before the profile has its date of birth.
  if (!hasCompleteProfile(user)) return profileIncomplete(requestLocale(c.req.raw));
  const list: AttemptsList = { tests: await listAttempts(c.env, user) };
  return json(list, 200);
});

// --- the running attempt of this browser ------------------------------------------------

attempts.get("/current", async (c) => {
  const current = await currentAttempt(c.req.raw, c.env, c.var.user);
  if (!current) return errorResponse(requestLocale(c.req.raw), 404, { code: "noTest" });
  return json(current, 200);
});

// --- one attempt ------------------------------------------------------------------------

attempts.get("/:id", owned, async (c) => {
  const state = await stateOf(c.env, c.var.attempt);
  if (!state) return invalidTest(requestLocale(c.req.raw));
  return json(state, 200);
});

/** What the answer route tells the client once the attempt is known to be the request's. */
function answerResponse(locale: Locale, outcome: AnswerOutcome): Response {
  if (!outcome.ok) {
    if (outcome.code === "notStarted") return invalidTest(locale);
    return errorResponse(locale, 409, { code: outcome.code });
  }
  const saved: AnswerSaved = { answered: outcome.answered, remainingMs: outcome.remainingMs };
  return json(saved, 200);
}

attempts.put("/:id/answers/:code", deferSession, async (c) => {
  const locale = requestLocale(c.req.raw);
  const id = c.req.param("id");
  if (!attemptIdSchema.safeParse(id).success) return invalidTest(locale);
  // Checked first, answered after the owner is known: 404 for a stranger before any 400.
  const input = await checkedRequest(c, answerParamsSchema, answerSchema, maxAttemptBodyBytes);
  const answer = input.ok ? { code: input.params.code, letter: input.body.letter } : null;
  const acted = await asOwner(c, id, (stub, credentials) =>
    stub.answerAsOwner(credentials, answer),
  );
  if (acted.owner === false) return refused(locale, id);
  if (acted.owner === true) {
    if (!input.ok) return input.refusal;
    // The object had an answer to save, so it answered with its outcome.
    return answerResponse(locale, acted.result ?? { ok: false, code: "notStarted" });
  }
  // Decided from D1, as before ADR 0027.
  const row = await ownedRow(c, id);
  if (!row) return invalidTest(locale);
  if (!input.ok) return input.refusal;
  if (row.status !== "in_progress") {
    return errorResponse(locale, 409, { code: row.endedBy === "time" ? "timeUp" : "testFinished" });
  }
  return answerResponse(
    locale,
    await attemptStub(c.env, row.id).answer(input.params.code, input.body.letter),
  );
});

attempts.post("/:id/finish", deferSession, async (c) => {
  const locale = requestLocale(c.req.raw);
  const id = c.req.param("id");
  if (!attemptIdSchema.safeParse(id).success) return invalidTest(locale);
  const acted = await asOwner(c, id, (stub, credentials) => stub.finishAsOwner(credentials));
  if (acted.owner === false) return refused(locale, id);
  let status: FinishOutcome["status"];
  if (acted.owner === true) {
    if (!acted.result.ok) return invalidTest(locale);
    status = acted.result.status;
  } else {
    // Decided from D1, as before ADR 0027.
    const row = await ownedRow(c, id);
    if (!row) return invalidTest(locale);
    if (row.status !== "in_progress") status = row.status;
    else {
      const finished = await attemptStub(c.env, row.id).finish();
      if (!finished.ok) return invalidTest(locale);
      status = finished.status;
    }
  }
  const outcome: FinishOutcome = { status };
  if (status === "finished") outcome.resultPath = localizePath("result", locale, { id });
  return json(outcome, 200);
});

attempts.get("/:id/result", async (c) => {
  const request = c.req.raw;
  const { user } = c.var;
  const locale = requestLocale(request);
  // No fields: the page opens the login modal for a bare 401 (spec section 8).
  if (!user.isAuthenticated) return errorResponse(locale, 401, { code: "loginRequired" });
  if (!hasCompleteProfile(user)) return profileIncomplete(locale);
  const row = await ownedAttempt(request, c.env, c.req.param("id"), user);
  if (!row) return invalidTest(locale);
  // Signed in with the anonymous attempt's cookie: it becomes theirs, if sign-in did not.
  const claim = () => claimAttemptFromCookie(request, c.env, user.id, c.var.sessionId);
  if (row.userId === null && (await claim()) === null) {
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
  // The percentiles are the premium report's (docs/decisions/0017-payments.md).
  return json(freeResult(result), 200);
});

attempts.all("*", () => notFoundJson());
