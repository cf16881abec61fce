import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Client, selfRoutingFetch, uniqueEmail } from "../../../tests/worker/client";
import { signInWithGoogle } from "../../../tests/worker/google";
import { finishedAttempt } from "../../../tests/worker/payments";

/**
 * `PATCH /api/account/profile` and the profile-completion rule
 * (docs/decisions/0022-register-and-profile-completion.md): an account without a date of
 * birth (a Google sign-up) gets no score, certificate, report or checkout until it has
 * told it; under 16 is refused like an e-mail sign-up, and such an account is removed.
 */

beforeEach(() => {
  // arctic calls the Google stand-in's token endpoint with fetch: route it back into the Worker.
  vi.spyOn(globalThis, "fetch").mockImplementation(selfRoutingFetch());
});

interface Me {
  isAuthenticated: boolean;
  id: string | null;
  name: string | null;
  dateOfBirth: string | null;
  shouldUpdate: boolean;
}

async function me(client: Client): Promise<Me> {
  const response = await client.fetch("/api/application-configuration");
  return ((await response.json()) as { user: Me }).user;
}

/** A new account made by signing up with Google: no date of birth. */
async function googleUser(email = uniqueEmail("google")) {
  const client = new Client();
  const response = await signInWithGoogle(client, { email, name: "Gabriela Google" }, "/");
  expect(response.status).toBe(302);
  const user = await me(client);
  expect(user).toMatchObject({ isAuthenticated: true, dateOfBirth: null, shouldUpdate: true });
  return { client, userId: user.id as string, email };
}

function patchProfile(client: Client, body: unknown, headers: Record<string, string> = {}) {
  return client.fetch("/api/account/profile", { method: "PATCH", body, headers });
}

/** The date of birth of someone `years` old today: the 1st of January, `years` ago. */
function bornYearsAgo(years: number): string {
  return `${new Date().getUTCFullYear() - years}-01-01`;
}

async function countOf(table: string, column: string, value: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`)
    .bind(value)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Every call that shows a score, for one attempt. */
function scoreCalls(attemptId: string) {
  return [
    `/api/tests/${attemptId}/result`,
    `/api/certificates/${attemptId}`,
    `/api/certificates/${attemptId}.png`,
    `/api/certificates/${attemptId}.svg?download=1`,
    `/api/checkout/${attemptId}`,
    `/api/tests/${attemptId}/report`,
    `/api/tests/${attemptId}/report.pdf`,
    "/api/tests",
  ];
}

describe("an account without a date of birth", () => {
  it("sees no score, certificate, report or checkout until it has told it", async () => {
    const { client, userId } = await googleUser();
    const attemptId = await finishedAttempt(userId, Date.now(), { scored: false });

    for (const path of scoreCalls(attemptId)) {
      const response = await client.fetch(path);
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toEqual({ status: 403, code: "profileIncomplete" });
    }
    const coupon = await client.fetch(`/api/checkout/${attemptId}/coupon`, {
      body: { coupon: "SPRING25" },
    });
    expect(coupon.status).toBe(403);
    const payment = await client.fetch(`/api/checkout/${attemptId}/payments`, { body: {} });
    expect(payment.status).toBe(403);
    // Nothing was scored or issued on the way.
    expect(await countOf("test_results", "attempt_id", attemptId)).toBe(0);
    expect(await countOf("certificates", "attempt_id", attemptId)).toBe(0);
    // Another account's attempt id answers the same: the refusal tells nothing about it.
    const other = await client.fetch(`/api/tests/${crypto.randomUUID()}/result`);
    expect(other.status).toBe(403);
  });

  it("completes its profile, then sees its pending result, and the certificate has its age", async () => {
    const { client, userId } = await googleUser();
    const attemptId = await finishedAttempt(userId, Date.now(), { scored: false });

    const response = await patchProfile(client, {
      name: "  Gabriela Souza  ",
      dateOfBirth: bornYearsAgo(30),
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: Me };
    expect(user).toMatchObject({
      id: userId,
      name: "Gabriela Souza",
      dateOfBirth: bornYearsAgo(30),
      shouldUpdate: false,
      isAuthenticated: true,
    });
    expect(await me(client)).toMatchObject({ shouldUpdate: false, name: "Gabriela Souza" });

    const result = await client.fetch(`/api/tests/${attemptId}/result`);
    expect(result.status).toBe(200);
    expect(await result.json()).toMatchObject({ id: attemptId });
    const certificate = await client.fetch(`/api/certificates/${attemptId}`);
    expect(certificate.status).toBe(200);
    expect(await certificate.json()).toMatchObject({ name: "Gabriela Souza" });
    const issued = await env.DB.prepare("select age from certificates where attempt_id = ?")
      .bind(attemptId)
      .first<{ age: number | null }>();
    expect(issued?.age).toBe(30);
    // The age band of the score is the one of the date of birth just told.
    const scored = await env.DB.prepare("select age_band from test_results where attempt_id = ?")
      .bind(attemptId)
      .first<{ age_band: string }>();
    expect(scored?.age_band).toMatch(/^\d+-\d+$|^\d+\+$/);
    expect((await client.fetch("/api/tests")).status).toBe(200);
  });

  it("under 16: refused with the sign-up's message, and the account is removed with its session", async () => {
    const email = uniqueEmail("young");
    const { client, userId } = await googleUser(email);
    const attemptId = await finishedAttempt(userId, Date.now(), { scored: false });
    const young = bornYearsAgo(12);

    // What an e-mail sign-up of the same age answers.
    const signUp = await new Client().signUp({ dateOfBirth: young });
    expect(signUp.response.status).toBe(400);
    const signUpBody = (await signUp.response.json()) as { fields: Record<string, string[]> };

    const response = await patchProfile(client, { name: "Gabriela Google", dateOfBirth: young });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string[]>; code: string };
    expect(body.fields).toEqual({ dateOfBirth: signUpBody.fields.dateOfBirth });
    expect(body.fields.dateOfBirth).toEqual(["You must be at least 16 years old to sign up."]);
    expect(body.code).toBe("accountRemoved");
    expect(response.headers.getSetCookie().join()).toMatch(/^session=; .*Max-Age=0/);

    // Signed out, and nothing is kept: the account, its sign-in link, sessions and test.
    expect((await me(client)).isAuthenticated).toBe(false);
    expect(await countOf("users", "id", userId)).toBe(0);
    expect(await countOf("oauth_accounts", "user_id", userId)).toBe(0);
    expect(await countOf("sessions", "user_id", userId)).toBe(0);
    expect(await countOf("test_attempts", "id", attemptId)).toBe(0);
    expect((await patchProfile(client, { name: "Gabriela", dateOfBirth: young })).status).toBe(401);

    // The address is free again: a Google sign-in makes a new account, which must tell its age.
    const again = new Client();
    await signInWithGoogle(again, { email }, "/");
    const renewed = await me(again);
    expect(renewed).toMatchObject({ isAuthenticated: true, shouldUpdate: true });
    expect(renewed.id).not.toBe(userId);
  });

  it("in Portuguese, the refusal is the sign-up's Portuguese message", async () => {
    const { client } = await googleUser();
    const response = await patchProfile(
      client,
      { name: "Gabriela Google", dateOfBirth: bornYearsAgo(15) },
      { i18n: "pt-br" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { dateOfBirth: ["Você precisa ter pelo menos 16 anos para se cadastrar."] },
      code: "accountRemoved",
    });
  });
});

describe("PATCH /api/account/profile", () => {
  it("needs a session", async () => {
    const response = await patchProfile(new Client(), {
      name: "Maria Silva",
      dateOfBirth: bornYearsAgo(30),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 401, code: "loginRequired" });
  });

  it("needs a same-origin request", async () => {
    const { client } = await googleUser();
    for (const origin of [null, "https://evil.example"]) {
      const response = await client.fetch("/api/account/profile", {
        method: "PATCH",
        body: { name: "Maria Silva", dateOfBirth: bornYearsAgo(30) },
        origin,
      });
      expect(response.status).toBe(403);
    }
    expect((await me(client)).shouldUpdate).toBe(true);
  });

  it("validates the fields with the sign-up's rules and messages, in the request's language", async () => {
    const { client } = await googleUser();
    const cases: [unknown, Record<string, string[]>, Record<string, string>][] = [
      [{}, { name: ["Name is required!"], dateOfBirth: ["Birth date is required!"] }, {}],
      [
        { name: "A B", dateOfBirth: "17/05/1990" },
        { name: ["Name must contain at least 3 letters!"], dateOfBirth: ["Invalid birth date!"] },
        {},
      ],
      [
        { name: "x".repeat(76), dateOfBirth: "2999-01-01" },
        { name: ["Name must contain at most 75 letters!"], dateOfBirth: ["Invalid birth date!"] },
        {},
      ],
      [
        { name: "", dateOfBirth: "1990-02-30" },
        { name: ["Nome é obrigatório!"], dateOfBirth: ["Data de nascimento inválida!"] },
        { i18n: "pt-br" },
      ],
      [
        { name: 42, dateOfBirth: ["1990-01-01"] },
        { name: ["Nome é obrigatório!"], dateOfBirth: ["Data de nascimento é obrigatória!"] },
        { "Accept-Language": "pt-BR" },
      ],
    ];
    for (const [body, fields, headers] of cases) {
      const response = await patchProfile(client, body, headers);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ status: 400, fields });
    }
    // Not JSON, or not an object: the same 400 with the missing fields, never a 500.
    for (const raw of ["not json", "[1,2]", "null"]) {
      const response = await patchProfile(client, raw, { "Content-Type": "application/json" });
      expect(response.status).toBe(400);
    }
    const huge = await patchProfile(client, {
      name: "x".repeat(20_000),
      dateOfBirth: "1990-01-01",
    });
    expect(huge.status).toBe(413);
    expect((await me(client)).shouldUpdate).toBe(true);
  });

  it("edits an e-mail account's name and date of birth", async () => {
    const client = new Client();
    expect((await client.signUp()).response.status).toBe(201);
    const response = await patchProfile(client, {
      name: "Maria Souza",
      dateOfBirth: bornYearsAgo(40),
    });
    expect(response.status).toBe(200);
    expect(await me(client)).toMatchObject({
      name: "Maria Souza",
      dateOfBirth: bornYearsAgo(40),
      shouldUpdate: false,
    });
  });

  it("a new name goes on the next certificates; one already issued keeps its code and name", async () => {
    const client = new Client();
    expect((await client.signUp({ name: "Maria Souza" })).response.status).toBe(201);
    const { id: userId } = await me(client);
    const details = async (attemptId: string) =>
      (await (await client.fetch(`/api/certificates/${attemptId}`)).json()) as {
        code: string;
        name: string;
      };
    const before = await finishedAttempt(userId as string);
    const issued = await details(before);
    expect(issued.name).toBe("Maria Souza");

    const renamed = await patchProfile(client, {
      name: "Maria Souza Lima",
      dateOfBirth: bornYearsAgo(30),
    });
    expect(renamed.status).toBe(200);
    expect(await details(before)).toEqual(issued);
    const verified = await client.fetch(`/api/certificates/verify/${issued.code}`);
    expect(await verified.json()).toMatchObject({ name: "Maria Souza" });

    const after = await finishedAttempt(userId as string);
    expect((await details(after)).name).toBe("Maria Souza Lima");
  });

  it("refuses an account that has a date of birth an under-16 one, and keeps it as it was", async () => {
    const client = new Client();
    expect((await client.signUp({ dateOfBirth: "1990-05-17" })).response.status).toBe(201);
    const response = await patchProfile(client, {
      name: "Maria Souza",
      dateOfBirth: bornYearsAgo(14),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      fields: { dateOfBirth: ["You must be at least 16 years old to sign up."] },
    });
    expect(await me(client)).toMatchObject({
      isAuthenticated: true,
      name: "Maria Silva",
      dateOfBirth: "1990-05-17",
    });
  });

  it("SECURITY 14: changes nothing of another account", async () => {
    const other = new Client();
    expect((await other.signUp()).response.status).toBe(201);
    const before = await me(other);
    const { client } = await googleUser();
    await patchProfile(client, { name: "Gabriela Souza", dateOfBirth: bornYearsAgo(30) });
    await patchProfile(client, { name: "Gabriela Souza", dateOfBirth: bornYearsAgo(10) });
    expect(await me(other)).toEqual(before);
  });
});
