import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../tests/fail-on-console-error";
import { Client, origin, sessionCookie, uniqueEmail } from "../tests/worker/client";
import type { PageHandler } from "./app";
import { createApp } from "./app";

/**
 * Hono's request pipeline (worker/app.ts): the error handler of last resort, the session
 * resolved once per request, and the session cookie a handler sets winning over the
 * middleware's.
 */

/**
 * D1 refusing every statement, as a bug in a query makes it do (an outage is a 503:
 * worker/dependency-failures.test.ts).
 */
function brokenDatabase(): D1Database {
  return new Proxy(env.DB, {
    get(target, property, receiver) {
      if (property === "prepare" || property === "batch" || property === "exec") {
        return () => {
          throw new Error("D1_ERROR: no such column: fire at worker/secret.ts:12: SQLITE_ERROR");
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * D1 refusing the statements that match `broken` when they run (their table is gone), as
 * a bug in a query makes it do: drizzle then throws an error that quotes their values.
 */
function databaseBreaking(broken: RegExp): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "prepare") return typeof value === "function" ? value.bind(target) : value;
      return (sql: string) =>
        target.prepare(broken.test(sql) ? sql.replace(/(from|into) "(\w+)"/, '$1 "$2_gone"') : sql);
    },
  });
}

/** What is logged as an error from now on, as the log would show it. */
function recordErrorLog(): () => string {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  return () =>
    spy.mock.calls
      .map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "))
      .join("\n");
}

/** The same D1, counting the statements that read the sessions table. */
function countingDatabase(): { db: D1Database; sessionReads: () => number } {
  let reads = 0;
  const db = new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "prepare") return typeof value === "function" ? value.bind(target) : value;
      return (sql: string) => {
        if (/from "sessions"/i.test(sql)) reads++;
        return target.prepare(sql);
      };
    },
  });
  return { db, sessionReads: () => reads };
}

async function fetchApp(
  renderPage: PageHandler,
  request: Request,
  bindings: Env = env,
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp(renderPage).fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const noPage: PageHandler = async () => new Response("page");

describe("an unexpected error", () => {
  it("in an API handler answers the JSON error shape, 500, with no stack or message", async () => {
    expectConsoleError();
    const response = await fetchApp(
      noPage,
      new Request(`${origin}/api/accounts/forgot-password`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json" },
        body: JSON.stringify({ email: uniqueEmail() }),
      }),
      { ...env, DB: brokenDatabase() },
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 500, code: "internalServerError" });
    expect(text).not.toMatch(/fire|secret|D1_ERROR|at /);
  });

  it("while rendering a page answers the same shape", async () => {
    expectConsoleError();
    const response = await fetchApp(
      async () => {
        throw new TypeError("cannot read properties of undefined (reading 'stack')");
      },
      new Request(`${origin}/terms-of-use`, { headers: { "Sec-Fetch-Site": "none" } }),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 500, code: "internalServerError" });
    expect(text).not.toContain("undefined");
  });
});

describe("SECURITY 31: the log of an unexpected error", () => {
  it("names the request and the failure, never the statement's values: no e-mail, password or hash", async () => {
    const password = "Secret!Passw0rd-31";
    const { email } = await new Client().signUp({ password, passwordConfirmation: password });
    expectConsoleError();
    const errorLog = recordErrorLog();
    for (const [who, broken] of [
      [uniqueEmail("logged"), /from "users"/],
      // Past the password, to the insert that carries the new session's hash.
      [email, /^insert into "sessions"/],
    ] as const) {
      const response = await fetchApp(
        noPage,
        new Request(`${origin}/api/accounts/login`, {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/json" },
          body: JSON.stringify({ email: who, password }),
        }),
        { ...env, DB: databaseBreaking(broken) },
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ status: 500, code: "internalServerError" });
    }
    const log = errorLog();
    expect(log).not.toMatch(/@example\.com/);
    expect(log).not.toContain(password);
    expect(log).not.toMatch(/params: (?!\(not logged\))/);
    expect(log).toContain("unhandled: POST /api/accounts/login");
    // What failed stays in the log: each statement (its placeholders) and D1's reason.
    expect(log).toContain('from "users" where "users"."email" = ?');
    expect(log).toContain("no such table: users_gone");
    expect(log).toContain('insert into "sessions"');
    expect(log).toContain("no such table: sessions_gone");
  });
});

describe("the session, resolved once per request", () => {
  it("is read once for a page and the API calls its loaders make in-process", async () => {
    const client = new Client();
    const { email } = await client.signUp();
    const { db, sessionReads } = countingDatabase();
    const seen: unknown[] = [];
    const response = await fetchApp(
      async (_request, context) => {
        seen.push(context.user);
        const first = await context.api("/api/application-configuration");
        const second = await context.api("/api/tests");
        seen.push(((await first.json()) as { user: unknown }).user, second.status);
        return new Response("page", { headers: { "Content-Type": "text/html" } });
      },
      new Request(`${origin}/tests`, {
        headers: { Cookie: `${sessionCookie}=${client.session}`, "Sec-Fetch-Site": "none" },
      }),
      { ...env, DB: db },
    );
    expect(response.status).toBe(200);
    const [pageUser, apiUser, listStatus] = seen as [
      { email: string },
      { email: string; isAuthenticated: boolean },
      number,
    ];
    expect(pageUser.email).toBe(email);
    expect(apiUser).toMatchObject({ email, isAuthenticated: true });
    expect(listStatus).toBe(200);
    expect(sessionReads()).toBe(1);
  });

  it("a stale cookie is dropped, but never after the session a sign-in just started", async () => {
    const client = new Client();
    const { email } = await client.signUp();
    client.cookies.set(sessionCookie, `${"a".repeat(26)}.${"b".repeat(52)}`);
    const stale = await client.fetch("/api/application-configuration");
    expect(stale.headers.getSetCookie()).toEqual([
      `${sessionCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    ]);

    client.cookies.set(sessionCookie, `${"a".repeat(26)}.${"b".repeat(52)}`);
    const login = await client.login(email);
    expect(login.status).toBe(200);
    const sessionCookies = login.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith(`${sessionCookie}=`));
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatch(new RegExp(`^${sessionCookie}=[a-z2-7]{26}\\.[a-z2-7]{52};`));
    expect((await client.me()).isAuthenticated).toBe(true);
  });
});
