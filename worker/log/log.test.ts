import { describe, expect, it } from "vitest";
import { Client } from "../../tests/worker/client";
import { buyer, finishedAttempt, startCheckout } from "../../tests/worker/payments";
import { bridgeConsole, masked, requestRoute, textLine } from "./log";

/**
 * Logs an operator can search (issue 31.5): every line the Worker writes while it answers
 * requests is one JSON object with a level and an event, the request's id and route, and no
 * e-mail, IP address, name or secret, even where the code's own words would have had one.
 */

interface Line {
  level: string;
  event: string;
  requestId?: string;
  route?: string;
  status?: number;
  ms?: number;
  [field: string]: unknown;
}

async function linesOf(work: () => Promise<void>): Promise<{ raw: string[]; lines: Line[] }> {
  const raw: string[] = [];
  const restore = bridgeConsole({
    log: (line) => raw.push(line),
    warn: (line) => raw.push(line),
    error: (line) => raw.push(line),
  });
  try {
    await work();
  } finally {
    restore();
  }
  return { raw, lines: raw.map((line) => JSON.parse(line) as Line) };
}

describe("the Worker's log lines", () => {
  it("are JSON with a level, an event, the request's id and route, and no e-mail, IP, name or password", async () => {
    const client = new Client("203.0.113.77");
    let email = "";
    const { raw, lines } = await linesOf(async () => {
      ({ email } = await client.signUp({ name: "Joana Pereira da Silva" }));
      await client.fetch("/api/accounts/logout?returnUrl=https://evil.example/");
      await new Client("198.51.100.23").login(email, "Wrong!Passw0rd1");
      await new Client("2001:db8::7").login("nobody-here@example.org", "Wrong!Passw0rd1");
      await client.fetch("/api/accounts/forgot-password", { body: { email } });
      const who = await buyer();
      await startCheckout(who.client, await finishedAttempt(who.userId));
      await client.fetch("/api/tests/00000000-0000-0000-0000-000000000000/result");
    });
    expect(lines.length).toBeGreaterThan(8);
    for (const [i, line] of lines.entries()) {
      expect(["debug", "info", "warn", "error"], raw[i]).toContain(line.level);
      expect(line.event, raw[i]).toMatch(/^[a-z][\w.-]*$/);
      expect(line.requestId, raw[i]).toMatch(/^[\w-]{8,}$/);
      expect(line.route, raw[i]).toMatch(/^(\/|page:)/);
    }
    const text = raw.join("\n");
    for (const secret of [
      email,
      "nobody-here@example.org",
      "203.0.113.77",
      "198.51.100.23",
      "2001:db8::7",
      "Joana",
      "Wrong!Passw0rd1",
      "Str0ng!Passw0rd",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/@example\.(com|org)/);
    // One line per request, with its status and duration; refusals are not errors.
    const requests = lines.filter((line) => line.event === "request");
    expect(requests.length).toBeGreaterThanOrEqual(9);
    for (const line of requests) {
      expect(line.status).toBeTypeOf("number");
      expect(line.ms).toBeTypeOf("number");
      expect(line.level).toBe((line.status as number) >= 500 ? "warn" : "info");
    }
    expect(requests.map((line) => line.route)).toContain("/api/tests/:id/result");
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length);
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("keeps the lines of one request together under its id (Cloudflare's cf-ray where present)", async () => {
    const { lines } = await linesOf(async () => {
      await new Client().fetch("/api/accounts/login", {
        body: { email: "someone@example.com", password: "Wrong!Passw0rd1", rememberMe: false },
        headers: { "cf-ray": "8f1e2d3c4b5a6978-GRU" },
      });
    });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.requestId).toBe("8f1e2d3c4b5a6978-GRU");
    expect(lines.at(-1)).toMatchObject({
      event: "request",
      route: "/api/accounts/login",
      status: 401,
    });
  });

  it("turns free text into fields and masks what identifies a person", () => {
    expect(masked("to ana.souza+x@mail.com.br from 10.1.2.3 and fe80::1:2 or ::1")).toBe(
      "to (e-mail) from (ip) and (ip) or (ip)",
    );
    // Times and dates are no addresses.
    expect(masked("at 2026-11-28T19:53:23Z, 12:30")).toBe("at 2026-11-28T19:53:23Z, 12:30");
    // A failed statement's values (drizzle quotes them after "params:") are not written.
    const failed = new Error(
      "Failed query: select 1 from users where email = ?\nparams: ana@x.com,$scrypt$hash",
    );
    const line = textLine("error", ["pages: a page failed", failed]);
    expect(line).not.toContain("scrypt");
    expect(line).not.toContain("ana@x.com");
    expect(JSON.parse(line)).toMatchObject({ level: "error", event: "pages", error: "Error" });
    expect(
      JSON.parse(textLine("warn", ["payments: payment=p-1 status=cancelled user=u-9"])),
    ).toEqual({
      level: "warn",
      event: "payments",
      message: "payment=p-1 status=cancelled user=u-9",
      payment: "p-1",
      status: "cancelled",
      user: "u-9",
    });
    expect(requestRoute("/api/tests/3f2b8c1e-7d4a-4b9e-8f0a-1c2d3e4f5a6b/review")).toBe(
      "/api/tests/:id/review",
    );
    expect(requestRoute("/pt-br/relatorio/3f2b8c1e-7d4a-4b9e-8f0a-1c2d3e4f5a6b")).toBe(
      "page:report",
    );
  });
});
