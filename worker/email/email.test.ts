import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { Client, origin } from "../../tests/worker/client";
import { createApp } from "../app";
import worker from "../index";
import { defaultEmailApiUrl, httpMailer } from "./http-provider";
import { createMailer } from "./mailer";
import { maxAttempts, sendDueMail } from "./outbox";
import { passwordChangedMail, passwordResetMail } from "./templates";

const providerEnv = {
  ...env,
  EMAIL_API_KEY: "re_test_key",
  EMAIL_FROM: "Lumen IQ <no-reply@example.com>",
};

/**
 * Asks for a reset link through the Worker configured with the HTTP provider; returns the
 * status once everything the response handed to waitUntil has run.
 */
async function forgotWithProvider(email: string, ip: string): Promise<number> {
  const app = createApp(async () => new Response("page"));
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`${origin}/api/accounts/forgot-password`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email }),
    }),
    providerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response.status;
}

describe("the mail templates", () => {
  it("escape the name and carry the link in HTML and text", () => {
    const mail = passwordResetMail({
      to: "a@example.com",
      name: "<script>x</script>",
      link: "https://www.example.com/pt-br/change-password/abc",
      locale: "pt-br",
    });
    expect(mail.subject).toBe("Redefina sua senha do Lumen IQ");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://www.example.com/pt-br/change-password/abc"');
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.text).toContain(
      "Escolher uma nova senha: https://www.example.com/pt-br/change-password/abc",
    );
    const notice = passwordChangedMail({ to: "a@example.com", name: "Ana", locale: "en" });
    expect(notice.text).toContain("every signed-in device was signed out");
  });
});

describe("the HTTP provider adapter", () => {
  it("is chosen when EMAIL_API_KEY and EMAIL_FROM are set, and posts a Resend-style request", async () => {
    const calls: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(new Request(input, init));
      return Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    });
    const mailer = createMailer(providerEnv);
    expect(mailer.kind).toBe("http");
    expect(createMailer(env).kind).toBe("outbox");
    await mailer.send({ to: "a@example.com", subject: "S", html: "<p>H</p>", text: "T" });
    const [call] = calls;
    expect(call?.url).toBe("https://api.resend.com/emails");
    expect(call?.method).toBe("POST");
    expect(call?.headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(await call?.json()).toEqual({
      from: "Lumen IQ <no-reply@example.com>",
      to: ["a@example.com"],
      subject: "S",
      html: "<p>H</p>",
      text: "T",
    });
  });

  it("a provider error is thrown", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ message: "invalid key" }, { status: 401 }),
    );
    await expect(
      createMailer(providerEnv).send({ to: "a@example.com", subject: "S", html: "", text: "" }),
    ).rejects.toThrow("the e-mail provider answered 401");
  });

  it("forgot-password sends through the provider after answering, once, and keeps no body", async () => {
    const { email } = await new Client().signUp();
    const sent: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(new Request(input, init));
      return Response.json({ id: "x" });
    });
    expect(await forgotWithProvider(email, "10.9.9.9")).toBe(200);
    expect(sent).toHaveLength(1);
    const body = (await sent[0]?.json()) as { to: string[]; text: string };
    expect(body.to).toEqual([email]);
    expect(body.text).toContain(`${env.BASE_URL}/change-password/`);
    const row = await outboxRow(email);
    expect(sent[0]?.headers.get("Idempotency-Key")).toBe(`outbox/${row.id}`);
    // Sent: the reset link is not kept in D1.
    expect(row).toMatchObject({
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      html: "",
      text: "",
    });
    expect(row.sent_at).not.toBeNull();
  });

  it("times out a provider that does not answer", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(hangingFetch);
    const mailer = httpMailer({ apiKey: "re_test_key", from: "a@example.com", timeoutMs: 20 });
    await expect(
      mailer.send({ to: "a@example.com", subject: "S", html: "", text: "" }),
    ).rejects.toThrow("the e-mail provider did not answer within 20 ms");
  });
});

/** The outbox row of the newest mail to `to`. */
async function outboxRow(to: string) {
  const row = await env.DB.prepare(
    "SELECT * FROM email_outbox WHERE `to` = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(to)
    .first<{
      id: number;
      attempts: number;
      sent_at: number | null;
      next_attempt_at: number | null;
      last_error: string | null;
      html: string;
      text: string;
    }>();
  if (!row) throw new Error(`no mail to ${to} in the outbox`);
  return row;
}

/** A fetch that never answers, until its request's signal aborts it (as fetch does). */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });
}

/** As if the mail's next try were due now. */
async function makeDue(id: number) {
  await env.DB.prepare("UPDATE email_outbox SET next_attempt_at = ? WHERE id = ?")
    .bind(Date.now() - 1, id)
    .run();
}

/** The Worker's Cron Trigger, run once with the provider configured. */
async function runCron() {
  const ctx = createExecutionContext();
  worker.scheduled?.(createScheduledController(), providerEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the e-mail provider failing (ADR 0029)", () => {
  const failures: [string, () => Promise<Response>, string][] = [
    [
      "answering 503",
      async () => new Response("down", { status: 503 }),
      "the e-mail provider answered 503",
    ],
    [
      "unreachable",
      async () => {
        throw new TypeError("Network connection lost.");
      },
      "the e-mail provider could not be reached",
    ],
  ];

  it.each(failures)(
    "%s: the mail waits in the outbox with its attempt count; the Cron Trigger sends it later, exactly once",
    async (_name, failing, reason) => {
      const { email } = await new Client().signUp();
      const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
      const calls: Request[] = [];
      let provider = failing;
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        const request = new Request(input, init);
        if (request.url === defaultEmailApiUrl) calls.push(request);
        return provider();
      });
      // The visitor's answer does not change.
      expect(await forgotWithProvider(email, "10.9.9.8")).toBe(200);
      const waiting = await outboxRow(email);
      expect(waiting).toMatchObject({ attempts: 1, sent_at: null, last_error: reason });
      expect(waiting.next_attempt_at).toBeGreaterThan(Date.now());
      expect(waiting.text).toContain("/change-password/");
      expect(warnings.mock.calls.map(String)).toContainEqual(
        expect.stringMatching(new RegExp(`^email: mail=${waiting.id} not sent \\(attempt 1: `)),
      );

      // Not due yet: the next run leaves it alone.
      await runCron();
      expect(calls).toHaveLength(1);

      provider = async () => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
      await makeDue(waiting.id);
      await runCron();
      expect(calls).toHaveLength(2);
      expect(calls[1]?.headers.get("Idempotency-Key")).toBe(`outbox/${waiting.id}`);
      const resent = (await calls[1]?.json()) as { text: string } | undefined;
      expect(resent?.text).toBe(waiting.text);
      const sent = await outboxRow(email);
      expect(sent).toMatchObject({
        attempts: 2,
        last_error: null,
        next_attempt_at: null,
        html: "",
      });
      expect(sent.sent_at).not.toBeNull();

      // Sent once: later runs send nothing.
      await runCron();
      expect(calls).toHaveLength(2);
    },
  );

  it("two runs at once try a due mail once", async () => {
    const { email } = await new Client().signUp();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let calls = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      calls++;
      return calls === 1 ? new Response("down", { status: 500 }) : Response.json({ id: "x" });
    });
    await forgotWithProvider(email, "10.9.9.7");
    const { id } = await outboxRow(email);
    await makeDue(id);
    const mailer = createMailer(providerEnv);
    await Promise.all([sendDueMail(env.DB, mailer), sendDueMail(env.DB, mailer)]);
    expect(calls).toBe(2);
    expect((await outboxRow(email)).attempts).toBe(2);
  });

  it("after its last attempt a mail is given up: logged as an error, its body emptied", async () => {
    expectConsoleError();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { email } = await new Client().signUp();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 502 }));
    await forgotWithProvider(email, "10.9.9.6");
    const { id } = await outboxRow(email);
    await env.DB.prepare("UPDATE email_outbox SET attempts = ? WHERE id = ?")
      .bind(maxAttempts - 1, id)
      .run();
    await makeDue(id);
    await runCron();
    expect(await outboxRow(email)).toMatchObject({
      attempts: maxAttempts,
      sent_at: null,
      next_attempt_at: null,
      html: "",
      text: "",
    });
    expect(errors.mock.calls.map(String)).toEqual([
      `email: mail=${id} given up after ${maxAttempts} attempt(s): the e-mail provider answered 502`,
    ]);
  });
});
