/**
 * When our own infrastructure fails (docs/decisions/0029-dependency-failures.md): D1, KV
 * or an attempt's Durable Object that throws or does not answer in time. Such a failure
 * is no bug of ours: the API answers 503 `serviceUnavailable` with `Retry-After`, a page
 * the 503 screen ('Service Temporarily Unavailable!' with Try Again), and the client may
 * try again. A bug in our code (a statement D1 refuses, a TypeError in the object) stays
 * a 500. Pure: the guards in guard.ts raise it, the error handlers look for it.
 */

export type Dependency = "d1" | "kv" | "attempt object";

export class DependencyUnavailable extends Error {
  override readonly name = "DependencyUnavailable";

  constructor(
    readonly dependency: Dependency,
    readonly reason: "failed" | "timeout",
    detail: string,
  ) {
    super(`${dependency} ${reason === "timeout" ? "timed out" : "failed"}: ${detail}`);
  }
}

/**
 * The failure that made `error`, when it is a dependency's: drizzle wraps D1's errors in
 * its own (`DrizzleQueryError`, whose message quotes the statement and its values), so
 * the chain of causes is searched.
 */
export function unavailableIn(error: unknown): DependencyUnavailable | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof DependencyUnavailable) return current;
    current = current.cause;
  }
  return null;
}

/** Errors that only a mistake in our code throws, wherever they come from. */
const programmingErrors = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];

function isProgrammingError(error: unknown): boolean {
  return programmingErrors.some((kind) => error instanceof kind);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * D1 refusing the statement itself: its SQL, a value's type, a constraint (SQLite's own
 * codes, which D1 quotes: `D1_ERROR: no such table: x: SQLITE_ERROR`). These are ours to
 * fix or to handle (a UNIQUE conflict is a caller's answer). Anything else D1 throws
 * ("Network connection lost.", "D1 DB is overloaded...", "...caused object to be reset",
 * SQLITE_BUSY, SQLITE_FULL, SQLITE_IOERR) is D1 not serving.
 */
const d1StatementError =
  /^D1_(TYPE_ERROR|COLUMN_NOTFOUND|EXEC_ERROR)\b|\bSQLITE_(ERROR|CONSTRAINT|MISMATCH|RANGE|TOOBIG)\b/;

/**
 * KV's errors read `KV GET failed: 414 ...`: a 4xx other than 429 is our request's fault
 * (a key over 512 bytes, a TTL under 60 s, a value too large); 429 (one write per second
 * per key), 5xx and network errors are KV not serving.
 */
const kvRequestError = /^KV \w+ failed: 4(?!29)\d\d\b/;

/**
 * The dependency failure `error` is, or null when it is a bug (or an answer the caller
 * handles) and must travel on unchanged.
 *
 * The attempt's Durable Object: an infrastructure error (the object reset, overloaded, the
 * network; `durableObjectReset`, `overloaded`, `retryable`, or no `remote` flag) is the
 * object not serving. An error thrown by the object's own code (`remote: true`) is a bug
 * when it is a programming error (a TypeError, "The RPC receiver does not implement ...");
 * the object's code throws nothing on purpose, so any other error from it is its storage
 * or its D1 write failing (ADR 0029 lists the shapes seen in workerd).
 */
export function classify(dependency: Dependency, error: unknown): DependencyUnavailable | null {
  if (error instanceof DependencyUnavailable) return error;
  if (isProgrammingError(error)) return null;
  const message = messageOf(error);
  if (dependency === "d1" && d1StatementError.test(message)) return null;
  if (dependency === "kv" && kvRequestError.test(message)) return null;
  if (dependency === "attempt object" && d1StatementError.test(message)) return null;
  return new DependencyUnavailable(dependency, "failed", message);
}
