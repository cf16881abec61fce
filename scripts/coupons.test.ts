import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../tests/migrated-sqlite.ts";
import {
  type Command,
  couponExistsSql,
  createCouponSql,
  disableCouponSql,
  listCouponsSql,
  parseCommand,
  sqlText,
  UsageError,
} from "./coupons.ts";

/**
 * The operators' coupon command: its arguments, and its SQL run on SQLite with the real
 * migrations (wrangler d1 execute has no bound parameters, so the literals must be right).
 */

const now = Date.UTC(2027, 0, 10, 12);
const parse = (line: string): Command => parseCommand(line.split(" ").filter(Boolean), now);

function database(): DatabaseSync {
  const db = migratedSqlite();
  db.exec(`INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'o''brien@example.com')`);
  return db;
}

describe("parseCommand", () => {
  it("reads a full create, normalizing the code and the e-mail", () => {
    expect(
      parse("create --code spring-25 --percent 25 --uses 100 --expires 2027-01-31 --owner A@B.com"),
    ).toEqual({
      name: "create",
      remote: false,
      coupon: {
        code: "SPRING-25",
        percent: 25,
        usesAllowed: 100,
        expiresAt: Date.UTC(2027, 1, 1),
        ownerEmail: "a@b.com",
      },
    });
  });

  it("defaults to one use, no expiry, anyone, the local D1", () => {
    expect(parse("create --code SPRING25 --percent 90")).toEqual({
      name: "create",
      remote: false,
      coupon: { code: "SPRING25", percent: 90, usesAllowed: 1, expiresAt: null, ownerEmail: null },
    });
    expect(parse("list --remote")).toEqual({ name: "list", all: false, remote: true });
    expect(parse("disable --code spring25")).toEqual({
      name: "disable",
      code: "SPRING25",
      remote: false,
    });
  });

  it.each([
    ["", "a command is required"],
    ["delete --code SPRING25", "unknown command 'delete'"],
    ["create --percent 25", "--code is required"],
    ["create --code ABC --percent 25", "--code must be 4 to 32 letters"],
    ["create --code SPRING'25 --percent 25", "--code must be 4 to 32 letters"],
    ["create --code SPRING25", "--percent is required"],
    ["create --code SPRING25 --percent 0", "--percent must be a whole number from 1 to 90"],
    ["create --code SPRING25 --percent 91", "--percent must be a whole number from 1 to 90"],
    ["create --code SPRING25 --percent 2.5", "--percent must be a whole number from 1 to 90"],
    ["create --code SPRING25 --percent 10 --uses 0", "--uses must be a whole number from 1"],
    ["create --code SPRING25 --percent 10 --expires 31/01/2027", "--expires must be a date"],
    ["create --code SPRING25 --percent 10 --expires 2027-02-30", "--expires must be a date"],
    ["create --code SPRING25 --percent 10 --expires 2027-01-09", "is already past"],
    ["create --code SPRING25 --percent 10 --owner someone", "--owner must be the e-mail"],
    ["list --code SPRING25", "list does not take --code"],
    ["disable --code SPRING25 --percent 10", "disable does not take --percent"],
    ["list --colour red", "Unknown option '--colour'"],
    ["list now", "unexpected argument 'now'"],
  ])("refuses '%s': %s", (line, message) => {
    expect(() => parse(line)).toThrow(UsageError);
    expect(() => parse(line)).toThrow(message);
  });
});

describe("the SQL", () => {
  it("quotes text by doubling its quotes", () => {
    expect(sqlText("o'brien@example.com")).toBe("'o''brien@example.com'");
  });

  it("creates, lists and disables coupons", () => {
    const db = database();
    const create = (line: string) => {
      const command = parse(line);
      if (command.name !== "create") throw new Error(line);
      return db.prepare(createCouponSql(command.coupon, now)).all();
    };
    expect(create("create --code SPRING25 --percent 25 --uses 100 --expires 2027-01-31")).toEqual([
      { code: "SPRING25" },
    ]);
    expect(create("create --code MINE-10 --percent 10 --owner O'Brien@example.com")).toEqual([
      { code: "MINE-10" },
    ]);
    expect(create("create --code NOBODY --percent 10 --owner nobody@example.com")).toEqual([]);
    expect(db.prepare(couponExistsSql("SPRING25")).all()).toHaveLength(1);
    expect(db.prepare(couponExistsSql("NOBODY")).all()).toHaveLength(0);
    db.exec(`INSERT INTO coupons (code, percent, source, issued_by_payment_id, audience, created_at)
      VALUES ('IQ-ABCDEFGH', 20, 'purchase', 'p1', 'friend', ${now + 1})`);
    db.exec(`INSERT INTO coupon_locks (payment_id, code, attempt_id, state, held_until, created_at, updated_at)
      VALUES ('p2', 'SPRING25', 'a1', 'consumed', NULL, ${now}, ${now}),
             ('p3', 'SPRING25', 'a2', 'held', ${now + 1}, ${now}, ${now}),
             ('p4', 'SPRING25', 'a3', 'held', ${now}, ${now}, ${now})`);

    expect(db.prepare(listCouponsSql(false, now)).all()).toEqual([
      {
        code: "MINE-10",
        percent: 10,
        usesAllowed: 1,
        used: 0,
        held: 0,
        expiresAt: null,
        owner: "o'brien@example.com",
        disabledAt: null,
        source: "operator",
      },
      {
        code: "SPRING25",
        percent: 25,
        usesAllowed: 100,
        used: 1,
        held: 1,
        expiresAt: Date.UTC(2027, 1, 1),
        owner: null,
        disabledAt: null,
        source: "operator",
      },
    ]);
    expect(
      db
        .prepare(listCouponsSql(true, now))
        .all()
        .map((row) => row.code),
    ).toEqual(["IQ-ABCDEFGH", "MINE-10", "SPRING25"]);

    expect(db.prepare(disableCouponSql("SPRING25", now)).all()).toEqual([{ code: "SPRING25" }]);
    expect(db.prepare(disableCouponSql("SPRING25", now + 1)).all()).toEqual([]);
    expect(
      db.prepare("SELECT disabled_at AS d FROM coupons WHERE code = 'SPRING25'").get(),
    ).toEqual({ d: now });
  });
});
