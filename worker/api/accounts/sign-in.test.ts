import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  Client,
  origin,
  sessionCookie,
  strongPassword,
  uniqueEmail,
} from "../../../tests/worker/client";
import { malformedBodies } from "../../../tests/worker/fuzz";
import { sha256Hex } from "../../auth/crypto";

interface Body {
  status?: number;
  fields?: Record<string, string[]>;
  code?: string;
  returnUrl?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the user object is checked field by field
  user?: any;
}
const json = async (response: Response) => (await response.json()) as Body;

function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const openRedirects = [
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "%2F%2Fevil.example",
];

describe("POST /api/accounts/sign-up", () => {
  it("creates the account from JSON, signs in with a browser-session cookie", async () => {
    const client = new Client();
    const email = uniqueEmail("New.User");
    const { response } = await client.signUp({ email, name: "  Maria Silva " });
    expect(response.status).toBe(201);
    const { user } = await json(response);
    expect(user).toEqual({
      id: expect.any(String),
      name: "Maria Silva",
      email: email.toLowerCase(),
      dateOfBirth: "1990-05-17",
      profilePicture: null,
      shouldUpdate: false,
      isAuthenticated: true,
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie}=`));
    expect(cookie).toMatch(/^session=[a-z2-7]{26}\.[a-z2-7]{52}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await client.me()).toMatchObject({ isAuthenticated: true, id: user.id });

    const row = await env.DB.prepare("select password_hash, email_verified from users where id = ?")
      .bind(user.id)
      .first<{ password_hash: string; email_verified: number }>();
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$16\$1\$/);
    expect(row?.password_hash).not.toContain(strongPassword);
    expect(row?.email_verified).toBe(0);
  });

  it("accepts a multipart form", async () => {
    const client = new Client();
    const form = new FormData();
    const email = uniqueEmail();
    for (const [name, value] of Object.entries({
      name: "João Souza",
      email,
      dateOfBirth: "2000-01-31",
      password: strongPassword,
      passwordConfirmation: strongPassword,
    })) {
      form.set(name, value);
    }
    const response = await client.fetch("/api/accounts/sign-up", { body: form });
    expect(response.status).toBe(201);
    expect((await json(response)).user.email).toBe(email);
    expect(client.session).toBeDefined();
  });

  it("answers every broken rule as translated field errors", async () => {
    const client = new Client();
    const body = {
      name: "Al",
      email: "not-an-email",
      dateOfBirth: "1990-02-30",
      password: "short",
      passwordConfirmation: "different",
    };
    const english = await client.fetch("/api/accounts/sign-up", { body });
    expect(english.status).toBe(400);
    expect(await json(english)).toEqual({
      status: 400,
      fields: {
        name: ["Name must contain at least 3 letters!"],
        email: ["Invalid email!"],
        dateOfBirth: ["Invalid birth date!"],
        password: expect.arrayContaining(["Password must contain at least 8 characters."]),
        passwordConfirmation: expect.arrayContaining([
          "Password must contain an uppercase letter, a lowercase letter, a number and a special character.",
        ]),
      },
    });
    const portuguese = await client.fetch("/api/accounts/sign-up", {
      body,
      headers: { i18n: "pt-br" },
    });
    expect((await json(portuguese)).fields?.email).toEqual(["Email inválido!"]);
    const byBrowser = await client.fetch("/api/accounts/sign-up", {
      body: {},
      headers: { "Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5" },
    });
    expect((await json(byBrowser)).fields?.name).toEqual(["Nome é obrigatório!"]);
    expect(client.session).toBeUndefined();
  });

  it("SECURITY 5: a password is used whole: up to 128 characters, never truncated", async () => {
    const long = `Aa1!${"x".repeat(123)}y`;
    expect(long).toHaveLength(128);
    const tooLong = await new Client().signUp({
      password: `${long}z`,
      passwordConfirmation: `${long}z`,
    });
    expect(tooLong.response.status).toBe(400);
    expect((await json(tooLong.response)).fields?.password).toEqual([
      "Password must contain at most 128 characters.",
    ]);
    const { response, email } = await new Client().signUp({
      password: long,
      passwordConfirmation: long,
    });
    expect(response.status).toBe(201);
    for (const other of [long.slice(0, 72), long.slice(0, 127), `${long.slice(0, 127)}z`]) {
      expect((await new Client().login(email, other)).status).toBe(401);
    }
    expect((await new Client().login(email, long)).status).toBe(200);
  });

  it("refuses a password confirmation that does not match", async () => {
    const { response } = await new Client().signUp({ passwordConfirmation: "Other!Passw0rd" });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({
      passwordConfirmation: ["Password and Password Confirmation must be the same!"],
    });
  });

  it("checks the minimum age of 16 on the server", async () => {
    const tooYoung = await new Client().signUp({ dateOfBirth: yearsAgo(16, 1) });
    expect(tooYoung.response.status).toBe(400);
    expect((await json(tooYoung.response)).fields).toEqual({
      dateOfBirth: ["You must be at least 16 years old to sign up."],
    });
    const sixteenToday = await new Client().signUp({ dateOfBirth: yearsAgo(16) });
    expect(sixteenToday.response.status).toBe(201);
  });

  it("answers 409 'Email can not be used!' for a taken address, whatever its case", async () => {
    const email = uniqueEmail("taken");
    expect((await new Client().signUp({ email })).response.status).toBe(201);
    const again = await new Client().signUp({ email: email.toUpperCase() });
    expect(again.response.status).toBe(409);
    expect(await json(again.response)).toEqual({
      status: 409,
      fields: { email: ["Email can not be used!"] },
    });
    expect(again.response.headers.getSetCookie()).toEqual([]);
  });

  it("slows down address probing: after 5 taken addresses in an hour an IP's sign-ups answer 429", async () => {
    const email = uniqueEmail("probed");
    expect((await new Client().signUp({ email })).response.status).toBe(201);
    const prober = new Client();
    // New accounts do not count: only answers that reveal a taken address do.
    for (let i = 0; i < 3; i++) expect((await prober.signUp()).response.status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await prober.signUp({ email })).response.status).toBe(409);
    for (const address of [email, uniqueEmail("fresh")]) {
      const blocked = (await prober.signUp({ email: address })).response;
      expect(blocked.status).toBe(429);
      expect(await json(blocked)).toEqual({
        status: 429,
        fields: { system: ["Too many requests. Please wait an hour and try again."] },
      });
      expect(blocked.headers.get("Retry-After")).toBe("3600");
    }
    expect((await new Client().signUp()).response.status).toBe(201);
    await env.DB.prepare("update auth_attempts set created_at = created_at - 61 * 60 * 1000").run();
    expect((await prober.signUp()).response.status).toBe(201);
  });

  it("concurrent probes cannot pass the limit: 5 taken answers, then 429", async () => {
    const email = uniqueEmail("probed");
    expect((await new Client().signUp({ email })).response.status).toBe(201);
    const prober = new Client();
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, () => prober.signUp({ email })))
    ).map(({ response }) => response.status);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("sign-ups behind one shared address: 10 at once all get their accounts, and each can sign in", async () => {
    // A mobile carrier's address: ten people signing up at the same moment. Sign-ups in
    // progress are not 'Email can not be used!' answers, so none counts toward the limit.
    const shared = new Client();
    const signUps = await Promise.all(
      Array.from({ length: 10 }, (_, i) => shared.signUp({ email: uniqueEmail(`carrier${i}`) })),
    );
    expect(signUps.map(({ response }) => response.status)).toEqual(Array(10).fill(201));
    for (const { email } of signUps) {
      const person = new Client(shared.ip);
      expect((await person.login(email, strongPassword)).status).toBe(200);
    }
    // Nothing was counted: the address still has its five 'taken' answers.
    const taken = uniqueEmail("taken");
    expect((await new Client().signUp({ email: taken })).response.status).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await shared.signUp({ email: taken })).response.status).toBe(409);
    expect((await shared.signUp()).response.status).toBe(429);
  });

  it("new sign-ups and probes at once from one address: every new one succeeds, 5 probes learn, the rest 429", async () => {
    const taken = uniqueEmail("probed");
    expect((await new Client().signUp({ email: taken })).response.status).toBe(201);
    const shared = new Client();
    const [fresh, probes] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => shared.signUp())),
      Promise.all(Array.from({ length: 10 }, () => shared.signUp({ email: taken }))),
    ]);
    const status = (answers: { response: Response }[]) => answers.map((a) => a.response.status);
    // A sign-up that passed the limit's check before the fifth refusal goes on to its
    // account; none is refused for the probes running beside it.
    expect(status(fresh).filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(status(fresh).every((s) => s === 201 || s === 429)).toBe(true);
    expect(status(probes).filter((s) => s === 409)).toHaveLength(5);
    expect(status(probes).filter((s) => s === 429)).toHaveLength(5);
    const { n } = (await env.DB.prepare(
      "select count(*) as n from auth_attempts where kind = 'signup-ip' and key = ?",
    )
      .bind(sha256Hex(`signup-ip:${shared.ip}`))
      .first<{ n: number }>()) ?? { n: -1 };
    expect(n).toBe(5);
  });
});

describe("POST /api/accounts/login", () => {
  it("signs in and answers the user and the return URL", async () => {
    const { email } = await new Client().signUp();
    const client = new Client();
    const response = await client.login(
      email.toUpperCase(),
      strongPassword,
      false,
      "?returnUrl=/pt-br/testes",
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.returnUrl).toBe("/pt-br/testes");
    expect(body.user).toMatchObject({ email, isAuthenticated: true, shouldUpdate: false });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
  });

  it("defaults the return URL to the home path", async () => {
    const { email } = await new Client().signUp();
    expect((await json(await new Client().login(email))).returnUrl).toBe("/");
  });

  it("with rememberMe the cookie persists for 30 days", async () => {
    const { email } = await new Client().signUp();
    const response = await new Client().login(email, strongPassword, true);
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toContain("Max-Age=2592000");
  });

  it("SECURITY 7: answers one generic message whatever failed", async () => {
    const { email } = await new Client().signUp();
    const googleOnly = uniqueEmail("google-only");
    await env.DB.prepare(
      "insert into users (id, name, email, password_hash) values (?, 'Google Person', ?, null)",
    )
      .bind(crypto.randomUUID(), googleOnly)
      .run();
    const attempts = [
      [email, "Wrong!Passw0rd"],
      [uniqueEmail("nobody"), strongPassword],
      [googleOnly, strongPassword],
    ] as const;
    for (const [address, password] of attempts) {
      const client = new Client();
      const response = await client.login(address, password);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({
        status: 401,
        fields: { code: ["Email or password is invalid."] },
      });
      expect(client.session).toBeUndefined();
    }
  });

  it("names missing values", async () => {
    const response = await new Client().fetch("/api/accounts/login", { body: {} });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({
      email: ["Email is required!"],
      password: ["Password is required!"],
    });
  });

  it.each(openRedirects)(
    "SECURITY 16: refuses the return URL %s and signs nobody in",
    async (returnUrl) => {
      const { email } = await new Client().signUp();
      const client = new Client();
      const response = await client.login(
        email,
        strongPassword,
        false,
        `?returnUrl=${encodeURIComponent(returnUrl)}`,
      );
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ status: 400, code: "invalidReturnUrl" });
      expect(client.session).toBeUndefined();
    },
  );

  it("SECURITY 3: every sign-in creates a new session and ends the browser's previous one", async () => {
    const { email, response } = await new Client().signUp();
    const userId = (await json(response)).user.id;
    const client = new Client();
    await client.login(email);
    const first = client.session;
    await client.login(email);
    expect(client.session).not.toBe(first);
    const other = new Client();
    await other.login(email);
    const { results } = await env.DB.prepare("select id from sessions where user_id = ?")
      .bind(userId)
      .all<{ id: string }>();
    // The sign-up session, the second login and the other browser's.
    expect(results.map((r) => r.id).sort()).toEqual(
      [
        (await sessionIdOf(response)) as string,
        client.session?.split(".")[0],
        other.session?.split(".")[0],
      ].sort(),
    );
  });

  it("SECURITY 7: throttles an address on an account after 5 failures in 15 minutes, even with the right password", async () => {
    const { email } = await new Client().signUp();
    const attacker = new Client();
    for (let i = 0; i < 5; i++) {
      expect((await attacker.login(email, `Wrong!Passw0rd${i}`)).status).toBe(401);
    }
    const blocked = await attacker.login(email);
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual({
      status: 429,
      fields: { system: ["Too many attempts. Please wait 15 minutes and try again."] },
    });
    expect(blocked.headers.get("Retry-After")).toBe("900");
    // Someone failing from one address does not lock the owner out from theirs.
    expect((await new Client().login(email)).status).toBe(200);
    // Failures older than the window no longer count.
    await env.DB.prepare("update auth_attempts set created_at = created_at - 16 * 60 * 1000").run();
    expect((await attacker.login(email)).status).toBe(200);
  });

  it("SECURITY 7: throttles an account for everyone after 20 failures from any addresses", async () => {
    const { email } = await new Client().signUp();
    for (let i = 0; i < 4; i++) {
      const attacker = new Client();
      for (let j = 0; j < 5; j++) {
        expect((await attacker.login(email, "Wrong!Passw0rd")).status).toBe(401);
      }
    }
    expect((await new Client().login(email)).status).toBe(429);
    await env.DB.prepare("update auth_attempts set created_at = created_at - 16 * 60 * 1000").run();
    expect((await new Client().login(email)).status).toBe(200);
  });

  it("20 concurrent wrong passwords from one address: only the limit's worth are tried", async () => {
    const { email } = await new Client().signUp();
    const attacker = new Client();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker.login(email, `Wrong!Passw0rd${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const response of responses.filter((r) => r.status === 401)) {
      expect(await json(response)).toEqual({
        status: 401,
        fields: { code: ["Email or password is invalid."] },
      });
    }
    // The refused attempts left nothing behind: the 5 failures still block this address.
    expect((await attacker.login(email)).status).toBe(429);
  });

  it("30 concurrent wrong passwords from 30 addresses: at most the account's 20 are tried", async () => {
    const { email } = await new Client().signUp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => new Client().login(email, "Wrong!Passw0rd")),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Only the 20 tried attempts stay counted: the refused ones were taken back out.
    const row = await env.DB.prepare(
      "select count(*) as n from auth_attempts where kind = 'login-account' and key = ?",
    )
      .bind(sha256Hex(`login-account:${email.toLowerCase()}`))
      .first<{ n: number }>();
    expect(row?.n).toBe(20);
    expect((await new Client().login(email)).status).toBe(429);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const { email } = await new Client().signUp();
    const client = new Client();
    for (let i = 0; i < 4; i++) await client.login(email, "Wrong!Passw0rd");
    expect((await client.login(email)).status).toBe(200);
    for (let i = 0; i < 4; i++) await client.login(email, "Wrong!Passw0rd");
    expect((await client.login(email)).status).toBe(200);
  });

  it("SECURITY 7: throttles an IP after 20 failures in 15 minutes", async () => {
    const { email } = await new Client().signUp();
    const attacker = new Client();
    for (let i = 0; i < 20; i++) {
      expect((await attacker.login(uniqueEmail("spray"), "Wrong!Passw0rd")).status).toBe(401);
    }
    expect((await attacker.login(email)).status).toBe(429);
    expect((await new Client().login(email)).status).toBe(200);
  });
});

async function sessionIdOf(response: Response): Promise<string | undefined> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie}=`));
  return cookie?.split("=")[1]?.split(".")[0];
}

describe("POST /api/accounts/logout", () => {
  it("SECURITY 4: deletes the session row and clears the cookie (JSON)", async () => {
    const client = new Client();
    const { response: signUp } = await client.signUp();
    const token = client.session as string;
    const response = await client.fetch("/api/accounts/logout?returnUrl=/pt-br", { body: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ returnUrl: "/pt-br" });
    expect(response.headers.getSetCookie()).toEqual([
      "session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
    const row = await env.DB.prepare("select id from sessions where id = ?")
      .bind(await sessionIdOf(signUp))
      .first();
    expect(row).toBeNull();
    // The old cookie, replayed, is anonymous.
    const replay = new Client();
    replay.cookies.set(sessionCookie, token);
    expect(await replay.me()).toMatchObject({ isAuthenticated: false });
  });

  it("a full-page form post is answered 303 to the return URL", async () => {
    const client = new Client();
    await client.signUp();
    const response = await client.fetch("/api/accounts/logout?returnUrl=%2Ftests", {
      body: "",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html,application/xhtml+xml",
      },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/tests");
    expect(await client.me()).toMatchObject({ isAuthenticated: false });
  });

  it.each(openRedirects)(
    "SECURITY 16: logout sends the return URL %s to the invalid-return-URL page",
    async (url) => {
      const client = new Client();
      await client.signUp();
      const response = await client.fetch(
        `/api/accounts/logout?returnUrl=${encodeURIComponent(url)}`,
        {
          body: "",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept-Language": "pt-BR",
          },
        },
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/pt-br/url-de-retorno-invalida");
      const asJson = await new Client().fetch(
        `/api/accounts/logout?returnUrl=${encodeURIComponent(url)}`,
        { body: {} },
      );
      expect(asJson.status).toBe(400);
      expect(await asJson.json()).toEqual({ status: 400, code: "invalidReturnUrl" });
    },
  );

  it("SECURITY 8: GET is not a way to log out (405)", async () => {
    const client = new Client();
    await client.signUp();
    const response = await client.fetch("/api/accounts/logout?returnUrl=/");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
  });
});

describe("SECURITY 8: CSRF, a state-changing request needs our Origin or Sec-Fetch-Site: same-origin", () => {
  it("refuses a cross-origin POST and a POST without Origin or Sec-Fetch-Site", async () => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: null },
      { origin: null, headers: { "Sec-Fetch-Site": "cross-site" } },
      { origin: "null" },
      { origin: `${origin}.evil.example` },
    ]) {
      const client = new Client();
      const response = await client.fetch("/api/accounts/sign-up", {
        body: { name: "Maria Silva", email: uniqueEmail() },
        ...headers,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ status: 403, code: "forbidden" });
    }
  });

  it("accepts Sec-Fetch-Site: same-origin without Origin", async () => {
    const client = new Client();
    const { response } = await client.signUp();
    expect(response.status).toBe(201);
    const logout = await client.fetch("/api/accounts/logout", {
      body: {},
      origin: null,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(logout.status).toBe(200);
  });

  it("a cross-site logout leaves the session alone", async () => {
    const client = new Client();
    await client.signUp();
    const response = await client.fetch("/api/accounts/logout", {
      body: "",
      origin: "https://evil.example",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
  });

  it("covers the development routes too", async () => {
    const response = await new Client().fetch("/_dev/oauth/google/authorize", {
      body: "decision=allow",
      origin: "https://evil.example",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
  });
});

describe("SECURITY 28: fuzz: client input never causes a 500", () => {
  const endpoints = [
    "/api/accounts/sign-up",
    "/api/accounts/login",
    "/api/accounts/forgot-password",
    "/api/accounts/change-password",
  ];

  it.each(endpoints)("%s answers 400 with field errors for malformed bodies", async (path) => {
    const client = new Client();
    for (const { body, type } of malformedBodies) {
      const response = await client.fetch(path, {
        body,
        headers: type ? { "Content-Type": type } : {},
      });
      expect(response.status, `${path} ${type} ${String(body)}`).toBe(400);
      const answer = await json(response);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.fields ?? {}).length).toBeGreaterThan(0);
    }
  });

  it.each(endpoints)("%s refuses an oversized body with 413", async (path) => {
    const big = JSON.stringify({ email: `${"a".repeat(100_000)}@example.com`, password: "x" });
    const response = await new Client().fetch(path, {
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect((await json(response)).fields?.system).toEqual(["The request is too large."]);
  });

  it("a file where a text field belongs is a field error", async () => {
    const form = new FormData();
    form.set("name", new File(["x"], "name.txt"));
    form.set("email", uniqueEmail());
    const response = await new Client().fetch("/api/accounts/sign-up", { body: form });
    expect(response.status).toBe(400);
    expect((await json(response)).fields?.name).toEqual(["Name is required!"]);
  });

  it("very long field values are refused by the rules, not the server", async () => {
    const { response } = await new Client().signUp({
      name: "a".repeat(5000),
      password: `Aa1!${"x".repeat(5000)}`,
    });
    expect(response.status).toBe(400);
    const { fields } = await json(response);
    expect(fields?.name).toEqual(["Name must contain at most 75 letters!"]);
    expect(fields?.password).toEqual(["Password must contain at most 128 characters."]);
  });

  it("logout answers garbage bodies without a 500", async () => {
    for (const { body, type } of malformedBodies) {
      const response = await new Client().fetch("/api/accounts/logout", {
        body,
        headers: type ? { "Content-Type": type } : {},
      });
      expect([200, 303]).toContain(response.status);
    }
  });
});
