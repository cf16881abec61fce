import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, latestMail, uniqueEmail } from "../../tests/worker/client";
import { createApp } from "../app";

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
    const production = {
      ...env,
      ENVIRONMENT: "production" as const,
      EMAIL_API_KEY: "re_test",
      EMAIL_FROM: "Lumen IQ <no-reply@example.com>",
      STRIPE_SECRET_KEY: "sk_test_unused",
      STRIPE_WEBHOOK_SECRET: "whsec_unused",
    };
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
