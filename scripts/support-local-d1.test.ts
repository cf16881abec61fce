import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeD1 } from "./d1.ts";
import { seeded, seedSql } from "./support/seed.ts";

/**
 * `npm run support` as an operator runs it, against a real local D1: a temporary state folder
 * with the migrations applied by wrangler (as scripts/local-server.mjs does for the browser
 * tests), the support case of support/seed.ts written into it, then the script in its own
 * process through `wrangler d1 execute`. Each wrangler call takes a few seconds: the commands
 * run side by side. That nothing is written is support.test.ts's (every statement passes
 * assertReadOnly before wrangler sees it).
 */

let persistTo = "";

beforeAll(() => {
  persistTo = mkdtempSync(join(tmpdir(), "support-d1-"));
  execFileSync(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  executeD1(seedSql(), false, persistTo);
}, 120_000);

afterAll(() => {
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function support(...args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/support.ts", ...args],
      { env: { ...process.env, SUPPORT_PERSIST_TO: persistTo, WRANGLER_SEND_METRICS: "false" } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

describe("npm run support on a seeded local D1", () => {
  it("finds the account, shows the payment, and exits 1 and 2 where it must", async () => {
    const [found, payment, unknownUser, badUsage] = await Promise.all([
      support("find", "O'Brien@example.com"),
      support("payment", seeded.checkoutId),
      support("find", "nobody@example.com"),
      support("payment", "not-an-id"),
    ]);

    expect(found.code, found.stderr).toBe(0);
    for (const words of [
      `Account ${seeded.userId}`,
      "e-mail: o'brien@example.com (verified: yes)",
      "sign-in: password, google",
      "result: IQ 117, 95% interval 109-125",
      `certificate: ${seeded.certificateCode}`,
      `report unlocked (payment ${seeded.paymentId})`,
      `Payment ${seeded.paymentId}: approved (accredited), "Approved"`,
      "amount 39.92 BRL (list 49.90 BRL, 20% off)",
      "2026-11-20T10:32:00Z checkout.session.completed -> approved",
      "IQ-BUYER001: 15% off for the buyer, used 0/1, not used",
      "IQ-FRIEND01: 20% off for the friend, used 0/1, not used",
      `"Reset your password" written 2026-11-20T10:50:00Z: waiting`,
      "(local D1, read at",
    ]) {
      expect(found.stdout).toContain(words);
    }

    expect(payment.code, payment.stderr).toBe(0);
    for (const words of [
      `Payment ${seeded.paymentId}: approved (accredited)`,
      `Buyer: o'brien@example.com (account ${seeded.userId})`,
      `result page: /payments/success/${seeded.paymentId}`,
      `report unlocked (payment ${seeded.paymentId})`,
    ]) {
      expect(payment.stdout).toContain(words);
    }

    for (const output of [found.stdout, found.stderr, payment.stdout, payment.stderr]) {
      for (const secret of seeded.secrets) expect(output).not.toContain(secret);
    }

    expect(unknownUser).toMatchObject({ code: 1, stdout: "" });
    expect(unknownUser.stderr.trim()).toBe(
      "support: no account has the e-mail nobody@example.com (local D1)",
    );
    expect(badUsage.code).toBe(2);
    expect(badUsage.stderr).toContain("'not-an-id' is not a payment id");
    expect(badUsage.stderr).toContain(
      "Usage:\n  npm run support -- find user@example.com [--remote]",
    );
  }, 120_000);
});
