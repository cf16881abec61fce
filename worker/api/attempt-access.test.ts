import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AttemptState } from "../../core/attempts/attempt";
import { questionCodes } from "../../core/items/questions";
import { attemptRow, elapse, paceAnswers } from "../../tests/worker/attempts";
import { Client, strongPassword } from "../../tests/worker/client";
import { countedWorker } from "../../tests/worker/counted-d1";
import type { AttemptAccess } from "../attempts/access";
import { attemptStub } from "../attempts/lookup";

/**
 * Saving an answer and finishing without D1 (docs/decisions/0027-answer-path-without-d1.md):
 * the attempt's Durable Object decides who owns the attempt, by the same rules as the D1
 * row did (ADR 0008). Each test sends its requests through the Worker's app with `DB`
 * counted, and asserts what the client sees and how many D1 statements the Worker sent
 * (the Durable Object's own writes, the outcome at finalisation, are not in the tally).
 */

const durationMs = Number(env.TEST_DURATION_SECONDS) * 1000;
const graceMs = Number(env.TEST_GRACE_SECONDS) * 1000;
const none = { reads: 0, writes: 0, roundTrips: 0 };
const oneRead = { reads: 1, writes: 0, roundTrips: 1 };

type Worker = ReturnType<typeof countedWorker>;

function client(worker: Worker) {
  return new Client(undefined, worker.send);
}

async function start(taker: Client): Promise<string> {
  const response = await taker.fetch("/api/tests", { method: "POST", body: {} });
  expect(response.status).toBe(201);
  return ((await response.json()) as AttemptState).id;
}

async function answer(actor: Client, attemptId: string, code: string, body: unknown) {
  const response = await actor.fetch(`/api/tests/${attemptId}/answers/${code}`, {
    method: "PUT",
    body,
  });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

const save = (actor: Client, attemptId: string, code = "SM-01") =>
  answer(actor, attemptId, code, { letter: "A" });

async function finish(actor: Client, attemptId: string) {
  const response = await actor.fetch(`/api/tests/${attemptId}/finish`, { method: "POST" });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

async function signUp(who: Client): Promise<string> {
  const { response, email } = await who.signUp();
  expect(response.status).toBe(201);
  return email;
}

async function logout(who: Client) {
  const response = await who.fetch("/api/accounts/logout", { method: "POST", body: {} });
  expect(response.status).toBe(200);
}

function storedAccess(attemptId: string): Promise<AttemptAccess | undefined> {
  return runInDurableObject(attemptStub(env, attemptId), (_instance, state) =>
    state.storage.kv.get<AttemptAccess>("access"),
  );
}

/** Rewrites (or, with null, removes) the access record the attempt's object keeps. */
function editAccess(
  attemptId: string,
  edit: (access: AttemptAccess | undefined) => AttemptAccess | null,
) {
  return runInDurableObject(attemptStub(env, attemptId), (_instance, state) => {
    const edited = edit(state.storage.kv.get<AttemptAccess>("access"));
    if (edited) state.storage.kv.put("access", edited);
    else state.storage.kv.delete("access");
  });
}

/**
 * Runs `check` as if the attempt had started before ADR 0027 (its object has no access
 * record), then puts the record back: the Worker decides from D1, as it did before.
 */
async function asBefore<T>(attemptId: string, check: () => Promise<T>): Promise<T> {
  const saved = await storedAccess(attemptId);
  await editAccess(attemptId, () => null);
  try {
    return await check();
  } finally {
    await editAccess(attemptId, () => saved ?? null);
  }
}

interface Scene {
  actor: Client;
  attemptId: string;
}

/** A signed-up owner who started an attempt in this browser. */
async function ownerStarted(worker: Worker) {
  const owner = client(worker);
  const email = await signUp(owner);
  return { owner, email, attemptId: await start(owner) };
}

/** The same owner, and a second device signed in to the same account. */
async function ownerWithDevice(worker: Worker) {
  const started = await ownerStarted(worker);
  const device = client(worker);
  expect((await device.login(started.email)).status).toBe(200);
  return { ...started, device };
}

/** An anonymous taker who started an attempt, then signed up (claiming it). */
async function takerWhoSignedUp(worker: Worker) {
  const taker = client(worker);
  const attemptId = await start(taker);
  await signUp(taker);
  return { taker, attemptId };
}

async function signOutEverywhere(who: Client) {
  expect((await who.fetch("/api/account/sign-out-everywhere", { body: {} })).status).toBe(200);
}

/**
 * Every ownership rule of ADR 0008, each with the request that tests it. `owner` is what
 * the actor is; `reads` what the answer costs in D1 (none unless the session must be
 * resolved, or the attempt is gone from its object).
 */
const scenes: Array<{
  name: string;
  owner: boolean;
  reads: number;
  set: (worker: Worker) => Promise<Scene>;
}> = [
  {
    name: "the anonymous cookie holder",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const taker = client(worker);
      return { actor: taker, attemptId: await start(taker) };
    },
  },
  {
    name: "a cookie with the right id and a wrong secret",
    owner: false,
    reads: 0,
    set: async (worker) => {
      const attemptId = await start(client(worker));
      const forger = client(worker);
      forger.cookies.set("attempt", `${attemptId}.${"a".repeat(52)}`);
      return { actor: forger, attemptId };
    },
  },
  {
    name: "another attempt's cookie",
    owner: false,
    reads: 0,
    set: async (worker) => {
      const attemptId = await start(client(worker));
      const other = client(worker);
      await start(other);
      return { actor: other, attemptId };
    },
  },
  {
    name: "no cookie",
    owner: false,
    reads: 0,
    set: async (worker) => ({ actor: client(worker), attemptId: await start(client(worker)) }),
  },
  {
    name: "another signed-in user, no cookie, an anonymous attempt",
    owner: false,
    reads: 0,
    set: async (worker) => {
      const attemptId = await start(client(worker));
      const stranger = client(worker);
      await signUp(stranger);
      return { actor: stranger, attemptId };
    },
  },
  {
    name: "the signed-in owner in the browser that started it",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const { owner, attemptId } = await ownerStarted(worker);
      return { actor: owner, attemptId };
    },
  },
  {
    name: "the signed-in owner on another device, without the cookie",
    owner: true,
    reads: 1,
    set: async (worker) => {
      const { device, attemptId } = await ownerWithDevice(worker);
      return { actor: device, attemptId };
    },
  },
  {
    name: "another signed-in user, no cookie, a claimed attempt",
    owner: false,
    reads: 1,
    set: async (worker) => {
      const { attemptId } = await ownerStarted(worker);
      const stranger = client(worker);
      await signUp(stranger);
      return { actor: stranger, attemptId };
    },
  },
  {
    name: "the taker who signed up after starting (the attempt claimed)",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const { taker, attemptId } = await takerWhoSignedUp(worker);
      return { actor: taker, attemptId };
    },
  },
  {
    name: "the cookie holder signed in as another account after a claim",
    owner: false,
    reads: 1,
    set: async (worker) => {
      const { taker, attemptId } = await takerWhoSignedUp(worker);
      await logout(taker);
      const email = await signUp(client(worker));
      expect((await taker.login(email)).status).toBe(200);
      return { actor: taker, attemptId };
    },
  },
  {
    name: "the claimed attempt's cookie holder, signed out",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const { taker, attemptId } = await takerWhoSignedUp(worker);
      await logout(taker);
      return { actor: taker, attemptId };
    },
  },
  {
    name: "the owner signed in again in the browser holding the cookie",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const { owner, email, attemptId } = await ownerStarted(worker);
      await logout(owner);
      expect((await owner.login(email)).status).toBe(200);
      return { actor: owner, attemptId };
    },
  },
  {
    name: "the cookie holder whose session was ended from another device",
    owner: true,
    reads: 0,
    set: async (worker) => {
      const { owner, device, attemptId } = await ownerWithDevice(worker);
      await signOutEverywhere(device);
      // The first browser still sends its (now removed) session and the attempt cookie.
      return { actor: owner, attemptId };
    },
  },
  {
    name: "the starting session, ended, sent without the attempt cookie",
    owner: false,
    reads: 1,
    set: async (worker) => {
      const { owner, device, attemptId } = await ownerWithDevice(worker);
      await signOutEverywhere(device);
      // The object knows this session as the owner's; without the cookie that is not enough.
      const copy = client(worker);
      copy.cookies.set("session", owner.session ?? "");
      return { actor: copy, attemptId };
    },
  },
  {
    name: "the owner's other device after signing out everywhere",
    owner: false,
    reads: 1,
    set: async (worker) => {
      const { owner, device, attemptId } = await ownerWithDevice(worker);
      expect((await save(device, attemptId)).status).toBe(200);
      await signOutEverywhere(owner);
      return { actor: device, attemptId };
    },
  },
  {
    name: "the owner's other device after a password change",
    owner: false,
    reads: 1,
    set: async (worker) => {
      const { owner, device, attemptId } = await ownerWithDevice(worker);
      expect((await save(device, attemptId)).status).toBe(200);
      const password = "N3w!Passw0rdToo";
      const changed = await owner.fetch("/api/account/password", {
        body: { currentPassword: strongPassword, password, passwordConfirmation: password },
      });
      expect(changed.status).toBe(200);
      return { actor: device, attemptId };
    },
  },
  {
    name: "the browser of an account deleted with its attempt",
    owner: false,
    // The object forgot the attempt: the Worker looks for its row, as before ADR 0027.
    reads: 1,
    set: async (worker) => {
      const { owner, attemptId } = await ownerStarted(worker);
      const deleted = await owner.fetch("/api/account/delete", { body: { confirm: "DELETE" } });
      expect(deleted.status).toBe(200);
      return { actor: owner, attemptId };
    },
  },
];

describe("who may answer and finish (the Durable Object decides, by ADR 0008's rules)", () => {
  it.each(scenes)("$name", async ({ owner, reads, set }) => {
    const worker = countedWorker();
    const { actor, attemptId } = await set(worker);
    worker.counted();
    // Each request is sent with the same cookies (a removed session's is dropped by the
    // first answer).
    const cookies = new Map(actor.cookies);
    const again = () => {
      actor.cookies.clear();
      for (const [name, value] of cookies) actor.cookies.set(name, value);
    };

    const saved = await save(actor, attemptId, "SM-02");
    expect(saved.status).toBe(owner ? 200 : 404);
    if (!owner) expect(saved.body.code).toBe("invalidTest");
    const cost = { reads, writes: 0, roundTrips: reads };
    expect(worker.counted()).toEqual(cost);

    // The same request, decided from D1 as before: the same answer.
    again();
    expect((await asBefore(attemptId, () => save(actor, attemptId, "SM-03"))).status).toBe(
      saved.status,
    );
    worker.counted();

    again();
    const finished = await finish(actor, attemptId);
    expect(finished.status).toBe(owner ? 200 : 404);
    expect(worker.counted()).toEqual(cost);
    if (!owner) {
      // Nothing of the refused requests reached the attempt.
      const row = await attemptRow(attemptId);
      if (row) expect(row.status).toBe("in_progress");
    }
  });
});

describe("saving an answer costs no D1 round trip", () => {
  it("a signed-in taker's test: D1 at the start and at the end, nothing for 40 answers and the finish", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    await signUp(taker);
    worker.counted();
    const attemptId = await start(taker);
    const started = worker.counted();
    for (const code of questionCodes) expect((await save(taker, attemptId, code)).status).toBe(200);
    await paceAnswers(attemptId, 15_000);
    expect((await finish(taker, attemptId)).status).toBe(200);
    expect(worker.counted()).toEqual(none);
    // The object wrote the outcome to D1 itself: the third and last write.
    expect(await attemptRow(attemptId)).toMatchObject({ status: "finished", answered_count: 40 });
    expect((await taker.fetch(`/api/tests/${attemptId}/result`)).status).toBe(200);
    const ended = worker.counted();
    expect({ start: started.writes, result: ended.writes }).toEqual({ start: 1, result: 1 });
  });

  it("keeps today's order: 404 for a stranger before any 400 or 413; then 400, 413, 409", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    const attemptId = await start(taker);
    const stranger = client(worker);
    await start(stranger);
    worker.counted();
    const big = { letter: "A", padding: "x".repeat(2000) };
    for (const [code, body] of [
      ["XX-01", { letter: "A" }],
      ["SM-01", { letter: "E" }],
      ["SM-01", big],
    ] as const) {
      const refused = await answer(stranger, attemptId, code, body);
      expect(refused).toEqual({ status: 404, body: { status: 404, code: "invalidTest" } });
    }
    const badCode = await answer(taker, attemptId, "XX-01", { letter: "A" });
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({
      fields: { code: ["This question is not part of the test."] },
    });
    const badLetter = await answer(taker, attemptId, "SM-01", { letter: "E" });
    expect(badLetter.status).toBe(400);
    expect(badLetter.body).toMatchObject({
      fields: { letter: ["Choose one of the options A, B, C or D."] },
    });
    expect((await answer(taker, attemptId, "SM-01", big)).status).toBe(413);
    expect(worker.counted()).toEqual(none);

    await elapse(attemptId, durationMs + graceMs + 1_000);
    expect(await save(taker, attemptId)).toEqual({
      status: 409,
      body: { status: 409, code: "timeUp" },
    });
    const next = await start(taker);
    expect((await finish(taker, next)).status).toBe(200);
    worker.counted();
    expect(await save(taker, next)).toEqual({
      status: 409,
      body: { status: 409, code: "testFinished" },
    });
    expect(worker.counted()).toEqual(none);
  });

  it("an attempt started before the change (no access in its object) still answers, from D1", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    await signUp(taker);
    const attemptId = await start(taker);
    await editAccess(attemptId, () => null);
    worker.counted();
    expect((await save(taker, attemptId)).status).toBe(200);
    // The session and the attempt's row, as before.
    expect(worker.counted()).toEqual({ reads: 2, writes: 0, roundTrips: 2 });
    expect((await save(client(worker), attemptId)).status).toBe(404);
    expect((await finish(taker, attemptId)).status).toBe(200);
    expect(await attemptRow(attemptId)).toMatchObject({ status: "finished", answered_count: 1 });
  });

  it("remembers the owner's session once D1 confirmed it, in the browser holding the cookie", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    await signUp(taker);
    const attemptId = await start(taker);
    await editAccess(attemptId, (access) => (access ? { ...access, ownerSessions: [] } : null));
    worker.counted();
    expect((await save(taker, attemptId)).status).toBe(200);
    expect(worker.counted()).toEqual(oneRead);
    expect((await save(taker, attemptId, "SM-02")).status).toBe(200);
    expect(worker.counted()).toEqual(none);
  });

  it("while a claim is not confirmed, a request with a session is decided from D1", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    const attemptId = await start(taker);
    await signUp(taker);
    // As if the object had never heard back from the claim.
    await editAccess(attemptId, (access) =>
      access ? { ...access, ownerId: null, ownerSessions: [], claimPending: true } : null,
    );
    worker.counted();
    expect((await save(taker, attemptId)).status).toBe(200);
    expect(worker.counted()).toEqual({ reads: 2, writes: 0, roundTrips: 2 });
    const other = client(worker);
    const email = await signUp(other);
    await logout(taker);
    expect((await taker.login(email)).status).toBe(200);
    expect((await save(taker, attemptId)).status).toBe(404);
    // Without a session, the cookie alone decides: no D1.
    await logout(taker);
    worker.counted();
    expect((await save(taker, attemptId)).status).toBe(200);
    expect(worker.counted()).toEqual(none);
  });

  it("an object whose attempt left D1 (a missed forget()) forgets it at the end", async () => {
    const worker = countedWorker();
    const taker = client(worker);
    const attemptId = await start(taker);
    await env.DB.prepare("DELETE FROM test_attempts WHERE id = ?").bind(attemptId).run();
    expect((await finish(taker, attemptId)).status).toBe(404);
    expect(await attemptStub(env, attemptId).state()).toBeNull();
    expect((await save(taker, attemptId)).status).toBe(404);
  });
});
