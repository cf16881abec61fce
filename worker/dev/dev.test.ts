import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, latestMail, origin, uniqueEmail } from "../../tests/worker/client";
import { createApp } from "../app";
import { type D1Tally, withD1Counting } from "./d1-counter";

/** The env of production, with the secrets it requires (worker/env.ts). */
const production = {
  ...env,
  ENVIRONMENT: "production" as const,
  EMAIL_API_KEY: "re_test",
  EMAIL_FROM: "Lumen IQ <no-reply@example.com>",
  STRIPE_SECRET_KEY: "sk_test_unused",
  STRIPE_WEBHOOK_SECRET: "whsec_unused",
  ITEM_SECRET: "item-secret-for-tests",
  REFUND_OPERATOR_EMAIL: "refunds@example.com",
};

async function sendResetMail(name = "Maria Silva") {
  const client = new Client();
  const { email } = await client.signUp({ name });
  await client.fetch("/api/accounts/forgot-password", { body: { email } });
  return email;
}

describe("/_dev/mailbox", () => {
  it("lists the outbox newest first, each mail in a sandboxed iframe", async () => {
    const first = await sendResetMail();
    const second = await sendResetMail("Zé O'Brien");
    const response = await new Client().fetch("/_dev/mailbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain("<h1>Mailbox</h1>");
    expect(html.indexOf(`To: ${second}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`To: ${second}`)).toBeLessThan(html.indexOf(`To: ${first}`));
    expect(html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="');
    // The mail's HTML lives escaped inside the srcdoc attribute, never as markup of the page.
    expect(html).not.toContain('<table role="presentation"');
    expect(html).toContain("&lt;table role=&quot;presentation&quot;");
    expect(html).toContain("Reset your Lumen IQ password");
  });

  it("latest.json answers the newest mail to an address with its links", async () => {
    const email = await sendResetMail();
    const mail = await latestMail(email.toUpperCase());
    expect(mail).toMatchObject({
      to: email,
      subject: "Reset your Lumen IQ password",
      text: expect.stringContaining("Choose a new password: "),
      html: expect.stringContaining("<!doctype html>"),
      links: [expect.stringMatching(new RegExp(`^${env.BASE_URL}/change-password/[a-z2-7]{32}$`))],
    });
    expect(await latestMail(uniqueEmail("nobody"))).toBeNull();
  });

  it("does not exist in production", async () => {
    const app = createApp(async () => new Response("page"));
    for (const path of [
      "/_dev/mailbox",
      "/_dev/mailbox/latest.json",
      "/_dev/oauth/google/authorize",
    ]) {
      const response = await app.fetch(
        new Request(`https://www.example.com${path}`),
        production,
        createExecutionContext(),
      );
      expect(response.status).toBe(404);
    }
    for (const path of ["/_dev/oauth/google/token", `/_dev/tests/${crypto.randomUUID()}/elapse`]) {
      const response = await app.fetch(
        new Request(`https://www.example.com${path}`, {
          method: "POST",
          headers: { Origin: "https://www.example.com", "Content-Type": "application/json" },
          body: JSON.stringify({ ms: 1000 }),
        }),
        production,
        createExecutionContext(),
      );
      expect(response.status, path).toBe(404);
    }
  });
});

describe("/_dev/oauth/google (the stand-in)", () => {
  it("refuses an authorize request that is not ours", async () => {
    const good = new URLSearchParams({
      response_type: "code",
      client_id: "local-google-stand-in",
      redirect_uri: `${new URL(env.BASE_URL).origin}/api/accounts/callback/google`,
      state: "s",
      code_challenge_method: "S256",
      code_challenge: "a".repeat(43),
    });
    expect((await new Client().fetch(`/_dev/oauth/google/authorize?${good}`)).status).toBe(200);
    for (const [name, value] of [
      ["redirect_uri", "https://evil.example/api/accounts/callback/google"],
      ["client_id", "someone-else"],
      ["code_challenge_method", "plain"],
      ["state", ""],
    ] as const) {
      const bad = new URLSearchParams(good);
      bad.set(name, value);
      const response = await new Client().fetch(`/_dev/oauth/google/authorize?${bad}`);
      expect(response.status, name).toBe(400);
    }
  });

  it("the token endpoint refuses unknown codes and bad requests", async () => {
    const form = (fields: Record<string, string>) => ({
      body: new URLSearchParams(fields).toString(),
      origin: null,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const client = new Client();
    const unknown = await client.fetch(
      "/_dev/oauth/google/token",
      form({
        grant_type: "authorization_code",
        code: "nope",
        redirect_uri: "x",
        code_verifier: "v".repeat(43),
        client_id: "local-google-stand-in",
      }),
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "invalid_grant" });
    const garbage = await client.fetch(
      "/_dev/oauth/google/token",
      form({ grant_type: "password" }),
    );
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ error: "invalid_request" });
  });
});

/**
 * The bench's D1 count (worker/dev/d1-counter.ts): on with `COUNT_D1_QUERIES` "1" in
 * development, read and reset at /_dev/d1-queries; never in production.
 */

const countingApp = createApp(async () => new Response("page"));

function sender(vars: Partial<Env> & { COUNT_D1_QUERIES?: string }) {
  // As the Worker's fetch handler does (worker/index.ts).
  const counting = withD1Counting({ ...env, ...vars } as Env);
  return async (request: Request) => {
    const ctx = createExecutionContext();
    const response = await countingApp.fetch(request, counting, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

async function tally(client: Client, method = "GET") {
  const response = await client.fetch("/_dev/d1-queries", { method });
  return { status: response.status, body: (await response.json()) as D1Tally };
}

describe("/_dev/d1-queries", () => {
  it("counts the Worker's statements when asked to, and resets", async () => {
    const client = new Client(undefined, sender({ COUNT_D1_QUERIES: "1" }));
    expect((await tally(client, "DELETE")).body).toEqual({ reads: 0, writes: 0, roundTrips: 0 });
    expect((await client.fetch("/api/tests", { method: "POST", body: {} })).status).toBe(201);
    // An anonymous start: the row, nothing read.
    expect(await tally(client)).toEqual({
      status: 200,
      body: { reads: 0, writes: 1, roundTrips: 1 },
    });
    expect((await client.fetch("/healthz")).status).toBe(200);
    expect((await tally(client)).body).toEqual({ reads: 1, writes: 1, roundTrips: 2 });
    expect((await tally(client, "DELETE")).body).toEqual({ reads: 0, writes: 0, roundTrips: 0 });
  });

  it("is 404 without the var, and in production even with it", async () => {
    const off = new Client(undefined, sender({}));
    expect(await tally(off)).toEqual({ status: 404, body: { status: 404, code: "notCounting" } });
    const counting = { ...production, COUNT_D1_QUERIES: "1" };
    // The fetch handler leaves production's D1 alone, and the route is not there.
    expect(withD1Counting(counting)).toBe(counting);
    const response = await sender(counting)(new Request(`${origin}/_dev/d1-queries`));
    expect(response.status).toBe(404);
  });
});

/**
 * The bench's page ceiling (worker/dev/page-ceiling.ts): the home page's HTML compressed
 * once, the same bytes for every request; development only.
 */
describe("/_dev/page-ceiling", () => {
  let renders = 0;
  // A build of its own: no shared copy of another test's home page stands in for its render.
  const pageApp = createApp(
    async (_request, { nonce }) => {
      renders++;
      const html = `<!DOCTYPE html><html><body><script nonce="${nonce}">1</script></body></html>`;
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    },
    { buildId: `ceiling-${crypto.randomUUID()}` },
  );
  const get = async (path: string, vars: Partial<Env>) => {
    const ctx = createExecutionContext();
    const response = await pageApp.fetch(
      new Request(`${origin}${path}`, { headers: { Cookie: "lang=en-US" } }),
      { ...env, ...vars } as Env,
      ctx,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    await waitOnExecutionContext(ctx);
    return { response, bytes };
  };

  it("answers the home page's HTML gzip-compressed, rendered once, the same bytes every time", async () => {
    const first = await get("/_dev/page-ceiling", {});
    const second = await get("/_dev/page-ceiling", {});
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(first.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(second.bytes).toEqual(first.bytes);
    expect(renders).toBe(1);
    const html = await new Response(
      new Blob([first.bytes]).stream().pipeThrough(new DecompressionStream("gzip")),
    ).text();
    expect(html).toMatch(/^<!DOCTYPE html><html><body><script nonce="[^"]+">1<\/script>/);
  });

  it("is not there in production", async () => {
    const { response } = await get("/_dev/page-ceiling", production);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Encoding")).toBeNull();
  });
});
