import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Locale } from "../../core/locales/locales";
import { type Database, database } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { errorResponse } from "../http/responses";
import { sha256Hex } from "./crypto";

/**
 * Throttling counted in D1 (SECURITY.md 7 and 11; docs/decisions/0007-accounts.md):
 * failed sign-ins per account and address pair, per account and per IP in 15 minutes,
 * forgot-password requests per e-mail and per IP in an hour, and sign-ups refused for a
 * taken address per IP in an hour (each such answer tells whether an address has an
 * account). Keys are hashed so the table holds no address or IP.
 *
 * Counting is atomic: `attempt()` inserts this attempt's rows and counts them in one D1
 * batch (a transaction, serialised with every other write to the database), so of N
 * concurrent attempts at most `max` see a count within the limit. Checking first and
 * recording afterwards let a burst of parallel requests through.
 */

type Kind = (typeof authAttempts.$inferInsert)["kind"];

/** A counter; several may share a stored `kind` (their keys differ). */
export type Counter = Kind | "login-pair";

const storedKind: Record<Counter, Kind> = {
  "login-account": "login-account",
  // Per account and IP: the same table kind as the account's own counter, another key.
  "login-pair": "login-account",
  "login-ip": "login-ip",
  "forgot-email": "forgot-email",
  "forgot-ip": "forgot-ip",
  "signup-ip": "signup-ip",
};

const minute = 60 * 1000;
export const limits: Record<Counter, { max: number; window: number }> = {
  // One address may fail 5 times on an account; the account as a whole takes 20 failures
  // (from 4 or more addresses) before it is locked for everyone (ADR 0007).
  "login-pair": { max: 5, window: 15 * minute },
  "login-account": { max: 20, window: 15 * minute },
  "login-ip": { max: 20, window: 15 * minute },
  "forgot-email": { max: 3, window: 60 * minute },
  "forgot-ip": { max: 10, window: 60 * minute },
  "signup-ip": { max: 5, window: 60 * minute },
};
const longestWindow = Math.max(...Object.values(limits).map((l) => l.window));

export interface Counted {
  kind: Counter;
  value: string;
}

/** The sign-in counters of one attempt on `email` from `ip`. */
export function loginCounters(email: string, ip: string) {
  return {
    pair: { kind: "login-pair", value: `${email}\n${ip}` },
    account: { kind: "login-account", value: email },
    ip: { kind: "login-ip", value: ip },
  } satisfies Record<string, Counted>;
}

function keyOf({ kind, value }: Counted): string {
  return sha256Hex(`${kind}:${value}`);
}

/** The rows of one counter inside its window. */
function countInWindow(db: Database, counter: Counted, now: number) {
  return db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, storedKind[counter.kind]),
        eq(authAttempts.key, keyOf(counter)),
        gt(authAttempts.createdAt, now - limits[counter.kind].window),
      ),
    );
}

export interface Attempt {
  /** The counters this attempt took over their limit (empty: go ahead). */
  blocked: Counted[];
  /** Takes this attempt back out of the counts (it was refused, or it succeeded). */
  release(): Promise<void>;
}

/**
 * Counts one attempt on every counter: in one batch, drops rows older than every window,
 * inserts a row per counter and counts each counter's rows in its window, this one
 * included. The attempt is blocked when any count exceeds its limit. The rows stay
 * (a failure, a request) unless the caller calls `release()`.
 */
export async function attempt(env: Env, counters: Counted[], now = Date.now()): Promise<Attempt> {
  const db = database(env.DB);
  const inserts = counters.map((counter) =>
    db
      .insert(authAttempts)
      .values({ kind: storedKind[counter.kind], key: keyOf(counter), createdAt: now })
      .returning({ id: authAttempts.id }),
  );
  const counts = counters.map((counter) => countInWindow(db, counter, now));
  const prune = db.delete(authAttempts).where(lt(authAttempts.createdAt, now - longestWindow));
  const results = (await db.batch([prune, ...inserts, ...counts])) as unknown[];
  const ids = (results.slice(1, 1 + counters.length) as { id: number }[][]).flatMap((rows) =>
    rows.map((row) => row.id),
  );
  const tallies = results.slice(1 + counters.length) as { n: number }[][];
  const blocked = counters.filter(
    (counter, i) => (tallies[i]?.[0]?.n ?? 0) > limits[counter.kind].max,
  );
  return {
    blocked,
    release: async () => {
      if (ids.length > 0) await db.delete(authAttempts).where(inArray(authAttempts.id, ids));
    },
  };
}

/**
 * Whether a counter is already at its limit, counting only the rows it holds and adding
 * none: for a limit on outcomes (a sign-up refused for a taken address), where a request
 * still in progress is not one of them. The outcome itself is then counted atomically
 * with `attempt()` when it happens.
 */
export async function atLimit(env: Env, counter: Counted, now = Date.now()): Promise<boolean> {
  const [row] = await countInWindow(database(env.DB), counter, now);
  return (row?.n ?? 0) >= limits[counter.kind].max;
}

/** Forgets every attempt on one counter (a successful sign-in clears its pair's failures). */
export async function clear(env: Env, counter: Counted): Promise<void> {
  await database(env.DB)
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.kind, storedKind[counter.kind]), eq(authAttempts.key, keyOf(counter))),
    );
}

/**
 * 429 with the message as a toast and `Retry-After` the counter's whole window: waiting
 * that long always clears it.
 */
export function tooManyResponse(
  locale: Locale,
  message: "auth_too_many_requests" | "auth_too_many_attempts",
  counter: Counter,
): Response {
  return errorResponse(
    locale,
    429,
    { fields: { system: [message] } },
    { "Retry-After": String(limits[counter].window / 1000) },
  );
}
