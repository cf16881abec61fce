import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AttemptResult } from "../../core/attempts/attempt";
import type { AttemptListRow, AttemptsList } from "../../core/attempts/attempts-list";
import { answerMany, elapse, keysDeep, paceAnswers, startTest } from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";

const durationMs = Number(env.TEST_DURATION_SECONDS) * 1000;
const graceMs = Number(env.TEST_GRACE_SECONDS) * 1000;
const hour = 60 * 60_000;

async function list(client: Client) {
  const response = await client.fetch("/api/tests");
  return { response, body: (await response.json()) as AttemptsList & { code?: string } };
}

async function finish(client: Client, attemptId: string) {
  const response = await client.fetch(`/api/tests/${attemptId}/finish`, { method: "POST" });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string };
}

/** Moves an attempt's times in D1 back, as if taken `ms` earlier. */
function backdate(attemptId: string, ms: number) {
  return env.DB.prepare(
    `update test_attempts set started_at = started_at - ?1, deadline = deadline - ?1,
     finished_at = finished_at - ?1 where id = ?2`,
  )
    .bind(ms, attemptId)
    .run();
}

/** A finished attempt (paced like a reader, so it is scored), a rejected one, one running. */
async function threeTests(client: Client) {
  const done = (await startTest(client)).state;
  await answerMany(client, done.id, 12);
  await paceAnswers(done.id, 20_000);
  expect(await finish(client, done.id)).toEqual({
    status: "finished",
    resultPath: expect.any(String),
  });
  await backdate(done.id, 3 * hour);

  const rushed = (await startTest(client, { restart: true })).state;
  await answerMany(client, rushed.id, 32);
  expect((await finish(client, rushed.id)).status).toBe("rejected");
  await backdate(rushed.id, 2 * hour);

  const running = (await startTest(client, { restart: true })).state;
  await answerMany(client, running.id, 2);
  return { done, rushed, running };
}

describe("GET /api/tests", () => {
  it("answers 401 to an anonymous visitor, even one who holds an attempt", async () => {
    const client = new Client();
    await startTest(client);
    const { response, body } = await list(client);
    expect(response.status).toBe(401);
    expect(body.code).toBe("loginRequired");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lists the user's tests newest first: in progress, rejected, finished with its IQ", async () => {
    const client = new Client();
    await client.signUp({ dateOfBirth: "1995-04-02" });
    const { done, rushed, running } = await threeTests(client);

    const { response, body } = await list(client);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.tests.map((row) => [row.id, row.status])).toEqual([
      [running.id, "in_progress"],
      [rushed.id, "rejected"],
      [done.id, "finished"],
    ]);
    const [inProgress, rejected, finished] = body.tests as [
      AttemptListRow,
      AttemptListRow,
      AttemptListRow,
    ];
    const none = { iq: null, iqLabel: null, interval: null, paymentStatus: null };
    expect(inProgress).toMatchObject(none);
    expect(rejected).toMatchObject(none);

    // Scored on the way, once: the result page answers the very same score and date.
    const result = (await (
      await client.fetch(`/api/tests/${done.id}/result`)
    ).json()) as AttemptResult;
    expect(finished).toEqual({
      id: done.id,
      status: "finished",
      date: result.finishedAt,
      iq: result.iq,
      iqLabel: result.iqLabel,
      interval: result.interval,
      paymentStatus: null,
      refund: null,
      pendingPaymentId: null,
    });
    expect(result.rawTotal).toBeGreaterThan(0);
    const dates = body.tests.map((row) => Date.parse(row.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Date.now() - (dates[2] ?? 0)).toBeGreaterThan(2.5 * hour);
  });

  it("never shows the expected letters, nor the answers given", async () => {
    const client = new Client();
    await client.signUp();
    await threeTests(client);
    const { body } = await list(client);
    expect([...keysDeep(body)].sort()).toEqual(
      [
        "date",
        "high",
        "id",
        "interval",
        "iq",
        "iqLabel",
        "low",
        "paymentStatus",
        "pendingPaymentId",
        "refund",
        "status",
        "tests",
      ].sort(),
    );
  });

  it("SECURITY 14: shows only the user's own tests, never another user's", async () => {
    const alice = new Client();
    await alice.signUp();
    const mine = await threeTests(alice);
    const bob = new Client();
    await bob.signUp();
    const bobs = (await startTest(bob)).state;
    await finish(bob, bobs.id);
    // An anonymous taker's attempt is nobody's list until claimed.
    const stranger = new Client();
    const unclaimed = (await startTest(stranger)).state;
    await finish(stranger, unclaimed.id);

    const aliceIds = (await list(alice)).body.tests.map((row) => row.id);
    expect(aliceIds.sort()).toEqual([mine.done.id, mine.rushed.id, mine.running.id].sort());
    expect((await list(bob)).body.tests.map((row) => row.id)).toEqual([bobs.id]);
    const fresh = new Client();
    await fresh.signUp();
    expect((await list(fresh)).body).toEqual({ tests: [] });
  });

  it("shows a test whose time ran out as finished, though its alarm has not run yet", async () => {
    const client = new Client();
    await client.signUp();
    const { state } = await startTest(client);
    await elapse(state.id, durationMs + graceMs + 1_000);
    const [row] = (await list(client)).body.tests;
    expect(row).toMatchObject({ id: state.id, status: "finished", iqLabel: "≤55" });
  });

  it("lists at most one test in progress: the newest, which the test page resumes", async () => {
    const client = new Client();
    await client.signUp();
    const first = (await startTest(client)).state;
    await backdate(first.id, 60_000);
    const second = (await startTest(client, { restart: true })).state;
    const { body } = await list(client);
    expect(body.tests.map((row) => [row.id, row.status])).toEqual([[second.id, "in_progress"]]);
    const current = await (await client.fetch("/api/tests/current")).json();
    expect(current).toMatchObject({ id: second.id });
    expect(first.id).not.toBe(second.id);
  });
});
