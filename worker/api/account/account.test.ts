import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountExport, AccountView } from "../../../core/accounts/account-rights";
import {
  Client,
  latestMail,
  selfRoutingFetch,
  sessionCookie,
  strongPassword,
  uniqueEmail,
} from "../../../tests/worker/client";
import { malformedBodies } from "../../../tests/worker/fuzz";
import { consent, signInWithGoogle, start } from "../../../tests/worker/google";
import {
  buyer,
  chargeObject,
  completedPaid,
  deliver,
  finishedAttempt,
  paymentRow,
  providerPayment,
  startCheckout,
  stripeEvent,
} from "../../../tests/worker/payments";
import { attemptStub } from "../../attempts/lookup";
import { sharedCertificateCacheKey } from "../../certificates/cache";

const newPassword = "An0ther!Secret";

beforeEach(() => {
  // arctic calls the Google stand-in's token endpoint with fetch: route it back into the Worker.
  vi.spyOn(globalThis, "fetch").mockImplementation(selfRoutingFetch());
});

/** As if this browser's last proof of identity were `ms` ago. */
async function ageReauthentication(client: Client, ms: number) {
  const id = (client.session as string).split(".")[0];
  await env.DB.prepare("UPDATE sessions SET reauthenticated_at = ? WHERE id = ?")
    .bind(Date.now() - ms, id)
    .run();
}

const elevenMinutes = 11 * 60_000;

/** Asks to change this account's password to `newPassword`, giving `currentPassword`. */
function changePassword(client: Client, currentPassword: string) {
  return client.fetch("/api/account/password", {
    body: { currentPassword, password: newPassword, passwordConfirmation: newPassword },
  });
}

/** A buyer with a finished attempt, its certificate, and an approved purchase. */
async function customer() {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const details = await who.client.fetch(`/api/certificates/${attemptId}`);
  expect(details.status).toBe(200);
  const { code } = (await details.json()) as { code: string };
  const started = await startCheckout(who.client, attemptId);
  expect(started.response.status).toBe(201);
  const paymentId = started.body.paymentId;
  const payment = await providerPayment(paymentId, attemptId);
  const paid = await deliver(completedPaid(payment));
  expect(paid.status).toBe(200);
  expect((await paymentRow(paymentId))?.status).toBe("approved");
  return { ...who, attemptId, code, paymentId, payment };
}

async function exportOf(client: Client) {
  const response = await client.fetch("/api/account/export");
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, text, data: JSON.parse(text) as AccountExport };
}

function deleteAccount(client: Client, body: unknown = { confirm: "DELETE" }) {
  return client.fetch("/api/account/delete", { body });
}

describe("the account API's guards", () => {
  const calls: [string, string, unknown][] = [
    ["GET", "/api/account", undefined],
    ["GET", "/api/account/export", undefined],
    ["POST", "/api/account/password", {}],
    ["POST", "/api/account/sign-out-everywhere", {}],
    ["POST", "/api/account/reauthenticate", { password: strongPassword }],
    ["POST", "/api/account/delete", { confirm: "DELETE" }],
  ];

  it("every call answers 401 loginRequired without a session", async () => {
    for (const [method, path, body] of calls) {
      const response = await new Client().fetch(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ status: 401, code: "loginRequired" });
    }
  });

  it("SECURITY 8: every state-changing call answers 403 without Origin, and changes nothing", async () => {
    const { client, email } = await buyer();
    for (const [method, path, body] of calls.filter(([method]) => method !== "GET")) {
      const response = await client.fetch(path, { method, body, origin: null });
      expect(response.status, path).toBe(403);
      const cross = await client.fetch(path, { method, body, origin: "https://evil.example" });
      expect(cross.status, path).toBe(403);
    }
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
    expect((await new Client().login(email)).status).toBe(200);
  });

  it("export and delete need a re-authentication within 10 minutes; the password renews it", async () => {
    const { client, email } = await buyer();
    // A fresh sign-in is a fresh proof.
    const view = (await (await client.fetch("/api/account")).json()) as AccountView;
    expect(view).toMatchObject({
      email,
      name: "Maria Silva",
      dateOfBirth: "1990-05-17",
      shouldUpdate: false,
      hasPassword: true,
      google: null,
    });
    expect(Date.parse(view.reauthenticatedUntil as string)).toBeGreaterThan(Date.now());
    expect((await client.fetch("/api/account/export")).status).toBe(200);

    await ageReauthentication(client, elevenMinutes);
    const stale = (await (await client.fetch("/api/account")).json()) as AccountView;
    expect(stale.reauthenticatedUntil).toBeNull();
    const refused = await client.fetch("/api/account/export");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: 403,
      code: "reauthenticationRequired",
      fields: { system: ["For your security, confirm it is you again before continuing."] },
    });
    expect((await deleteAccount(client)).status).toBe(403);
    expect((await new Client().login(email)).status).toBe(200);

    const wrong = await client.fetch("/api/account/reauthenticate", {
      body: { password: "Wr0ng!Password" },
      headers: { i18n: "pt-br" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      status: 400,
      fields: { password: ["A senha está incorreta."] },
    });
    const empty = await client.fetch("/api/account/reauthenticate", { body: {} });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      status: 400,
      fields: { password: ["Password is required!"] },
    });

    const ok = await client.fetch("/api/account/reauthenticate", {
      body: { password: strongPassword },
    });
    expect(ok.status).toBe(200);
    const { reauthenticatedUntil } = (await ok.json()) as { reauthenticatedUntil: string };
    const left = Date.parse(reauthenticatedUntil) - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect((await client.fetch("/api/account/export")).status).toBe(200);
  });

  it("SECURITY 28: malformed bodies answer 400 with field errors, never a 500, and change nothing", async () => {
    const { client, email } = await buyer();
    for (const path of [
      "/api/account/password",
      "/api/account/reauthenticate",
      "/api/account/delete",
    ]) {
      for (const { body, type } of malformedBodies) {
        const response = await client.fetch(path, {
          body,
          headers: type ? { "Content-Type": type } : {},
        });
        expect(response.status, `${path} ${type} ${String(body)}`).toBe(400);
        const answer = (await response.json()) as { fields?: Record<string, string[]> };
        expect(Object.keys(answer.fields ?? {}).length).toBeGreaterThan(0);
      }
    }
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
    expect((await new Client().login(email)).status).toBe(200);
  });

  it("SECURITY 7: wrong passwords on the account page are throttled like sign-ins", async () => {
    const { client } = await buyer();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await client.fetch("/api/account/reauthenticate", {
        body: { password: `Wr0ng!Guess${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits out the window.
    const right = await client.fetch("/api/account/reauthenticate", {
      body: { password: strongPassword },
    });
    expect(right.status).toBe(429);
  });

  it("a Google-only account re-authenticates through Google, as the same Google account only", async () => {
    const client = new Client();
    const email = uniqueEmail("google");
    const sub = `sub-${crypto.randomUUID()}`;
    expect((await signInWithGoogle(client, { email, sub })).status).toBe(302);
    const view = (await (await client.fetch("/api/account")).json()) as AccountView;
    expect(view).toMatchObject({ hasPassword: false, google: { email }, shouldUpdate: true });
    await ageReauthentication(client, elevenMinutes);
    expect((await client.fetch("/api/account/export")).status).toBe(403);

    const noPassword = await client.fetch("/api/account/reauthenticate", {
      body: { password: strongPassword },
    });
    expect(noPassword.status).toBe(409);
    expect(await noPassword.json()).toMatchObject({ code: "noPassword" });

    // Someone else's Google account cannot vouch for this one.
    const other = await consent(client, await start(client, "/account", "&reauth=1"), {
      email: uniqueEmail("other"),
      sub: `sub-${crypto.randomUUID()}`,
    });
    const refused = await client.fetch(other);
    expect(refused.headers.get("Location")).toBe("/sign-in-error/failed");
    expect((await client.me()).id).not.toBeNull();
    expect((await client.fetch("/api/account/export")).status).toBe(403);

    const before = client.session;
    const same = await consent(client, await start(client, "/account", "&reauth=1"), {
      email,
      sub,
    });
    const back = await client.fetch(same);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/account");
    // The same session, now allowed to export.
    expect(client.session).toBe(before);
    expect((await client.fetch("/api/account/export")).status).toBe(200);
  });
});

describe("GET /api/account/export", () => {
  it("SECURITY 34: holds the person's attempts, results, certificate, payments and coupons; nothing of anyone else; no secret", async () => {
    const me = await customer();
    const someone = await customer();
    // A reset link with a live token waits in the outbox.
    await new Client().fetch("/api/accounts/forgot-password", { body: { email: me.email } });
    const resetLink = (await latestMail(me.email))?.links[0] as string;
    const resetToken = resetLink.split("/").pop() as string;
    const phone = new Client();
    expect((await phone.login(me.email, strongPassword, true)).status).toBe(200);
    me.client.cookies.set("consent", "v1.e0.a1.1795400000");

    const { response, text, data } = await exportOf(me.client);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="lumen-iq-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    expect(data).toMatchObject({
      format: "lumen-iq-account-export",
      version: 1,
      account: { id: me.userId, email: me.email, name: "Maria Silva", dateOfBirth: "1990-05-17" },
      signInMethods: { password: true, google: [] },
      consent: {
        storedOnServer: false,
        thisBrowser: {
          experience: false,
          analytics: true,
          chosenAt: new Date(1795400000 * 1000).toISOString(),
        },
      },
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(data.sessions.find((s) => !s.current)?.remembered).toBe(true);

    expect(data.attempts.map((a) => a.id)).toEqual([me.attemptId]);
    expect(data.attempts[0]).toMatchObject({
      status: "finished",
      result: { iq: 112, iqLabel: "112", interval: [105, 119] },
      certificate: { code: me.code, name: "Maria Silva" },
    });
    expect(data.payments.map((p) => p.id)).toEqual([me.paymentId]);
    expect(data.payments[0]).toMatchObject({
      attemptId: me.attemptId,
      status: "approved",
      totalCents: 1990,
      currency: "USD",
    });
    expect(data.payments[0]?.events.map((e) => e.type)).toContain("checkout.session.completed");
    // The two share coupons the purchase issued: the buyer's own and the friend's.
    expect(data.coupons.map((c) => c.relation).sort()).toEqual(["issued", "owner"]);
    expect(data.emails.map((m) => m.subject)).toContain("Reset your Lumen IQ password");

    // Nothing of the other account.
    for (const foreign of [someone.email, someone.userId, someone.attemptId, someone.paymentId]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain(someone.code);
    // No secret: hashes, the session token and its parts, the reset token.
    const user = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(me.userId)
      .first<{ password_hash: string }>();
    const sessions = await env.DB.prepare("SELECT id, secret_hash FROM sessions WHERE user_id = ?")
      .bind(me.userId)
      .all<{ id: string; secret_hash: string }>();
    const secrets = [
      user?.password_hash as string,
      ...(user?.password_hash.split("$") ?? []).filter((part) => part.length > 12),
      ...sessions.results.flatMap((s) => [s.id, s.secret_hash]),
      ...(me.client.session as string).split("."),
      ...(phone.session as string).split("."),
      resetToken,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_?hash|secret_?hash/i);
  });
});

describe("POST /api/account/password", () => {
  it("SECURITY 4: a password change on the account page needs the current password, ends every other session and keeps this one (ADR 0032); mails a notice", async () => {
    const { client, email } = await buyer();
    const phone = new Client();
    expect((await phone.login(email, strongPassword, true)).status).toBe(200);

    const wrong = await changePassword(client, "Wr0ng!Password");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      status: 400,
      fields: { currentPassword: ["The password is incorrect."] },
    });
    const weak = await client.fetch("/api/account/password", {
      body: { currentPassword: strongPassword, password: "short", passwordConfirmation: "other" },
      headers: { i18n: "pt-br" },
    });
    expect(weak.status).toBe(400);
    const weakBody = (await weak.json()) as { fields: Record<string, string[]> };
    expect(Object.keys(weakBody.fields).sort()).toEqual(["password", "passwordConfirmation"]);
    expect(await phone.me()).toMatchObject({ isAuthenticated: true });

    const changed = await changePassword(client, strongPassword);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      message: "Your password was changed. Your other devices were signed out.",
    });
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
    expect(await phone.me()).toMatchObject({ isAuthenticated: false });
    expect((await new Client().login(email)).status).toBe(401);
    expect((await new Client().login(email, newPassword)).status).toBe(200);
    const mail = await latestMail(email);
    expect(mail?.subject).toBe("Your Lumen IQ password was changed");
    expect(mail?.text).toContain("Every other signed-in device was signed out.");
  });

  it("answers 409 noPassword for an account that signs in only with Google", async () => {
    const client = new Client();
    expect((await signInWithGoogle(client)).status).toBe(302);
    const response = await changePassword(client, "Anything1!");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      status: 409,
      code: "noPassword",
      fields: { system: ["This account signs in with Google and has no password."] },
    });
  });
});

describe("POST /api/account/sign-out-everywhere", () => {
  it("SECURITY 4: ends every session of the account, this one too, and clears the cookie", async () => {
    const { client, email } = await buyer();
    const phone = new Client();
    expect((await phone.login(email, strongPassword, true)).status).toBe(200);
    const other = await buyer();
    const response = await client.fetch("/api/account/sign-out-everywhere", { body: {} });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain(
      `${sessionCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
    expect(await phone.me()).toMatchObject({ isAuthenticated: false });
    expect(client.session).toBeUndefined();
    expect(await other.client.me()).toMatchObject({ isAuthenticated: true });
  });
});

describe("POST /api/account/delete", () => {
  it("refuses without the confirmation", async () => {
    const { client } = await buyer();
    for (const body of [{}, { confirm: "delete" }, { confirm: true }]) {
      const response = await deleteAccount(client, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: 400,
        fields: { confirm: ["Confirm that you want to delete your account."] },
      });
    }
    expect(await client.me()).toMatchObject({ isAuthenticated: true });
  });

  it("SECURITY 34: deletes the person; keeps their payments without them; withdraws their certificate; touches no one else", async () => {
    const me = await customer();
    const someone = await customer();
    const phone = new Client();
    expect((await phone.login(me.email, strongPassword, true)).status).toBe(200);
    // Cached renderings of both accounts' certificates and reports.
    // Certificates of an earlier design too: a design bump leaves them in the cache; and
    // the shared image's (ADR 0043).
    const cached = (attemptId: string) => [
      `certificate:v1:${attemptId}:en.png`,
      `certificate:v2:${attemptId}:en.png`,
      `certificate:v1:${attemptId}:pt-br.svg`,
      sharedCertificateCacheKey(attemptId, "en", "png"),
      `pdf:v1:report:${attemptId}:abc123`,
    ];
    for (const key of [...cached(me.attemptId), ...cached(someone.attemptId)]) {
      await env.KV.put(key, "cached");
    }

    const response = await deleteAccount(me.client);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(response.headers.getSetCookie()).toContain(
      `${sessionCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );

    // The person can no longer sign in; no session of theirs works.
    expect(await phone.me()).toMatchObject({ isAuthenticated: false });
    const login = await new Client().login(me.email);
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({
      status: 401,
      fields: { code: ["Email or password is invalid."] },
    });

    // The verification code says withdrawn, without the name, in both languages.
    const verify = await new Client().fetch(`/api/certificates/verify/${me.code}`);
    expect(verify.status).toBe(410);
    const verifyText = await verify.text();
    expect(JSON.parse(verifyText)).toEqual({
      status: 410,
      code: "certificateWithdrawn",
      fields: {
        system: [
          `The certificate with the code ${me.code} was withdrawn: the account it was issued to was deleted, so it can no longer be verified.`,
        ],
      },
    });
    expect(verifyText).not.toContain("Maria");
    const verifyPt = await new Client().fetch(`/api/certificates/verify/${me.code.toLowerCase()}`, {
      headers: { i18n: "pt-br" },
    });
    expect(verifyPt.status).toBe(410);
    expect(
      ((await verifyPt.json()) as { fields: { system: string[] } }).fields.system[0],
    ).toContain("foi retirado");

    // The payment stays for the accounts, without the person.
    const payment = await env.DB.prepare("SELECT * FROM payments WHERE id = ?")
      .bind(me.paymentId)
      .first<Record<string, unknown>>();
    expect(payment).toMatchObject({
      status: "approved",
      total_cents: 1990,
      currency: "USD",
      user_id: null,
      attempt_id: null,
      redirect_url: null,
    });
    expect(JSON.stringify(payment)).not.toContain(me.email);
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM payment_events WHERE payment_id = ?",
    )
      .bind(me.paymentId)
      .first<{ n: number }>();
    expect(events?.n).toBeGreaterThan(0);

    // Nothing of the person is left in the other tables.
    for (const [table, column] of [
      ["users", "id"],
      ["sessions", "user_id"],
      ["oauth_accounts", "user_id"],
      ["password_reset_tokens", "user_id"],
      ["test_attempts", "user_id"],
      ["test_results", "user_id"],
      ["certificates", "user_id"],
      ["coupons", "owner_user_id"],
    ] as const) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`)
        .bind(me.userId)
        .first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE `to` = ?")
      .bind(me.email)
      .first<{ n: number }>();
    expect(mails?.n).toBe(0);
    for (const key of cached(me.attemptId)) expect(await env.KV.get(key), key).toBeNull();

    // The other account is intact.
    for (const key of cached(someone.attemptId)) expect(await env.KV.get(key), key).toBe("cached");
    expect(await someone.client.me()).toMatchObject({ isAuthenticated: true, id: someone.userId });
    expect((await someone.client.fetch(`/api/tests/${someone.attemptId}/result`)).status).toBe(200);
    expect((await someone.client.fetch(`/api/certificates/${someone.attemptId}`)).status).toBe(200);
    expect((await new Client().fetch(`/api/certificates/verify/${someone.code}`)).status).toBe(200);
    expect((await paymentRow(someone.paymentId))?.status).toBe("approved");
    const theirs = await env.DB.prepare("SELECT user_id FROM payments WHERE id = ?")
      .bind(someone.paymentId)
      .first<{ user_id: string }>();
    expect(theirs?.user_id).toBe(someone.userId);

    // The address can sign up again: a new account, which sees none of the old one.
    const again = new Client();
    const { response: signedUp } = await again.signUp({ email: me.email });
    expect(signedUp.status).toBe(201);
    expect((await again.me()).id).not.toBe(me.userId);
    expect((await again.fetch(`/api/tests/${me.attemptId}/result`)).status).toBe(404);
    expect((await again.fetch(`/api/certificates/${me.attemptId}`)).status).toBe(404);
    expect((await again.fetch(`/api/certificates/${me.attemptId}.png`)).status).toBe(404);
    expect((await again.fetch(`/api/tests/${me.attemptId}/report`)).status).toBe(404);
    expect((await again.fetch(`/api/payments/${me.paymentId}`)).status).toBe(404);
  });

  it("closes an open checkout first; the provider's later events on a kept payment still apply", async () => {
    const me = await customer();
    const other = await finishedAttempt(me.userId);
    const open = await startCheckout(me.client, other);
    expect(open.response.status).toBe(201);
    expect((await deleteAccount(me.client)).status).toBe(200);
    // No money can arrive for an account that is gone.
    expect(await paymentRow(open.body.paymentId)).toMatchObject({ status: "cancelled" });
    const refund = await deliver(stripeEvent("charge.refunded", chargeObject(me.payment)));
    expect(refund.status).toBe(200);
    expect(await paymentRow(me.paymentId)).toMatchObject({ status: "refunded", user_id: null });
  });

  it("a running attempt's Durable Object forgets it", async () => {
    const { client, userId } = await buyer();
    const started = await client.fetch("/api/tests", { method: "POST", body: {} });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const exported = await exportOf(client);
    expect(exported.data.attempts.map((a) => a.id)).toEqual([id]);
    expect((await deleteAccount(client)).status).toBe(200);
    expect(await attemptStub(env, id).state()).toBeNull();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM test_attempts WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
