import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  Client,
  latestMail,
  mailCount,
  strongPassword,
  uniqueEmail,
} from "../../../tests/worker/client";
import { sha256Hex } from "../../auth/crypto";

const newPassword = "N3w!Password";

async function forgot(client: Client, email: string, headers: Record<string, string> = {}) {
  return client.fetch("/api/accounts/forgot-password", { body: { email }, headers });
}

/** The token of the newest reset link sent to an address. */
async function resetToken(email: string): Promise<string> {
  const mail = await latestMail(email);
  const link = mail?.links.find((l) => l.includes("/change-password/"));
  if (!link) throw new Error("no reset link was sent");
  return link.split("/").pop() as string;
}

function changePassword(
  client: Client,
  token: string,
  password = newPassword,
  headers: Record<string, string> = {},
) {
  return client.fetch("/api/accounts/change-password", {
    body: { token, password, passwordConfirmation: password },
    headers,
  });
}

describe("the password reset journey", () => {
  it("SECURITY 13: sign-up, logout, login, forgot, mail link, change: e-mail verified, every session ended, a notice sent", async () => {
    const browser = new Client();
    const { email, response } = await browser.signUp();
    const userId = ((await response.json()) as { user: { id: string } }).user.id;
    expect((await browser.fetch("/api/accounts/logout", { body: {} })).status).toBe(200);
    expect((await browser.login(email)).status).toBe(200);
    const phone = new Client();
    expect((await phone.login(email, strongPassword, true)).status).toBe(200);

    const requested = await forgot(new Client(), email);
    expect(requested.status).toBe(200);
    expect(await requested.json()).toEqual({ message: "Request sent successfully!" });
    expect(requested.headers.get("Cache-Control")).toBe("no-store");

    const mail = await latestMail(email);
    expect(mail?.subject).toBe("Reset your Lumen IQ password");
    expect(mail?.text).toContain("Hello, Maria Silva!");
    const link = mail?.links[0] as string;
    // Built from BASE_URL, never from the request's Host.
    expect(link).toMatch(new RegExp(`^${env.BASE_URL}/change-password/[a-z2-7]{32}$`));
    const token = link.split("/").pop() as string;

    const check = await new Client().fetch(`/api/accounts/password-reset/${token}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ valid: true });
    expect(check.headers.get("Cache-Control")).toBe("no-store");
    expect(check.headers.get("Referrer-Policy")).toBe("no-referrer");

    const changed = await changePassword(new Client(), token);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      message: "Your password was changed. Sign in with your new password.",
    });
    expect(changed.headers.get("Cache-Control")).toBe("no-store");

    // Every session of the user ended.
    expect(await browser.me()).toMatchObject({ isAuthenticated: false });
    expect(await phone.me()).toMatchObject({ isAuthenticated: false });
    const left = await env.DB.prepare("select count(*) as n from sessions where user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);

    expect((await new Client().login(email)).status).toBe(401);
    expect((await new Client().login(email, newPassword)).status).toBe(200);

    const notice = await latestMail(email);
    expect(notice?.subject).toBe("Your Lumen IQ password was changed");
    const user = await env.DB.prepare("select email_verified from users where id = ?")
      .bind(userId)
      .first<{ email_verified: number }>();
    expect(user?.email_verified).toBe(1);
  });

  it("writes the mail and the link in the language of the request", async () => {
    const { email } = await new Client().signUp();
    await forgot(new Client(), email, { i18n: "pt-br" });
    const mail = await latestMail(email);
    expect(mail?.subject).toBe("Redefina sua senha do Lumen IQ");
    expect(mail?.text).toContain("Olá, Maria Silva!");
    expect(mail?.links[0]).toMatch(
      new RegExp(`^${env.BASE_URL}/pt-br/change-password/[a-z2-7]{32}$`),
    );
    await changePassword(new Client(), await resetToken(email), newPassword, { i18n: "pt-br" });
    expect((await latestMail(email))?.subject).toBe("Sua senha do Lumen IQ foi alterada");
  });
});

describe("reset tokens", () => {
  it("SECURITY 10: are single use", async () => {
    const { email } = await new Client().signUp();
    await forgot(new Client(), email);
    const token = await resetToken(email);
    expect((await changePassword(new Client(), token)).status).toBe(200);
    const again = await changePassword(new Client(), token, "An0ther!Password");
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ status: 410, code: "invalidToken" });
    expect((await new Client().fetch(`/api/accounts/password-reset/${token}`)).status).toBe(410);
    expect((await new Client().login(email, newPassword)).status).toBe(200);
  });

  it("SECURITY 10: expire after an hour", async () => {
    const { email } = await new Client().signUp();
    await forgot(new Client(), email);
    const token = await resetToken(email);
    const row = await env.DB.prepare(
      "select t.expires_at - t.created_at as lifetime from password_reset_tokens t join users u on u.id = t.user_id where u.email = ?",
    )
      .bind(email)
      .first<{ lifetime: number }>();
    expect(row?.lifetime).toBe(60 * 60 * 1000);
    await env.DB.prepare(
      "update password_reset_tokens set expires_at = ? where user_id = (select id from users where email = ?)",
    )
      .bind(Date.now() - 1000, email)
      .run();
    const check = await new Client().fetch(`/api/accounts/password-reset/${token}`);
    expect(check.status).toBe(410);
    expect(await check.json()).toEqual({ status: 410, code: "invalidToken" });
    expect((await changePassword(new Client(), token)).status).toBe(410);
    expect((await new Client().login(email)).status).toBe(200);
  });

  it("SECURITY 10: a new request voids the older links", async () => {
    const { email } = await new Client().signUp();
    await forgot(new Client(), email);
    const first = await resetToken(email);
    await forgot(new Client(), email);
    const second = await resetToken(email);
    expect(second).not.toBe(first);
    expect((await changePassword(new Client(), first)).status).toBe(410);
    expect((await changePassword(new Client(), second)).status).toBe(200);
  });

  it("SECURITY 10: are 160 random bits, stored only as SHA-256", async () => {
    const { email } = await new Client().signUp();
    await forgot(new Client(), email);
    const token = await resetToken(email);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const stored = await env.DB.prepare(
      "select token_hash from password_reset_tokens where user_id = (select id from users where email = ?)",
    )
      .bind(email)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toBe(sha256Hex(token));
    const { results } = await env.DB.prepare("select * from password_reset_tokens").all();
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it("unknown, malformed and hostile tokens are 410, never a 500", async () => {
    for (const token of ["a".repeat(32), "short", "%2e%2e", "x".repeat(300), "ÿÿÿ"]) {
      const response = await new Client().fetch(
        `/api/accounts/password-reset/${encodeURIComponent(token)}`,
      );
      expect(response.status).toBe(410);
    }
    expect((await changePassword(new Client(), "b".repeat(32))).status).toBe(410);
  });

  it("change-password names broken rules as fields", async () => {
    const response = await new Client().fetch("/api/accounts/change-password", {
      body: { token: "no", password: "weak", passwordConfirmation: "other" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string[]> };
    expect(body.fields.token).toEqual(["This link is no longer valid."]);
    expect(body.fields.password).toContain("Password must contain at least 8 characters.");
  });
});

describe("POST /api/accounts/forgot-password", () => {
  it("SECURITY 11: answers the same for an unknown address and sends nothing", async () => {
    const { email } = await new Client().signUp();
    const known = await forgot(new Client(), email);
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await forgot(new Client(), unknownAddress);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await mailCount(unknownAddress)).toBe(0);
    expect(await mailCount(email)).toBe(1);
  });

  it("SECURITY 11: builds the link from BASE_URL, never from the request's Host", async () => {
    const { email } = await new Client().signUp();
    const response = await new Client().fetch("http://evil.example/api/accounts/forgot-password", {
      body: { email },
      origin: "http://evil.example",
      headers: { "X-Forwarded-Host": "evil.example" },
    });
    expect(response.status).toBe(200);
    expect((await latestMail(email))?.links[0]).toMatch(
      new RegExp(`^${env.BASE_URL}/change-password/[a-z2-7]{32}$`),
    );
  });

  it("names an invalid e-mail", async () => {
    const response = await forgot(new Client(), "not-an-email", { i18n: "pt-br" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, fields: { email: ["Email inválido!"] } });
  });

  it("SECURITY 11: sends at most 3 mails per address an hour, with the same answer", async () => {
    const { email } = await new Client().signUp();
    for (let i = 0; i < 5; i++) {
      const response = await forgot(new Client(), email);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: "Request sent successfully!" });
    }
    expect(await mailCount(email)).toBe(3);
  });

  it("SECURITY 11: answers 429 after 10 requests an hour from one IP", async () => {
    const client = new Client();
    for (let i = 0; i < 10; i++) {
      expect((await forgot(client, uniqueEmail("probe"))).status).toBe(200);
    }
    const blocked = await forgot(client, uniqueEmail("probe"));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      status: 429,
      fields: { system: ["Too many requests. Please wait an hour and try again."] },
    });
    expect(blocked.headers.get("Retry-After")).toBe("3600");
    expect((await forgot(new Client(), uniqueEmail("probe"))).status).toBe(200);
  });

  it("concurrent requests cannot pass the limits: 3 mails per address, 10 requests per IP", async () => {
    const { email } = await new Client().signUp();
    const sent = await Promise.all(Array.from({ length: 8 }, () => forgot(new Client(), email)));
    expect(sent.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await mailCount(email)).toBe(3);

    const client = new Client();
    const statuses = (
      await Promise.all(Array.from({ length: 15 }, () => forgot(client, uniqueEmail("probe"))))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
