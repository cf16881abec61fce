/**
 * Anonymous attempts nobody claimed (issue 31.3; docs/decisions/0047-sweeps.md): the D1
 * row of a test taken without an account, never signed into, is deleted a week after the
 * test ended, as its Durable Object's storage already is (worker/attempts/README.md). Its
 * cookie lasted 24 hours, so nobody can claim it any more; the row held only the form, the
 * answers and the browser's secret's hash. A row with a result or a payment is never
 * deleted here (both need an account, so an anonymous row has neither; checked anyway).
 */

/** How long after its end an unclaimed attempt is kept. */
export const unclaimedKeepMs = 7 * 24 * 60 * 60_000;
/** Rows deleted in one run (one statement). */
export const unclaimedBatch = 500;

export async function sweepUnclaimedAttempts(env: Env, now: number): Promise<number> {
  // An attempt has ended by its deadline (finished earlier, or finalised at the deadline
  // plus a few seconds' grace): a week past the deadline is a week past its end.
  const result = await env.DB.prepare(
    `DELETE FROM test_attempts WHERE id IN (
       SELECT a.id FROM test_attempts a
       WHERE a.user_id IS NULL AND a.deadline < ?
         AND NOT EXISTS (SELECT 1 FROM test_results r WHERE r.attempt_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.attempt_id = a.id)
       LIMIT ?)
     AND user_id IS NULL`,
  )
    .bind(now - unclaimedKeepMs, unclaimedBatch)
    .run();
  return result.meta.changes ?? 0;
}
