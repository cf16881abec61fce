import { and, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { database } from "../../db/client";
import { users } from "../../db/schema";
import { deleteAccount } from "../account/delete";
import { toSignedInUser } from "../auth/users";
import type { Background } from "../payments/fulfil";

/**
 * The privacy policy's retention (issue 31.3; docs/decisions/0047-sweeps.md): "up to five
 * years after your last use of the service". An account whose person has not signed in (nor
 * kept a session alive) for five years is removed as an account deletion removes it (ADR
 * 0023): the person's data, attempts, results, certificates and mail go; payments stay for
 * the accounts, without the person. An account with a paid report (or a payment on its way
 * to one) is never swept: the report is owed to its buyer. A few accounts a run: each
 * deletion is a batch and its clean-up.
 */

/** Five years of 365.25 days. */
export const retentionMs = Math.round(5 * 365.25 * 24 * 60 * 60_000);
export const retentionBatch = 10;

/** Not used since `cutoff`: last seen before it, or never seen and created before it. */
function unusedSince(cutoff: number): SQL | undefined {
  return and(
    or(
      lt(users.lastSeenAt, cutoff),
      and(isNull(users.lastSeenAt), lt(users.createdAt, new Date(cutoff))),
    ),
    // Belt and braces: nothing of theirs happened since (a test, a payment).
    sql`NOT EXISTS (SELECT 1 FROM test_attempts a WHERE a.user_id = ${users.id} AND a.started_at >= ${cutoff})`,
    sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.user_id = ${users.id} AND p.updated_at >= ${cutoff})`,
    // A paid report is owed to its buyer: never swept (issue 31.3). Nor one on its way.
    sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.user_id = ${users.id}
          AND p.status IN ('approved', 'authorized', 'pending', 'in_process', 'in_mediation'))`,
  );
}

export async function sweepRetention(
  env: Env,
  background: Background,
  now: number,
): Promise<number> {
  const stale = await database(env.DB)
    .select()
    .from(users)
    .where(unusedSince(now - retentionMs))
    .limit(retentionBatch);
  for (const row of stale) {
    await deleteAccount(env, toSignedInUser(row), background, now);
  }
  return stale.length;
}
