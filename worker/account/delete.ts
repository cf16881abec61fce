import { and, eq } from "drizzle-orm";
import type { SignedInUser } from "../../core/accounts/account";
import { database } from "../../db/client";
import { payments } from "../../db/schema";
import { attemptStub } from "../attempts/lookup";
import { certificateCachePrefixes } from "../certificates/cache";
import type { Background } from "../payments/fulfil";
import { cancelPayment } from "../payments/orders";
import { pdfCachePrefix, reportPdfKind } from "../pdf/cache";

/**
 * Deleting an account (LGPD art. 18; docs/decisions/0023-holder-rights.md).
 *
 * - Deleted: the user row and, with it (foreign keys cascade), sessions, reset tokens, the
 *   Google link, the coupons only this account could use (and their locks), the attempts
 *   with their results and certificates; the mail the outbox holds for the address; each
 *   attempt's Durable Object storage; the cached certificate images and report PDFs.
 * - Kept, without the person: payments and their events (accounting). `user_id` and
 *   `attempt_id` become null and the provider page's URL is dropped; amounts, status,
 *   coupon code and the provider's ids stay. Coupon locks of those payments stay (a used
 *   coupon stays used). Coupons a purchase issued for a friend stay usable.
 * - Certificate codes go to `withdrawn_certificates`, so their verification says
 *   "withdrawn" instead of "not found", without the name.
 * - An open checkout is closed first, so no money arrives for an account that is gone.
 *
 * Every D1 change is one batch (one transaction): nothing is half deleted. The KV and
 * Durable Object clean-up follows; what it misses is unreachable (every route checks the
 * attempt's owner first) and expires on its own.
 */
export async function deleteAccount(
  env: Env,
  user: SignedInUser,
  background: Background,
  now = Date.now(),
): Promise<void> {
  const db = env.DB;
  const [attempts, open] = await Promise.all([
    db
      .prepare("SELECT id FROM test_attempts WHERE user_id = ?")
      .bind(user.id)
      .all<{ id: string }>(),
    database(db)
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, "awaiting"))),
  ]);
  for (const row of open) {
    const outcome = await cancelPayment(env, row, background);
    if (outcome === "unavailable") {
      console.warn(`account: deletion could not close payment=${row.id} (provider unreachable)`);
    }
  }

  await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO withdrawn_certificates (code, withdrawn_at)
         SELECT code, ? FROM certificates WHERE user_id = ?`,
      )
      .bind(now, user.id),
    db
      .prepare(
        `UPDATE payments SET user_id = NULL, attempt_id = NULL, redirect_url = NULL, updated_at = ?
         WHERE user_id = ? OR attempt_id IN (SELECT id FROM test_attempts WHERE user_id = ?)`,
      )
      .bind(now, user.id, user.id),
    db.prepare("DELETE FROM email_outbox WHERE `to` = ?").bind(user.email),
    db.prepare("DELETE FROM coupons WHERE owner_user_id = ?").bind(user.id),
    db.prepare("DELETE FROM test_attempts WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM users WHERE id = ?").bind(user.id),
  ]);

  const ids = attempts.results.map((a) => a.id);
  const cleanups = await Promise.allSettled([
    ...ids.map((id) => attemptStub(env, id).forget()),
    ...ids.flatMap((id) => [
      ...certificateCachePrefixes(id).map((prefix) => deleteKeysWithPrefix(env, prefix)),
      deleteKeysWithPrefix(env, pdfCachePrefix(reportPdfKind(id))),
    ]),
  ]);
  const failed = cleanups.filter((r) => r.status === "rejected").length;
  if (failed > 0) console.warn(`account: deletion clean-up missed ${failed} item(s)`);
  console.log(`account: deleted user=${user.id} (${ids.length} attempts)`);
}

/** Deletes every KV key under a prefix (KV lists at most 1000 keys a page). */
async function deleteKeysWithPrefix(env: Env, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ prefix, cursor });
    await Promise.all(page.keys.map((key) => env.KV.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
