import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  AnswerSaved,
  AttemptResult,
  AttemptState,
  FinishOutcome,
} from "../../core/attempts/attempt";
import { questionCodes } from "../../core/items/questions";
import {
  answer,
  answerMany,
  attemptRow,
  editTimes,
  elapse,
  formKeyOf,
  keysDeep,
  paceAnswers,
  startTest,
} from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";
import { attemptStub } from "../attempts/lookup";

const durationMs = Number(env.TEST_DURATION_SECONDS) * 1000;
const graceMs = Number(env.TEST_GRACE_SECONDS) * 1000;

async function finish(client: Client, attemptId: string) {
  const response = await client.fetch(`/api/tests/${attemptId}/finish`, { method: "POST" });
  return { response, outcome: (await response.json()) as FinishOutcome };
}

async function result(client: Client, attemptId: string) {
  const response = await client.fetch(`/api/tests/${attemptId}/result`);
  return { response, body: (await response.json()) as AttemptResult & { code?: string } };
}

/** Answers every question with the key's letter where `right(i)`, else a wrong one. */
async function answerAll(client: Client, attemptId: string, right: (index: number) => boolean) {
  const key = await formKeyOf(attemptId);
  for (const [index, code] of questionCodes.entries()) {
    const expected = key[code] ?? "A";
    const letter = right(index) ? expected : expected === "A" ? "B" : "A";
    expect((await answer(client, attemptId, code, { letter })).status).toBe(200);
  }
}

describe("starting a test", () => {
  it("starts an attempt for an anonymous visitor, bound to an HttpOnly cookie", async () => {
    const client = new Client();
    const { response, state } = await startTest(client);
    expect(response.status).toBe(201);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("attempt="));
    expect(cookie).toMatch(/^attempt=[0-9a-f-]{36}\.[a-z2-7]{52}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(state).toMatchObject({ status: "in_progress", durationMs, answers: {} });
    expect(state.remainingMs).toBeGreaterThan(durationMs - 5_000);
    expect(state.remainingMs).toBeLessThanOrEqual(durationMs);
    const row = await attemptRow(state.id);
    expect(row).toMatchObject({ status: "in_progress", user_id: null, locale: "en" });
    expect(row?.deadline).toBe((row?.started_at ?? 0) + durationMs);
    // D1 keeps a hash of the cookie's secret, never the secret.
    expect(cookie).not.toContain(row?.secret_hash);
  });

  it("resumes the running attempt on a second start (reload, second tab, double click)", async () => {
    const client = new Client();
    const first = await startTest(client);
    await answer(client, first.state.id, "SM-01", { letter: "B" });
    const again = await startTest(client);
    expect(again.response.status).toBe(200);
    expect(again.state.id).toBe(first.state.id);
    expect(again.state.answers).toEqual({ "SM-01": "B" });
    const current = await client.fetch("/api/tests/current");
    expect(((await current.json()) as AttemptState).id).toBe(first.state.id);
  });

  it("starts a new attempt when asked to restart", async () => {
    const client = new Client();
    const first = await startTest(client);
    const second = await startTest(client, { restart: true });
    expect(second.response.status).toBe(201);
    expect(second.state.id).not.toBe(first.state.id);
  });

  it("SECURITY 28: refuses a bad body with field errors, never a 500", async () => {
    const client = new Client();
    const bad = await client.fetch("/api/tests", { method: "POST", body: { restart: "yes" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: { restart: ["Restart must be true or false."] },
    });
    const huge = await client.fetch("/api/tests", { method: "POST", body: "x".repeat(5000) });
    expect(huge.status).toBe(413);
    const junk = await client.fetch("/api/tests", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(junk.status).toBe(201);
  });

  it("answers 404 noTest when this browser has no test running", async () => {
    const response = await new Client().fetch("/api/tests/current");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "noTest" });
  });

  it("refuses a cross-origin start (CSRF)", async () => {
    const client = new Client();
    const response = await client.fetch("/api/tests", {
      method: "POST",
      body: {},
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });
});

describe("answering", () => {
  it("saves every answer at once and reports the server's remaining time", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const saved = await answer(client, state.id, "RA-03", { letter: "C" });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as AnswerSaved;
    expect(body.answered).toBe(1);
    expect(body.remainingMs).toBeGreaterThan(durationMs - 5_000);
    // A changed mind replaces the answer.
    await answer(client, state.id, "RA-03", { letter: "D" });
    const reloaded = await client.fetch(`/api/tests/${state.id}`);
    expect(((await reloaded.json()) as AttemptState).answers).toEqual({ "RA-03": "D" });
  });

  it("SECURITY 26: keeps the same time left across a reload: the clock is the server's", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await elapse(state.id, 7 * 60_000);
    const reloaded = (await (await client.fetch(`/api/tests/${state.id}`)).json()) as AttemptState;
    expect(reloaded.remainingMs).toBeLessThanOrEqual(durationMs - 7 * 60_000);
    expect(reloaded.remainingMs).toBeGreaterThan(durationMs - 7 * 60_000 - 5_000);
  });

  it.each([
    [
      "an unknown question",
      "XX-01",
      { letter: "A" },
      "code",
      "This question is not part of the test.",
    ],
    [
      "a letter outside A-D",
      "SM-01",
      { letter: "E" },
      "letter",
      "Choose one of the options A, B, C or D.",
    ],
    ["no letter", "SM-01", {}, "letter", "Choose one of the options A, B, C or D."],
  ])("refuses %s with a field error", async (_label, code, body, field, message) => {
    const client = new Client();
    const { state } = await startTest(client);
    const response = await answer(client, state.id, code, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { [field]: [message] } });
  });

  it("SECURITY 26: accepts an answer within the grace after the deadline, and refuses one after it", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await elapse(state.id, durationMs + graceMs / 2);
    expect((await answer(client, state.id, "SM-01", { letter: "A" })).status).toBe(200);
    await elapse(state.id, graceMs);
    const late = await answer(client, state.id, "SM-02", { letter: "A" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "timeUp" });
    // The late answer is not kept; the attempt was finalised by the clock with the first.
    const row = await attemptRow(state.id);
    expect(row).toMatchObject({ status: "finished", ended_by: "time", answered_count: 1 });
    expect(JSON.parse(row?.answers ?? "{}")).toHaveProperty("SM-01");
    expect(JSON.parse(row?.answers ?? "{}")).not.toHaveProperty("SM-02");
  });

  it("SECURITY 27: never sends the expected letter while the test runs", async () => {
    const client = new Client();
    const { response, state } = await startTest(client);
    const bodies: unknown[] = [state];
    bodies.push(await (await answer(client, state.id, "SM-01", { letter: "A" })).json());
    bodies.push(await (await client.fetch(`/api/tests/${state.id}`)).json());
    bodies.push(await (await client.fetch("/api/tests/current")).json());
    bodies.push(await (await client.fetch("/api/questions")).json());
    for (const body of bodies) {
      const keys = keysDeep(body);
      expect(keys.has("expect")).toBe(false);
      expect(keys.has("expected")).toBe(false);
    }
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("whose attempt it is", () => {
  it("SECURITY 14: answers another browser's attempt as unknown: 404 invalidTest everywhere", async () => {
    const owner = new Client();
    const { state } = await startTest(owner);
    const stranger = new Client();
    for (const [path, method, body] of [
      [`/api/tests/${state.id}`, "GET", undefined],
      [`/api/tests/${state.id}/answers/SM-01`, "PUT", { letter: "A" }],
      [`/api/tests/${state.id}/finish`, "POST", undefined],
      ["/api/tests/not-a-uuid", "GET", undefined],
      ["/api/tests/6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b", "GET", undefined],
    ] as const) {
      const response = await stranger.fetch(path, { method, body });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ code: "invalidTest" });
    }
    expect((await attemptRow(state.id))?.answered_count).toBe(0);
    expect((await stateOf(owner, state.id)).answers).toEqual({});
  });

  it("refuses a forged cookie with the right id and a wrong secret", async () => {
    const owner = new Client();
    const { state } = await startTest(owner);
    const forger = new Client();
    forger.cookies.set("attempt", `${state.id}.${"a".repeat(52)}`);
    expect((await forger.fetch(`/api/tests/${state.id}`)).status).toBe(404);
  });
});

async function stateOf(c: Client, id: string): Promise<AttemptState> {
  return (await (await c.fetch(`/api/tests/${id}`)).json()) as AttemptState;
}

describe("the clock's alarm", () => {
  it("SECURITY 25: finalises an abandoned attempt with the answers given so far, once", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await answerMany(client, state.id, 3);
    await paceAnswers(state.id, 20_000);
    await elapse(state.id, durationMs + graceMs + 1_000);
    expect(await runDurableObjectAlarm(attemptStub(env, state.id))).toBe(true);
    const row = await attemptRow(state.id);
    expect(row).toMatchObject({ status: "finished", ended_by: "time", answered_count: 3 });
    // It ended at the deadline on the Durable Object's clock, not when the alarm ran.
    let deadline = 0;
    await editTimes(state.id, ({ meta }) => {
      deadline = meta.deadline;
    });
    expect(row?.finished_at).toBe(deadline);
    // Alarms may run again: nothing changes.
    await runDurableObjectAlarm(attemptStub(env, state.id));
    expect(await attemptRow(state.id)).toEqual(row);
    const after = await client.fetch(`/api/tests/${state.id}`);
    expect(await after.json()).toMatchObject({ status: "finished", remainingMs: 0 });
  });

  it("SECURITY 25: keeps its start and deadline in storage, its alarm at the deadline plus the grace; woken early, does not end the test", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const stored = await runInDurableObject(attemptStub(env, state.id), async (_object, ctx) => ({
      meta: ctx.storage.kv.get("meta") as { startedAt: number; deadline: number },
      alarm: await ctx.storage.getAlarm(),
    }));
    expect(stored.meta.deadline - stored.meta.startedAt).toBe(durationMs);
    // Answers in flight are taken until the grace ends: the alarm finalises after it.
    expect(stored.alarm).toBe(stored.meta.deadline + graceMs);
    await runDurableObjectAlarm(attemptStub(env, state.id));
    expect((await attemptRow(state.id))?.status).toBe("in_progress");
    expect((await answer(client, state.id, "SM-01", { letter: "A" })).status).toBe(200);
  });
});

describe("finishing", () => {
  it("SECURITY 27: freezes the attempt: no more answers, no new time, the same outcome again", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await answerMany(client, state.id, 2);
    await paceAnswers(state.id, 30_000);
    const { response, outcome } = await finish(client, state.id);
    expect(response.status).toBe(200);
    expect(outcome).toEqual({ status: "finished", resultPath: `/result/${state.id}` });
    const late = await answer(client, state.id, "SM-03", { letter: "A" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "testFinished" });
    const changed = await answer(client, state.id, "SM-01", { letter: "D" });
    expect(changed.status).toBe(409);
    expect((await finish(client, state.id)).outcome).toEqual(outcome);
    expect(await stateOf(client, state.id)).toMatchObject({
      status: "finished",
      answers: { "SM-01": "A", "SM-02": "A" },
    });
    // Starting again does not reopen it: a new attempt with a new clock.
    const next = await startTest(client);
    expect(next.response.status).toBe(201);
    expect(next.state.id).not.toBe(state.id);
  });

  it("gives the localized result path to a Portuguese taker", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const response = await client.fetch(`/api/tests/${state.id}/finish`, {
      method: "POST",
      headers: { i18n: "pt-br" },
    });
    expect(await response.json()).toEqual({
      status: "finished",
      resultPath: `/pt-br/resultado/${state.id}`,
    });
  });

  it("rejects a test answered faster than anyone can read it", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await answerMany(client, state.id, 32);
    const { outcome } = await finish(client, state.id);
    expect(outcome).toEqual({ status: "rejected" });
    expect(await attemptRow(state.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "rushed",
    });
    await client.signUp();
    const { response, body } = await result(client, state.id);
    expect(response.status).toBe(409);
    expect(body.code).toBe("testRejected");
  });
});

describe("the result", () => {
  it("needs an account: 401 for the anonymous taker, then the attempt is claimed at sign-up", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    await answerAll(client, state.id, (i) => i % 4 !== 3); // 30 of 40 right
    await paceAnswers(state.id, 15_000);
    await finish(client, state.id);
    const anonymous = await result(client, state.id);
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.body.code).toBe("loginRequired");

    await client.signUp({ dateOfBirth: "1995-04-02" });
    const row = await attemptRow(state.id);
    expect(row?.user_id).not.toBeNull();
    const { response, body } = await result(client, state.id);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      id: state.id,
      rawTotal: 30,
      ageBand: "25-34",
      normsVersion: "v1-model-2026-11",
    });
    // The area scores and percentiles are the paid report's: the free result does not
    // carry them, though they are stored with it.
    for (const key of [
      "abilities",
      "rawByCategory",
      "percentageWorld",
      "percentageBrazil",
      "percentileMethod",
    ]) {
      expect(body).not.toHaveProperty(key);
    }
    const stored = await env.DB.prepare(
      "select raw_by_category, percentage_world, scoring_version, parameter_version, ability from test_results where attempt_id = ?",
    )
      .bind(state.id)
      .first<{
        raw_by_category: string;
        percentage_world: number;
        scoring_version: string;
        parameter_version: string;
        ability: string;
      }>();
    expect(JSON.parse(stored?.raw_by_category ?? "{}")).toEqual({ SM: 8, RA: 7, RE: 8, RL: 7 });
    expect(stored?.percentage_world).toBeGreaterThan(50);
    expect(body.iq).toBeGreaterThan(100);
    // Scored from the attempt's own form (ADR 0038): the interval is the person's own error.
    expect(stored?.scoring_version).toBe("eap-band-prior-v1");
    expect(stored?.parameter_version).toBe("lltm-v1");
    const ability = JSON.parse(stored?.ability ?? "{}") as { se: number; byCategory: object };
    expect(Object.keys(ability.byCategory)).toEqual(["SM", "RA", "RE", "RL"]);
    const halfWidth = 1.96 * 15 * ability.se;
    expect(body.interval.low).toBeLessThan(body.iq);
    expect(body.interval.high).toBeGreaterThan(body.iq);
    expect(Math.abs(body.interval.high - body.interval.low - 2 * halfWidth)).toBeLessThanOrEqual(1);
    // Stored once: asking again answers the same.
    expect((await result(client, state.id)).body).toEqual(body);
  });

  it("SECURITY 14: is the owner's only: another signed-in user gets 404", async () => {
    const owner = new Client();
    const { state } = await startTest(owner);
    await finish(owner, state.id);
    await owner.signUp();
    expect((await result(owner, state.id)).response.status).toBe(200);
    const other = new Client();
    await other.signUp();
    const { response, body } = await result(other, state.id);
    expect(response.status).toBe(404);
    expect(body.code).toBe("invalidTest");
  });

  it("scores an empty test at the bottom of the scale", async () => {
    const client = new Client();
    await client.signUp();
    const { state } = await startTest(client);
    await finish(client, state.id);
    const { body } = await result(client, state.id);
    expect(body).toMatchObject({
      iq: 55,
      iqLabel: "≤55",
      atFloor: true,
      rawTotal: 0,
      band: "slow",
    });
  });

  it("SECURITY 27: is not there before the test ends; the late clock is honoured", async () => {
    const client = new Client();
    await client.signUp();
    const { state } = await startTest(client);
    const early = await result(client, state.id);
    expect(early.response.status).toBe(409);
    expect(early.body.code).toBe("testNotFinished");
    await elapse(state.id, durationMs + graceMs + 1_000);
    // The alarm has not run yet: asking for the result finalises the attempt.
    expect((await result(client, state.id)).response.status).toBe(200);
  });

  it("claims the attempt when the anonymous taker signs in to an existing account", async () => {
    const account = new Client();
    const { email } = await account.signUp();
    const taker = new Client();
    const { state } = await startTest(taker);
    await finish(taker, state.id);
    expect((await taker.login(email)).status).toBe(200);
    expect((await result(taker, state.id)).response.status).toBe(200);
    // And the account sees it from another browser too.
    expect((await result(account, state.id)).response.status).toBe(200);
  });
});

describe("the development clock control", () => {
  it("moves a running attempt's clock forward, and refuses once it has ended", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const path = `/_dev/tests/${state.id}/elapse`;
    const moved = await client.fetch(path, { method: "POST", body: { ms: durationMs - 60_000 } });
    expect(moved.status).toBe(200);
    const now = (await (await client.fetch(`/api/tests/${state.id}`)).json()) as AttemptState;
    expect(now.remainingMs).toBeLessThanOrEqual(60_000);
    expect((await client.fetch(path, { method: "POST", body: { ms: -5 } })).status).toBe(400);
    await finish(client, state.id);
    expect((await client.fetch(path, { method: "POST", body: { ms: 1000 } })).status).toBe(409);
  });
});
