import { and, count, eq, gt, lt } from "drizzle-orm";
import { database } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { sha256Hex } from "./crypto";

/**
 * Throttling counted in D1 (SECURITY.md 7 and 11; docs/decisions/0007-accounts.md):
 * failed sign-ins per account and per IP in 15 minutes, forgot-password requests per
 * e-mail and per IP in an hour, and sign-ups refused for a taken address per IP in an
 * hour (each such answer tells whether an address has an account). Keys are hashed so the table holds no address or IP.
 */

type Kind = (typeof authAttempts.$inferInsert)["kind"];

const minute = 60 * 1000;
export const limits: Record<Kind, { max: number; window: number }> = {
  "login-account": { max: 5, window: 15 * minute },
  "login-ip": { max: 20, window: 15 * minute },
  "forgot-email": { max: 3, window: 60 * minute },
  "forgot-ip": { max: 10, window: 60 * minute },
  "signup-ip": { max: 5, window: 60 * minute },
};
const longestWindow = Math.max(...Object.values(limits).map((l) => l.window));

export interface Counted {
  kind: Kind;
  value: string;
}

function keyOf({ kind, value }: Counted): string {
  return sha256Hex(`${kind}:${value}`);
}

/** Which of the given counters have reached their limit. */
export async function overLimit(env: Env, counters: Counted[], now = Date.now()) {
  const db = database(env.DB);
  const [first, ...rest] = counters.map((counter) =>
    db
      .select({ n: count() })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, counter.kind),
          eq(authAttempts.key, keyOf(counter)),
          gt(authAttempts.createdAt, now - limits[counter.kind].window),
        ),
      ),
  );
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return counters.filter((counter, i) => (results[i]?.[0]?.n ?? 0) >= limits[counter.kind].max);
}

/** Records one event per counter and drops rows older than every window, in one batch. */
export async function record(env: Env, counters: Counted[], now = Date.now()): Promise<void> {
  const db = database(env.DB);
  await db.batch([
    db.delete(authAttempts).where(lt(authAttempts.createdAt, now - longestWindow)),
    ...counters.map((counter) =>
      db.insert(authAttempts).values({ kind: counter.kind, key: keyOf(counter), createdAt: now }),
    ),
  ]);
}

/** A successful sign-in clears the account's failures (the IP's stay counted). */
export async function clear(env: Env, counter: Counted): Promise<void> {
  await database(env.DB)
    .delete(authAttempts)
    .where(and(eq(authAttempts.kind, counter.kind), eq(authAttempts.key, keyOf(counter))));
}
