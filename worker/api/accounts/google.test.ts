import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  Client,
  origin,
  selfRoutingFetch,
  strongPassword,
  uniqueEmail,
} from "../../../tests/worker/client";
import { consent, signInWithGoogle, start } from "../../../tests/worker/google";
import { createApp } from "../../app";

beforeEach(() => {
  // arctic calls the stand-in's token endpoint with fetch: route it back into the Worker.
  vi.spyOn(globalThis, "fetch").mockImplementation(selfRoutingFetch());
});

function location(response: Response): string | null {
  return response.headers.get("Location");
}

describe("GET /api/accounts/login?provider=Google", () => {
  it("SECURITY 9: redirects to the authorize endpoint with a new state and PKCE, kept in short HttpOnly cookies", async () => {
    const client = new Client();
    const response = await client.fetch(
      "/api/accounts/login?provider=Google&returnUrl=/pt-br/testes",
    );
    const url = new URL(location(response) as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/_dev/oauth/google/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`${origin}/api/accounts/callback/google`);
    expect(url.searchParams.get("scope")).toBe("openid profile email");
    const state = url.searchParams.get("state");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toEqual([
      `google_oauth_state=${state}; Path=/api/accounts; HttpOnly; SameSite=Lax; Max-Age=600`,
      expect.stringMatching(
        /^google_code_verifier=[A-Za-z0-9_-]{43,}; Path=\/api\/accounts; HttpOnly; SameSite=Lax; Max-Age=600$/,
      ),
      "google_return_url=%2Fpt-br%2Ftestes; Path=/api/accounts; HttpOnly; SameSite=Lax; Max-Age=600",
      // A plain sign-in drops any unfinished re-authentication's marker (ADR 0023).
      "google_reauth=; Path=/api/accounts; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
    const again = new URL(
      location(await client.fetch("/api/accounts/login?provider=Google")) as string,
    );
    expect(again.searchParams.get("state")).not.toBe(state);
    expect(again.searchParams.get("code_challenge")).not.toBe(
      url.searchParams.get("code_challenge"),
    );
  });

  it("a missing or unknown provider goes to the sign-in error page of the return URL's language", async () => {
    const cases = [
      ["/api/accounts/login?returnUrl=/tests", "/sign-in-error/missing-provider"],
      ["/api/accounts/login?provider=&returnUrl=/pt-br", "/pt-br/erro-de-acesso/missing-provider"],
      ["/api/accounts/login?provider=Facebook&returnUrl=/tests", "/sign-in-error/invalid-provider"],
      [
        "/api/accounts/login?provider=Facebook&returnUrl=/pt-br/testes",
        "/pt-br/erro-de-acesso/invalid-provider",
      ],
    ];
    for (const [path, target] of cases) {
      const response = await new Client().fetch(path as string);
      expect(response.status).toBe(302);
      expect(location(response)).toBe(target);
    }
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "%2F%2Fevil.example"])(
    "refuses the return URL %s",
    async (returnUrl) => {
      const response = await new Client().fetch(
        `/api/accounts/login?provider=Google&returnUrl=${encodeURIComponent(returnUrl)}`,
      );
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/invalid-return-url");
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );
});

describe("the Google callback through the local stand-in", () => {
  it("allow: creates the account, signs in and returns to the stored return URL", async () => {
    const client = new Client();
    const email = uniqueEmail("Google.New");
    const response = await signInWithGoogle(
      client,
      { email, name: "Gabriela Google" },
      "/pt-br/testes",
    );
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/pt-br/testes");
    const cookies = response.headers.getSetCookie();
    for (const name of ["google_oauth_state", "google_code_verifier", "google_return_url"]) {
      expect(cookies).toContain(`${name}=; Path=/api/accounts; HttpOnly; SameSite=Lax; Max-Age=0`);
    }
    expect(cookies.find((c) => c.startsWith("session="))).toContain("Max-Age=2592000");
    const me = await client.me();
    expect(me).toMatchObject({
      isAuthenticated: true,
      name: "Gabriela Google",
      email: email.toLowerCase(),
      dateOfBirth: null,
      shouldUpdate: true,
    });
    const link = await env.DB.prepare(
      "select provider, user_id from oauth_accounts where user_id = ?",
    )
      .bind(me.id)
      .first();
    expect(link).toEqual({ provider: "google", user_id: me.id });
  });

  it("SECURITY 9: the same Google account (sub) signs in as the same user, even with a new e-mail", async () => {
    const sub = `sub-${crypto.randomUUID()}`;
    const first = new Client();
    await signInWithGoogle(first, { sub, email: uniqueEmail("first") });
    const second = new Client();
    await signInWithGoogle(second, { sub, email: uniqueEmail("renamed") });
    expect((await second.me()).id).toBe((await first.me()).id);
  });

  it("deny: the sign-in error page, no session", async () => {
    const client = new Client();
    const response = await signInWithGoogle(client, { decision: "deny" }, "/pt-br");
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/pt-br/erro-de-acesso/failed");
    expect(client.session).toBeUndefined();
  });

  it("SECURITY 9: a state that does not match the cookie is refused", async () => {
    const client = new Client();
    const callback = new URL(await consent(client, await start(client)));
    callback.searchParams.set("state", "forged-state");
    const response = await client.fetch(callback.toString());
    expect(location(response)).toBe("/sign-in-error/failed");
    expect(client.session).toBeUndefined();
  });

  it("SECURITY 9: a callback without the state cookie (another browser) is refused", async () => {
    const victim = new Client();
    const callback = await consent(victim, await start(victim));
    const attacker = new Client();
    const response = await attacker.fetch(callback);
    expect(location(response)).toBe("/sign-in-error/failed");
    expect(attacker.session).toBeUndefined();
  });

  it("a code is single use", async () => {
    const client = new Client();
    const callback = await consent(client, await start(client));
    const cookies = new Map(client.cookies);
    expect(location(await client.fetch(callback))).toBe("/tests");
    const replay = new Client();
    for (const [name, value] of cookies) replay.cookies.set(name, value);
    expect(location(await replay.fetch(callback))).toBe("/sign-in-error/failed");
  });

  it("a wrong PKCE verifier fails the exchange", async () => {
    const client = new Client();
    const callback = await consent(client, await start(client));
    client.cookies.set("google_code_verifier", "x".repeat(43));
    expect(location(await client.fetch(callback))).toBe("/sign-in-error/failed");
  });

  it("SECURITY 9: an unverified e-mail that belongs to another account is refused", async () => {
    const { email, response } = await new Client().signUp();
    const userId = ((await response.json()) as { user: { id: string } }).user.id;
    const client = new Client();
    const result = await signInWithGoogle(client, { email, verified: false });
    expect(location(result)).toBe("/sign-in-error/failed");
    expect(client.session).toBeUndefined();
    const links = await env.DB.prepare("select count(*) as n from oauth_accounts where user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(links?.n).toBe(0);
  });

  it("SECURITY 9: a verified e-mail links to the existing account", async () => {
    const { email, response } = await new Client().signUp();
    const userId = ((await response.json()) as { user: { id: string } }).user.id;
    const client = new Client();
    const result = await signInWithGoogle(client, { email: email.toUpperCase(), verified: true });
    expect(location(result)).toBe("/tests");
    expect(await client.me()).toMatchObject({ id: userId, shouldUpdate: false });
    const row = await env.DB.prepare("select email_verified from users where id = ?")
      .bind(userId)
      .first<{ email_verified: number }>();
    expect(row?.email_verified).toBe(1);
    // The password still works too.
    expect((await new Client().login(email, strongPassword)).status).toBe(200);
  });

  it("a bad return URL cookie falls back to the home path", async () => {
    const client = new Client();
    const callback = await consent(client, await start(client));
    client.cookies.set("google_return_url", encodeURIComponent("//evil.example"));
    expect(location(await client.fetch(callback))).toBe("/");
  });
});

describe("the real Google adapter (faked at the HTTP boundary)", () => {
  const googleEnv = {
    ...env,
    BASE_URL: "https://www.example.com",
    GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "secret-xyz",
  };
  const app = createApp(async () => new Response("page"));

  function idToken(claims: Record<string, unknown>): string {
    const part = (value: unknown) =>
      encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
    return `${part({ alg: "RS256", kid: "k1", typ: "JWT" })}.${part(claims)}.c2lnbmF0dXJl`;
  }

  async function run(claims: Record<string, unknown>) {
    const seen: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      seen.push(request);
      // The shape of Google's token response.
      return Response.json({
        access_token: "ya29.a0Af",
        expires_in: 3599,
        scope:
          "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        token_type: "Bearer",
        id_token: idToken(claims),
      });
    });
    const started = await app.fetch(
      new Request("https://www.example.com/api/accounts/login?provider=Google&returnUrl=/tests"),
      googleEnv,
      createExecutionContext(),
    );
    const authorize = new URL(started.headers.get("Location") as string);
    const cookie = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const ctx = createExecutionContext();
    const callback = await app.fetch(
      new Request(
        `https://www.example.com/api/accounts/callback/google?code=4%2F0Ab&state=${authorize.searchParams.get("state")}`,
        { headers: { Cookie: cookie } },
      ),
      googleEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { authorize, started, callback, seen };
  }

  it("sends the person to Google and exchanges the code with the client secret", async () => {
    const email = uniqueEmail("real-google");
    const { authorize, started, callback, seen } = await run({
      iss: "https://accounts.google.com",
      aud: "client-123.apps.googleusercontent.com",
      sub: `1${Date.now()}`,
      email,
      email_verified: true,
      name: "Real Person",
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
    expect(authorize.origin).toBe("https://accounts.google.com");
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      "https://www.example.com/api/accounts/callback/google",
    );
    expect(authorize.searchParams.get("client_id")).toBe("client-123.apps.googleusercontent.com");
    expect(started.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    const [token] = seen;
    expect(token?.url).toBe("https://oauth2.googleapis.com/token");
    expect(token?.headers.get("Authorization")).toBe(
      `Basic ${btoa("client-123.apps.googleusercontent.com:secret-xyz")}`,
    );
    const form = (await token?.formData()) as FormData;
    expect(form.get("code")).toBe("4/0Ab");
    expect(form.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/tests");
    expect(callback.headers.getSetCookie().some((c) => c.startsWith("__Host-session="))).toBe(true);
    const row = await env.DB.prepare("select profile_picture from users where email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ profile_picture: "https://lh3.googleusercontent.com/a/photo" });
  });

  it("refuses an ID token issued to another client", async () => {
    const { callback } = await run({
      aud: "someone-else.apps.googleusercontent.com",
      sub: "42",
      email: uniqueEmail(),
      email_verified: true,
    });
    expect(callback.headers.get("Location")).toBe("/sign-in-error/failed");
  });

  it("without Google secrets in production, Google sign-in is a sign-in error", async () => {
    const response = await app.fetch(
      new Request("https://www.example.com/api/accounts/login?provider=Google&returnUrl=/tests"),
      {
        ...env,
        ENVIRONMENT: "production",
        BASE_URL: "https://www.example.com",
        EMAIL_API_KEY: "re_test",
        EMAIL_FROM: "Lumen IQ <no-reply@example.com>",
        STRIPE_SECRET_KEY: "sk_test_unused",
        STRIPE_WEBHOOK_SECRET: "whsec_unused",
        ITEM_SECRET: "item-secret-for-tests",
        REFUND_OPERATOR_EMAIL: "refunds@example.com",
      },
      createExecutionContext(),
    );
    expect(response.headers.get("Location")).toBe("/sign-in-error/failed");
  });
});
