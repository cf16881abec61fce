import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { Client, mailCount, origin } from "../../tests/worker/client";
import { createApp } from "../app";
import { createMailer } from "./mailer";
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

  it("forgot-password sends through the provider after answering, not to the outbox", async () => {
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
    expect(await mailCount(email)).toBe(0);
  });

  it("a failed delivery is logged as an error, and the visitor still gets the same answer", async () => {
    expectConsoleError();
    const { email } = await new Client().signUp();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 503 }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await forgotWithProvider(email, "10.9.9.8")).toBe(200);
    expect(errors).toHaveBeenCalledWith(
      "email: password reset mail failed (http): the e-mail provider answered 503",
    );
  });
});
