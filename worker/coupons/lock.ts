import { type CouponQuote, discountedCents, type Money } from "../../core/payments/checkout";
import type { CouponProblem } from "./problems";
import { isCouponCode, lockExpiry, normalizeCouponCode } from "./rules";

/**
 * Checking and locking a coupon (docs/decisions/0018-coupons.md, SECURITY.md 23).
 * Invariants:
 * - D1 is the authority. A lock is one conditional insert that counts, in the same
 *   statement, the coupon's consumed uses and the live `held` locks of other attempts,
 *   so concurrent claims cannot both take the last use.
 * - A `held` lock is live until `held_until` (null: until the payment's async result).
 *   `released` locks never count; `consumed` ones always do.
 * - Each attempt holds at most one live lock per code: a new payment of the same attempt
 *   releases its earlier one in the same batch ('from the last attempt', spec section 4).
 * - KV only keeps a copy of the latest lock's expiry for display; nothing decides on it.
 */

interface CouponState {
  percent: number;
  expiresAt: number | null;
  usesAllowed: number;
  ownerUserId: string | null;
  disabledAt: number | null;
  consumed: number;
  heldByOthers: number;
}

/** The coupon's row and its counts at `now`, seen by `attemptId`. */
function readCouponState(db: D1Database, code: string, attemptId: string, now: number) {
  return db
    .prepare(
      `SELECT c.percent, c.expires_at AS expiresAt, c.uses_allowed AS usesAllowed,
         c.owner_user_id AS ownerUserId, c.disabled_at AS disabledAt,
         (SELECT count(*) FROM coupon_locks l
           WHERE l.code = c.code AND l.state = 'consumed') AS consumed,
         (SELECT count(*) FROM coupon_locks l
           WHERE l.code = c.code AND l.state = 'held' AND l.attempt_id <> ?3
             AND (l.held_until IS NULL OR l.held_until > ?2)) AS heldByOthers
       FROM coupons c WHERE c.code = ?1`,
    )
    .bind(code, now, attemptId)
    .first<CouponState>();
}

/** The first problem, in the spec's order; an owner-only coupon does not exist for others. */
function problemOf(coupon: CouponState | null, userId: string, now: number): CouponProblem | null {
  if (!coupon || (coupon.ownerUserId !== null && coupon.ownerUserId !== userId)) return "invalid";
  if (coupon.disabledAt !== null) return "unavailable";
  if (coupon.expiresAt !== null && coupon.expiresAt <= now) return "expired";
  if (coupon.consumed >= coupon.usesAllowed) return "unavailable";
  if (coupon.consumed + coupon.heldByOthers >= coupon.usesAllowed) return "locked";
  return null;
}

/** 'required' for an empty code, 'invalid' for one that cannot exist, else null. */
function codeProblem(code: string): CouponProblem | null {
  if (code === "") return "required";
  return isCouponCode(code) ? null : "invalid";
}

export type CouponCheck = { ok: true; quote: CouponQuote } | { ok: false; problem: CouponProblem };

/** Read-only: what the checkout page shows before paying. Takes nothing. */
export async function checkCoupon(
  env: Env,
  input: { code: string; userId: string; attemptId: string; price: Money; now: number },
): Promise<CouponCheck> {
  const code = normalizeCouponCode(input.code);
  const early = codeProblem(code);
  if (early) return { ok: false, problem: early };
  const coupon = await readCouponState(env.DB, code, input.attemptId, input.now);
  const problem = problemOf(coupon, input.userId, input.now);
  if (problem || !coupon) return { ok: false, problem: problem ?? "invalid" };
  const { cents, currency } = input.price;
  const total = discountedCents(cents, coupon.percent);
  return {
    ok: true,
    quote: {
      code,
      percent: coupon.percent,
      list: input.price,
      discount: { cents: cents - total, currency },
      total: { cents: total, currency },
    },
  };
}

export type CouponLock = { ok: true; percent: number } | { ok: false; problem: CouponProblem };

/** The authoritative claim of one use for `paymentId` (one D1 batch, SECURITY.md 23). */
export async function lockCoupon(
  env: Env,
  input: {
    code: string;
    userId: string;
    attemptId: string;
    paymentId: string;
    now: number;
    lockMs: number;
  },
): Promise<CouponLock> {
  const code = normalizeCouponCode(input.code);
  const early = codeProblem(code);
  if (early) return { ok: false, problem: early };
  const { attemptId, paymentId, now } = input;
  const heldUntil = lockExpiry(now, input.lockMs);
  const [, claim, row] = await env.DB.batch<{ percent: number }>([
    env.DB.prepare(
      `UPDATE coupon_locks SET state = 'released', updated_at = ?3
       WHERE code = ?1 AND attempt_id = ?2 AND state = 'held'`,
    ).bind(code, attemptId, now),
    // ON CONFLICT: the same payment locking again (a retried request) keeps its one row.
    env.DB.prepare(
      `INSERT INTO coupon_locks (payment_id, code, attempt_id, state, held_until, created_at, updated_at)
       SELECT ?1, c.code, ?2, 'held', ?3, ?4, ?4 FROM coupons c
       WHERE c.code = ?5 AND c.disabled_at IS NULL
         AND (c.expires_at IS NULL OR c.expires_at > ?4)
         AND (c.owner_user_id IS NULL OR c.owner_user_id = ?6)
         AND (SELECT count(*) FROM coupon_locks l
               WHERE l.code = c.code AND (l.state = 'consumed' OR (l.state = 'held'
                 AND l.attempt_id <> ?2 AND (l.held_until IS NULL OR l.held_until > ?4)))
             ) < c.uses_allowed
       ON CONFLICT (payment_id) DO UPDATE
         SET state = 'held', held_until = excluded.held_until, updated_at = excluded.updated_at
         WHERE coupon_locks.code = excluded.code AND coupon_locks.state <> 'consumed'`,
    ).bind(paymentId, attemptId, heldUntil, now, code, input.userId),
    env.DB.prepare("SELECT percent FROM coupons WHERE code = ?").bind(code),
  ]);
  const percent = row?.results[0]?.percent;
  if (claim?.meta.changes === 1 && percent !== undefined) {
    await copyLockToKv(env, code, heldUntil, now);
    return { ok: true, percent };
  }
  // Lost: name the problem as the check would. If none shows any more, the coupon changed
  // between the batch and this read (a lock ended meanwhile): 'locked' is what it was.
  const coupon = await readCouponState(env.DB, code, attemptId, now);
  return { ok: false, problem: problemOf(coupon, input.userId, now) ?? "locked" };
}

/** KV's copy of a coupon's latest lock, for display only. */
export function couponLockKey(code: string): string {
  return `coupon-lock:${code}`;
}

/** KV keeps nothing for less than 60 s. */
const kvMinimumTtlSeconds = 60;

async function copyLockToKv(env: Env, code: string, heldUntil: number, now: number) {
  const ttl = Math.max(kvMinimumTtlSeconds, Math.ceil((heldUntil - now) / 1000));
  try {
    await env.KV.put(couponLockKey(code), JSON.stringify({ heldUntil }), { expirationTtl: ttl });
  } catch {
    // A copy for display: KV refusing a write (one per second per key) changes no lock.
  }
}

/** When the latest lock of a coupon ends, as KV last heard (eventually consistent). */
export async function couponLockCopy(
  env: Env,
  code: string,
): Promise<{ heldUntil: number } | null> {
  return env.KV.get<{ heldUntil: number }>(couponLockKey(normalizeCouponCode(code)), "json");
}
