import { describe, expect, it } from "vitest";
import { countingD1, emptyTally, isReadStatement } from "./d1-counter";

/** A D1 stand-in that answers every call with nothing; what matters is what was counted. */
function fakeD1(): D1Database {
  const statement = {
    bind: () => statement,
    first: async () => null,
    run: async () => ({ results: [], success: true, meta: {} }),
    all: async () => ({ results: [], success: true, meta: {} }),
    raw: async () => [],
  };
  return {
    prepare: () => statement,
    batch: async (statements: unknown[]) => statements.map(() => ({ results: [] })),
    exec: async () => ({ count: 0, duration: 0 }),
  } as unknown as D1Database;
}

describe("the D1 counter", () => {
  it.each([
    ["select * from users", true],
    ["  SELECT 1", true],
    ["-- who\nselect id from sessions", true],
    ["with recent as (select * from t) select * from recent", true],
    ["with gone as (select id from t) delete from u where id in gone", false],
    ["insert into test_attempts (id) values (?)", false],
    ["update test_attempts set user_id = ? returning id", false],
    ["delete from sessions where id = ?", false],
    ["pragma foreign_keys", true],
  ] as const)("%s: read %s", (sql, read) => {
    expect(isReadStatement(sql)).toBe(read);
  });

  it("counts each statement, a batch as one round trip, and exec's statements", async () => {
    const tally = emptyTally();
    const db = countingD1(fakeD1(), tally);
    await db.prepare("select 1").first();
    await db.prepare("select * from t where id = ?").bind(1).all();
    await db.prepare("update t set a = 1").run();
    await db.prepare("select a from t").raw();
    expect(tally).toEqual({ reads: 3, writes: 1, roundTrips: 4 });
    await db.batch([
      db.prepare("insert into t values (?)").bind(1),
      db.prepare("delete from u where id = ?").bind(2),
      db.prepare("select count(*) from t"),
    ]);
    expect(tally).toEqual({ reads: 4, writes: 3, roundTrips: 5 });
    await db.exec("create table x (a);\ninsert into x values (1)");
    expect(tally).toEqual({ reads: 4, writes: 5, roundTrips: 6 });
    // Preparing and binding alone send nothing.
    db.prepare("select 2").bind();
    expect(tally.roundTrips).toBe(6);
  });
});
