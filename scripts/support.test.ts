import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { paymentStatusDetails } from "../core/payments/payment-machine";
import { paymentExplanation } from "../core/payments/payment-text";
import {
  canBuyReport,
  paymentStatuses,
  paymentStatusLabel,
  reportAwaitsPayment,
  reportUnlocked,
} from "../core/payments/payments";
import { migratedSqlite } from "../tests/migrated-sqlite.ts";
import type { Row } from "./d1.ts";
import { explanation, governing, reportAccess, statusLabel } from "./support/buyer-view.ts";
import { assertReadOnly, NotReadOnly } from "./support/read-only.ts";
import { seeded, seedSql } from "./support/seed.ts";
import {
  type Command,
  commandSql,
  NotFound,
  parseCommand,
  runCommand,
  UsageError,
} from "./support.ts";

/**
 * The support tool's command line, its read-only guard, its SQL on SQLite with the real
 * migrations and a seeded case, and its mirror of the product's payment words. The same
 * tool against a real local D1 through wrangler is support-local-d1.test.ts.
 */

const now = Date.UTC(2026, 10, 28, 12);
const parse = (line: string): Command => parseCommand(line.split(" ").filter(Boolean));

function seededDatabase(): DatabaseSync {
  const db = migratedSqlite();
  db.exec(seedSql());
  return db;
}

function run(db: DatabaseSync, line: string): string {
  return runCommand(parse(line), now, (sql) => db.prepare(sql).all() as Row[]);
}

describe("parseCommand", () => {
  it("reads find and payment, normalizing the e-mail and the id", () => {
    expect(parse("find  O'Brien@Example.COM")).toEqual({
      name: "find",
      email: "o'brien@example.com",
      remote: false,
    });
    expect(parse(`payment ${seeded.paymentId.toUpperCase()} --remote`)).toEqual({
      name: "payment",
      key: { column: "id", value: seeded.paymentId },
      remote: true,
    });
    expect(parse("payment cs_test_a1B2")).toMatchObject({
      key: { column: "provider_session_id", value: "cs_test_a1B2" },
    });
    expect(parse("payment pi_3Nx")).toMatchObject({
      key: { column: "provider_payment_id", value: "pi_3Nx" },
    });
  });

  it.each([
    ["", "a command is required"],
    ["delete x@example.com", "unknown command 'delete'"],
    ["find", "find needs an e-mail address"],
    ["payment", "payment needs an id"],
    ["find someone", "'someone' is not an e-mail address"],
    ["find a@b", "'a@b' is not an e-mail address"],
    [`find ${"a".repeat(250)}@example.com`, "is not an e-mail address"],
    ["payment 42", "'42' is not a payment id"],
    ["payment cs_x';DROP", "is not a payment id"],
    ["payment 7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5", "is not a payment id"],
    ["find a@example.com b@example.com", "unexpected argument 'b@example.com'"],
    ["find a@example.com --all", "Unknown option '--all'"],
  ])("refuses '%s': %s", (line, message) => {
    expect(() => parse(line)).toThrow(UsageError);
    expect(() => parse(line)).toThrow(message);
  });
});

describe("assertReadOnly", () => {
  it("passes the tool's own statements", () => {
    for (const line of [
      "find o'brien@example.com",
      `payment ${seeded.paymentId}`,
      "payment cs_test_1",
    ]) {
      expect(() => commandSql(parse(line), now)).not.toThrow();
    }
  });

  it("passes writing words inside quoted text and CASE ... END", () => {
    const sql = `SELECT 'DELETE FROM users; DROP' AS a, "update" AS b, CASE WHEN 1 THEN 2 END AS c,
      updated_at FROM payments;`;
    expect(assertReadOnly(sql)).toBe(sql);
  });

  it.each([
    "DELETE FROM users",
    "INSERT INTO coupons (code) VALUES ('X')",
    "UPDATE payments SET status = 'approved'",
    "SELECT 1; DROP TABLE users",
    "SELECT 1; SELECT 2",
    "WITH x AS (SELECT 1) DELETE FROM users",
    "WITH x AS (SELECT 1) INSERT INTO coupons SELECT * FROM x",
    "SELECT 1 /* ; */; UPDATE users SET name = 'x'",
    "PRAGMA table_info(users)",
    "ATTACH DATABASE 'x' AS y",
    "SELECT 'unclosed",
    "  replace INTO coupons (code) VALUES ('X')",
    "SELECT 1 -- \n; VACUUM",
  ])("refuses %s", (sql) => {
    expect(() => assertReadOnly(sql)).toThrow(NotReadOnly);
  });
});

describe("on a seeded database (SQLite, real migrations)", () => {
  it("finds the account with its attempt, result, payments, events, coupons and mail", () => {
    const output = run(seededDatabase(), "find O'Brien@example.com");
    for (const words of [
      `Account ${seeded.userId}`,
      "name: Ana O'Brien",
      "e-mail: o'brien@example.com (verified: yes)",
      "created: 2026-11-20T10:00:00Z",
      "sign-in: password, google (linked 2026-11-20T10:01:00Z); 1 live session(s)",
      `Attempt ${seeded.attemptId}`,
      "finished (ended by the taker) at 2026-11-20T10:15:00Z",
      "questions: form-v1 (parameters params-v1), 40 answered; language pt-br",
      "result: IQ 117, 95% interval 109-125, band aboveAverage",
      `certificate: ${seeded.certificateCode} (issued 2026-11-20T10:40:00Z)`,
      `report unlocked (payment ${seeded.paymentId})`,
      `Payment ${seeded.paymentId}: approved (accredited), "Approved"`,
      "amount 39.92 BRL (list 49.90 BRL, 20% off)",
      "coupon used: SPRING20 (lock consumed)",
      `Payment ${seeded.declinedPaymentId}: rejected (cc_rejected_insufficient_amount), "Payment declined: The card does not have enough funds`,
      "IQ-BUYER001: 15% off for the buyer, used 0/1, not used, expires 2027-11-20T10:00:00Z",
      "IQ-FRIEND01: 20% off for the friend, used 0/1, not used, expires 2027-02-18T10:00:00Z",
      "E-mail to o'brien@example.com: 1 sent, 1 not sent",
      `"Reset your password" written 2026-11-20T10:50:00Z: waiting, due since 2026-11-20T11:00:00Z after 2 tries (last error: the provider answered 503)`,
    ]) {
      expect(output).toContain(words);
    }
    // The provider's events in the order they arrived, not the order they were written.
    expect(output).toMatch(
      /10:31:00Z payment_intent\.processing -> in_process[\s\S]*10:32:00Z checkout\.session\.completed -> approved/,
    );
    // The newest payment first.
    expect(output.indexOf(seeded.paymentId)).toBeLessThan(output.indexOf(seeded.declinedPaymentId));
    expect(output).not.toContain("someone.else@example.com");
    expect(output).not.toContain("Other person");
  });

  it("shows a payment, its buyer and what the buyer sees", () => {
    const db = seededDatabase();
    const output = run(db, `payment ${seeded.paymentId}`);
    for (const words of [
      `Payment ${seeded.paymentId}: approved (accredited)`,
      "the coupon it used: SPRING20: 20% off for anyone, used 1/100, not used, expires never",
      `Buyer: o'brien@example.com (account ${seeded.userId})`,
      `Attempt ${seeded.attemptId}`,
      `${seeded.declinedPaymentId}: rejected (cc_rejected_insufficient_amount)`,
      `result page: /payments/success/${seeded.paymentId}`,
      `report unlocked (payment ${seeded.paymentId})`,
    ]) {
      expect(output).toContain(words);
    }
    const declined = run(db, "payment cs_test_declined");
    expect(declined).toContain(`result page: /payments/failure/${seeded.declinedPaymentId}`);
    expect(declined).toContain(`the report follows payment ${seeded.paymentId}, not this one`);
    expect(run(db, "payment pi_test_support1")).toContain(`Payment ${seeded.paymentId}:`);
  });

  it("says why a report is locked, in the product's words", () => {
    const db = seededDatabase();
    db.exec(`UPDATE payments SET status = 'pending', status_detail = 'pending_waiting_transfer'
      WHERE id = '${seeded.paymentId}'`);
    expect(run(db, `payment ${seeded.paymentId}`)).toContain(
      `report locked until the payment is settled; the report page says the payment is pending (payment ${seeded.paymentId}, "Payment pending: We are waiting for your Pix or boleto to be paid.`,
    );
    db.exec(`UPDATE payments SET status = 'refunded', status_detail = NULL
      WHERE id = '${seeded.paymentId}'`);
    expect(run(db, "find o'brien@example.com")).toContain(
      `report locked, and not offered for sale again (payment ${seeded.paymentId}, "Refunded: This payment was refunded.")`,
    );
  });

  it("shows a refund and what a person still has to do, never its Pix key", () => {
    const db = seededDatabase();
    const asked = Date.UTC(2026, 10, 21, 12);
    db.exec(`UPDATE payments SET status = 'refunded', status_detail = NULL
      WHERE id = '${seeded.paymentId}';
      INSERT INTO refunds (payment_id, origin, method, state, pix_key, pix_key_type,
        failure_reason, claimed_at, created_at, updated_at, receipt_sent_at,
        failure_operator_mailed_at, failure_buyer_mailed_at)
      VALUES ('${seeded.paymentId}', 'buyer', 'card', 'failed', 'PIXKEYSECRET', 'email',
        'expired_or_canceled_card', ${asked}, ${asked}, ${asked + 3_600_000}, ${asked},
        ${asked + 3_600_000}, ${asked + 3_600_000})`);
    const output = run(db, `payment ${seeded.paymentId}`);
    expect(output).toContain(
      "refund: asked by the buyer 2026-11-21T12:00:00Z (card), FAILED at the provider 2026-11-21T13:00:00Z (expired_or_canceled_card): TO RETURN another way (npm run refunds -- list); operator mailed 2026-11-21T13:00:00Z, buyer mailed 2026-11-21T13:00:00Z",
    );
    expect(output).not.toContain("PIXKEYSECRET");
    db.exec(`UPDATE refunds SET state = 'sent', updated_at = ${asked + 7_200_000}`);
    expect(run(db, "find o'brien@example.com")).toContain(
      "refund: asked by the buyer 2026-11-21T12:00:00Z (card), sent by the operator 2026-11-21T14:00:00Z",
    );
    expect(run(db, `payment ${seeded.declinedPaymentId}`)).not.toContain("refund:");
  });

  it("shows a payment whose buyer deleted the account", () => {
    const db = seededDatabase();
    db.exec(`UPDATE payments SET user_id = NULL, attempt_id = NULL; DELETE FROM users`);
    const output = run(db, `payment ${seeded.paymentId}`);
    expect(output).toContain("Buyer: none (the account was deleted");
    expect(output).toContain("Attempt: none (deleted with its account)");
    expect(output).toContain("no report: the attempt is gone");
  });

  it("answers NotFound for an unknown e-mail or payment, quotes and all", () => {
    const db = seededDatabase();
    expect(() => run(db, "find nobody@example.com")).toThrow(NotFound);
    expect(() => run(db, "find x'OR'1'='1@example.com")).toThrow(
      "no account has the e-mail x'or'1'='1@example.com (local D1)",
    );
    expect(() => run(db, "payment 00000000-0000-4000-8000-000000000000")).toThrow(NotFound);
    expect(() => run(db, "payment cs_unknown")).toThrow("no payment has the id cs_unknown");
  });

  it("prints no secret it was seeded with", () => {
    const db = seededDatabase();
    const output = [
      run(db, "find o'brien@example.com"),
      run(db, `payment ${seeded.paymentId}`),
      run(db, "payment cs_test_declined"),
    ].join("\n");
    for (const secret of seeded.secrets) expect(output).not.toContain(secret);
    expect(output).not.toContain("sess1");
    expect(output).not.toContain("109876543210");
  });
});

describe("the product's payment words, mirrored", () => {
  const details = [null, ...paymentStatusDetails];

  it("labels and explains every status and detail as the pages do", () => {
    for (const status of paymentStatuses) {
      expect(statusLabel(status)).toBe(paymentStatusLabel(status, "en"));
      for (const detail of details) {
        const text = paymentExplanation({ status, statusDetail: detail });
        expect(explanation(status, detail), `${status} ${detail}`).toBe(
          text ? text({}, { locale: "en" }) : null,
        );
      }
    }
  });

  it("unlocks, waits and sells again as the report does", () => {
    for (const status of [null, ...paymentStatuses]) {
      const access = reportAccess(status);
      expect(access === "unlocked", String(status)).toBe(reportUnlocked(status));
      expect(access === "awaitsPayment", String(status)).toBe(reportAwaitsPayment(status));
      expect(access === "buyable", String(status)).toBe(canBuyReport(status));
    }
  });

  it("follows the newest payment where money moved", () => {
    const p = (id: string, status: string) => ({ id, status });
    expect(governing([p("c", "rejected"), p("b", "approved"), p("a", "refunded")])?.id).toBe("b");
    expect(governing([p("b", "rejected"), p("a", "cancelled")])?.id).toBe("b");
    expect(governing([])).toBeNull();
  });
});
