import { wrapD1 } from "../dependencies/d1-wrapper";
import { optionalSettings } from "../env";

/**
 * Counting D1 statements (issue 16; docs/decisions/0027-answer-path-without-d1.md): a
 * `D1Database` that forwards everything to the real one and counts what it sends. Reads
 * are statements starting with `select` (or `with ... select`); everything else writes.
 * A round trip is one call that reaches D1: a statement's first/all/run/raw, a whole
 * batch(), an exec(). Worker tests wrap `env.DB` with it to assert exact counts; the
 * bench turns it on for a local server (`--var COUNT_D1_QUERIES:1`, development only)
 * and reads the tally at `/_dev/d1-queries`.
 */

export interface D1Tally {
  reads: number;
  writes: number;
  roundTrips: number;
}

export function emptyTally(): D1Tally {
  return { reads: 0, writes: 0, roundTrips: 0 };
}

/** Leading comments and spaces, which D1 accepts before a statement. */
const leading = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/;

/** True when the statement only reads: `select ...`, `with ... select ...`, `pragma`, `explain`. */
export function isReadStatement(sql: string): boolean {
  const text = sql.replace(leading, "").toLowerCase();
  if (/^(select|pragma|explain)\b/.test(text)) return true;
  // A common table expression heads a read unless a write follows it.
  return /^with\b/.test(text) && !/\b(insert|update|delete|replace)\b/.test(text);
}

function count(tally: D1Tally, statements: readonly string[]): void {
  tally.roundTrips++;
  for (const sql of statements) {
    if (isReadStatement(sql)) tally.reads++;
    else tally.writes++;
  }
}

/** The statements of an `exec()` script (one per line or per `;`, as D1 splits them). */
function scriptStatements(script: string): string[] {
  return script
    .split(/;|\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly tally: D1Tally,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return counted(new CountedStatement(this.inner.bind(...values), this.sql, this.tally));
  }

  first(column?: string): Promise<unknown> {
    count(this.tally, [this.sql]);
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }

  run(): Promise<D1Result> {
    count(this.tally, [this.sql]);
    return this.inner.run();
  }

  all(): Promise<D1Result> {
    count(this.tally, [this.sql]);
    return this.inner.all();
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown> {
    count(this.tally, [this.sql]);
    return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw();
  }
}

/** The class has every method of a statement, with looser overloads than the abstract type's. */
function counted(statement: CountedStatement): D1PreparedStatement {
  return statement as unknown as D1PreparedStatement;
}

/** D1 runs only its own statements in a batch: ours are unwrapped, and counted. */
function unwrap(statements: D1PreparedStatement[]): {
  inner: D1PreparedStatement[];
  sql: string[];
} {
  const inner: D1PreparedStatement[] = [];
  const sql: string[] = [];
  for (const statement of statements) {
    const mine = (statement as unknown) instanceof CountedStatement;
    inner.push(mine ? (statement as unknown as CountedStatement).inner : statement);
    // A statement prepared elsewhere: its text is unknown, so it counts as a write.
    sql.push(mine ? (statement as unknown as CountedStatement).sql : "unknown");
  }
  return { inner, sql };
}

/** `db`, counting into `tally` every statement sent through it. */
export function countingD1(db: D1Database, tally: D1Tally): D1Database {
  return wrapD1(db, {
    prepare: (target) => (query) =>
      counted(new CountedStatement(target.prepare(query), query, tally)),
    batch:
      (target) =>
      <T>(statements: D1PreparedStatement[]) => {
        const { inner, sql } = unwrap(statements);
        count(tally, sql);
        return target.batch<T>(inner);
      },
    exec(query) {
      count(tally, scriptStatements(query));
      return db.exec(query);
    },
  });
}

// --- the bench's instrumentation (development only) --------------------------------------

/** Every statement the isolate sent while counting (a local server runs one isolate). */
export const devTally: D1Tally = emptyTally();

export function resetDevTally(): void {
  Object.assign(devTally, emptyTally());
}

/** True when this Worker counts its D1 statements: asked for, and never in production. */
export function countsD1(env: Env): boolean {
  return env.ENVIRONMENT === "development" && optionalSettings(env).COUNT_D1_QUERIES === "1";
}

/** One counted env per real one: the env is validated once per object (worker/env.ts). */
const countedEnvs = new WeakMap<Env, Env>();

/**
 * The env the Worker's fetch handler and the attempt's Durable Object work with: `env`
 * itself, or, when counting, the same bindings with `DB` counted into `devTally`.
 */
export function withD1Counting(env: Env): Env {
  if (!countsD1(env)) return env;
  let countedEnv = countedEnvs.get(env);
  if (!countedEnv) {
    countedEnv = { ...env, DB: countingD1(env.DB, devTally) };
    countedEnvs.set(env, countedEnv);
  }
  return countedEnv;
}
