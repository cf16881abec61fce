import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { anonymousUser } from "../../core/accounts/account";
import { Client, sessionCookie, strongPassword } from "../../tests/worker/client";
import { createApp } from "../app";
import { sha256Hex } from "./crypto";
import { sessionLifetimes } from "./session";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

async function signedIn(remember = false) {
  const { email } = await new Client().signUp();
  const client = new Client();
  await client.login(email, strongPassword, remember);
  const token = client.session as string;
  const [id, secret] = token.split(".") as [string, string];
  return { client, token, id, secret, email };
}

function session(id: string) {
  return env.DB.prepare("select * from sessions where id = ?").bind(id).first<{
    secret_hash: string;
    expires_at: number;
    last_extended_at: number;
    created_at: number;
    remember: number;
  }>();
}

async function configurationWith(token: string) {
  const client = new Client();
  client.cookies.set(sessionCookie, token);
  const response = await client.fetch("/api/application-configuration");
  return { response, body: (await response.json()) as { user: Record<string, unknown> } };
}

describe("session tokens", () => {
  it("SECURITY 1: the secret is 256 random bits; D1 keeps only its SHA-256", async () => {
    const { id, secret } = await signedIn();
    expect(secret).toMatch(/^[a-z2-7]{52}$/);
    expect((await signedIn()).secret).not.toBe(secret);
    const row = await session(id);
    expect(row?.secret_hash).toBe(sha256Hex(secret));
    const { results } = await env.DB.prepare("select * from sessions").all();
    expect(JSON.stringify(results)).not.toContain(secret);
  });

  it("SECURITY 1: a right id with a wrong secret is anonymous, and the session survives", async () => {
    const { id, token } = await signedIn();
    const forged = `${id}.${"a".repeat(52)}`;
    const { response, body } = await configurationWith(forged);
    expect(response.status).toBe(200);
    expect(body.user).toEqual(anonymousUser);
    expect(response.headers.getSetCookie()).toEqual([
      "session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
    expect((await configurationWith(token)).body.user.isAuthenticated).toBe(true);
  });

  it("garbled or unknown tokens are anonymous, never a 500", async () => {
    for (const token of [
      "x",
      ".",
      "a.b",
      `${"a".repeat(26)}.${"b".repeat(52)}`,
      `${"A".repeat(26)}.${"B".repeat(52)}`,
      "%00%ff",
      "é".repeat(100),
      "a".repeat(5000),
    ]) {
      const { response, body } = await configurationWith(token);
      expect(response.status).toBe(200);
      expect(body.user).toEqual(anonymousUser);
    }
  });

  it("an expired session is anonymous and its row is deleted", async () => {
    const { id, token } = await signedIn();
    await env.DB.prepare("update sessions set expires_at = ? where id = ?")
      .bind(Date.now() - 1, id)
      .run();
    expect((await configurationWith(token)).body.user).toEqual(anonymousUser);
    expect(await session(id)).toBeNull();
  });

  it("SECURITY 3: no session outlives the absolute maximum of 90 days", async () => {
    const { id, token } = await signedIn(true);
    const created = Date.now() - 90 * day - 1;
    await env.DB.prepare("update sessions set created_at = ?, last_extended_at = ? where id = ?")
      .bind(created, Date.now() - 1000, id)
      .run();
    expect((await configurationWith(token)).body.user).toEqual(anonymousUser);
  });
});

describe("session lifetimes", () => {
  it("without rememberMe: 12 hours on the server and a browser-session cookie", async () => {
    const { id } = await signedIn(false);
    const row = await session(id);
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(12 * hour);
    expect(row?.remember).toBe(0);
  });

  it("with rememberMe: 30 days of inactivity", async () => {
    const { id } = await signedIn(true);
    const row = await session(id);
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(30 * day);
  });

  it("SECURITY 3: inactivity expiry is extended at most hourly, with a new cookie", async () => {
    const { id, token } = await signedIn(true);
    const fresh = await configurationWith(token);
    expect(fresh.response.headers.getSetCookie()).toEqual([]);

    const before = Date.now() - sessionLifetimes.extendEvery - 1000;
    await env.DB.prepare("update sessions set last_extended_at = ?, expires_at = ? where id = ?")
      .bind(before, before + 30 * day, id)
      .run();
    const extended = await configurationWith(token);
    expect(extended.body.user.isAuthenticated).toBe(true);
    const [cookie] = extended.response.headers.getSetCookie();
    expect(cookie).toMatch(
      new RegExp(
        `^session=${token.replace(".", "\\.")}; Path=/; HttpOnly; SameSite=Lax; Max-Age=259\\d{4}$`,
      ),
    );
    const row = await session(id);
    expect(row?.expires_at).toBeGreaterThan(before + 30 * day + hour / 2);
    expect(row?.last_extended_at).toBeGreaterThan(before);
  });

  it("extension never goes past 90 days after sign-in", async () => {
    const { id, token } = await signedIn(true);
    const created = Date.now() - 89 * day;
    await env.DB.prepare(
      "update sessions set created_at = ?, last_extended_at = ?, expires_at = ? where id = ?",
    )
      .bind(created, Date.now() - 2 * hour, Date.now() + day, id)
      .run();
    await configurationWith(token);
    expect((await session(id))?.expires_at).toBe(created + 90 * day);
  });

  it("a user without a date of birth should update the profile", async () => {
    const { token, email } = await signedIn();
    await env.DB.prepare("update users set date_of_birth = null where email = ?").bind(email).run();
    expect((await configurationWith(token)).body.user).toMatchObject({
      isAuthenticated: true,
      dateOfBirth: null,
      shouldUpdate: true,
    });
  });
});

describe("the session token", () => {
  it("SECURITY 2: is read from the cookie only, never from the URL or a form field", async () => {
    const { id, token } = await signedIn();
    for (const name of [sessionCookie, "session", "__Host-session", "token"]) {
      const anonymous = new Client();
      const response = await anonymous.fetch(
        `/api/application-configuration?${name}=${encodeURIComponent(token)}`,
      );
      expect(((await response.json()) as { user: unknown }).user).toEqual(anonymousUser);
      const form = new FormData();
      form.set(name, token);
      for (const body of [form, { [name]: token }]) {
        const logout = await anonymous.fetch(`/api/accounts/logout?${name}=${token}`, { body });
        expect(logout.status).toBeLessThan(500);
        expect(await session(id)).not.toBeNull();
      }
    }
  });
});

describe("the cookie over https", () => {
  it("SECURITY 2: is __Host-session; Path=/; HttpOnly; SameSite=Lax; Secure when BASE_URL is https", async () => {
    const app = createApp(async () => new Response("page"));
    const httpsEnv = { ...env, BASE_URL: "https://www.example.com" };
    const ctx = createExecutionContext();
    const email = `secure-${crypto.randomUUID()}@example.com`;
    const response = await app.fetch(
      new Request("https://www.example.com/api/accounts/sign-up", {
        method: "POST",
        headers: { Origin: "https://www.example.com", "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Maria Silva",
          email,
          dateOfBirth: "1990-01-01",
          password: strongPassword,
          passwordConfirmation: strongPassword,
          rememberMe: true,
        }),
      }),
      httpsEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(201);
    const [cookie = ""] = response.headers.getSetCookie();
    expect(cookie).toMatch(
      /^__Host-session=[a-z2-7.]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
    // A page request reads the same cookie.
    const token = cookie.split(";")[0]?.split("=")[1];
    const me = await app.fetch(
      new Request("https://www.example.com/api/application-configuration", {
        headers: { Cookie: `__Host-session=${token}` },
      }),
      httpsEnv,
      createExecutionContext(),
    );
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });
});
