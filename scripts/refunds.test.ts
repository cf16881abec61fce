import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../tests/migrated-sqlite.ts";
import { listRefundsSql, markSentSql, parseCommand, refundLine, UsageError } from "./refunds.ts";

/**
 * The operator's boleto refunds (ADR 0045): the command line, and the SQL on SQLite with
 * the real migrations (wrangler d1 execute has no bound parameters: the literals must hold).
 */

const paid = "3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f";
const byCard = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
const failed = "0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f";
// Monday 2026-11-30, 12:00 UTC: the provider's refund failed.
const failedAt = Date.UTC(2026, 10, 30, 12);
// Its refund was asked on Thursday 2026-11-26.
const refundedAt = Date.UTC(2026, 10, 26, 12);
// Friday 2026-11-27, 15:00 UTC (noon in São Paulo).
const requestedAt = Date.UTC(2026, 10, 27, 15);

function database() {
  const db = migratedSqlite();
  for (const id of [paid, byCard, failed]) {
    db.exec(`INSERT INTO payments (id, provider, status, currency, list_cents, total_cents, locale,
      checkout_expires_at, created_at, updated_at)
      VALUES ('${id}', 'stripe', 'refunded', 'BRL', 4990, 4990, 'pt-br', 0, 0, 0)`);
  }
  db.exec(`INSERT INTO refunds (payment_id, origin, method, state, pix_key, pix_key_type,
      claimed_at, created_at, updated_at)
    VALUES ('${paid}', 'buyer', 'boleto', 'requested', 'o''brien@example.com', 'email',
      ${requestedAt}, ${requestedAt}, ${requestedAt}),
      ('${byCard}', 'buyer', 'card', 'refunded', NULL, NULL, 1, 1, 1)`);
  db.exec(`INSERT INTO refunds (payment_id, origin, method, state, failure_reason,
      claimed_at, created_at, updated_at)
    VALUES ('${failed}', 'buyer', 'card', 'failed', 'expired_or_canceled_card', ${refundedAt},
      ${refundedAt}, ${failedAt})`);
  return db;
}

describe("parseCommand", () => {
  it("reads list and sent", () => {
    expect(parseCommand(["list"])).toEqual({ name: "list", all: false, remote: false });
    expect(parseCommand(["list", "--all", "--remote"])).toEqual({
      name: "list",
      all: true,
      remote: true,
    });
    expect(parseCommand(["sent", "--payment", paid.toUpperCase()])).toEqual({
      name: "sent",
      paymentId: paid,
      remote: false,
    });
  });

  it.each([
    [[], "a command is required"],
    [["refund"], "unknown command 'refund'"],
    [["sent"], "--payment must be"],
    [["sent", "--payment", "1; DROP TABLE refunds"], "--payment must be"],
    [["sent", "--payment", paid, "--all"], "sent does not take --all"],
    [["list", "--payment", paid], "list does not take --payment"],
    [["list", "extra"], "unexpected argument 'extra'"],
  ])("refuses %j: %s", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe("the SQL, on the real schema", () => {
  it("lists what is still to send, with the key, the amount and the day to send it by", () => {
    const db = database();
    const rows = db.prepare(listRefundsSql(false)).all() as Record<string, string | number>[];
    expect(rows.map(refundLine)).toEqual([
      {
        payment: failed,
        amount: "BRL 49.90",
        pix: "-",
        state: "failed (expired_or_canceled_card)",
        requested: "2026-11-26",
        "send by": "2026-12-07",
      },
      {
        payment: paid,
        amount: "BRL 49.90",
        pix: "o'brien@example.com (email)",
        state: "requested",
        requested: "2026-11-27",
        "send by": "2026-12-04",
      },
    ]);
    expect(db.prepare(listRefundsSql(true)).all()).toHaveLength(3);
  });

  it("marks a requested refund sent once; a refund by the provider is not the operator's", () => {
    const db = database();
    const now = requestedAt + 1000;
    expect(db.prepare(markSentSql(paid, now)).all()).toEqual([{ paymentId: paid }]);
    expect(db.prepare(markSentSql(paid, now)).all()).toEqual([]);
    expect(db.prepare(markSentSql(byCard, now)).all()).toEqual([]);
    // A refund the provider failed is the operator's too.
    expect(db.prepare(markSentSql(failed, now)).all()).toEqual([{ paymentId: failed }]);
    expect(db.prepare(listRefundsSql(false)).all()).toEqual([]);
    expect(db.prepare(`SELECT state FROM refunds WHERE payment_id = '${paid}'`).get()).toEqual({
      state: "sent",
    });
  });
});
