import { type IssuedCoupon, shareCouponPercent } from "../../core/payments/checkout";
import { shareCouponCode } from "./rules";

/**
 * The coupon side of a payment's state change (docs/decisions/0018-coupons.md): statements
 * that the payments' fulfilment (worker/payments/fulfil.ts) runs in one D1 batch for the
 * payment's current state, right after the change. Each one is idempotent, so running
 * them again (a repeated webhook, a retry after a crash) changes nothing more.
 */

/** A Pix or boleto is pending: the lock holds until the async result arrives. */
export function holdLockUntilResultStatements(
  db: D1Database,
  paymentId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE coupon_locks SET held_until = NULL, updated_at = ?2
         WHERE payment_id = ?1 AND state = 'held'`,
      )
      .bind(paymentId, now),
  ];
}

/** The payment ended without money (cancelled, expired, async failure): the use is free. */
export function releaseLockStatements(
  db: D1Database,
  paymentId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE coupon_locks SET state = 'released', updated_at = ?2
         WHERE payment_id = ?1 AND state = 'held'`,
      )
      .bind(paymentId, now),
  ];
}

/**
 * Approved: the use is consumed, even from `released` (money received wins, even when it
 * makes one use more than allowed: the buyer paid the discounted price).
 */
export function consumeLockStatements(
  db: D1Database,
  paymentId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE coupon_locks SET state = 'consumed', held_until = NULL, updated_at = ?2
         WHERE payment_id = ?1 AND state IN ('held', 'released')`,
      )
      .bind(paymentId, now),
  ];
}

/**
 * The two share coupons of an approved purchase: one for the buyer only, one for anyone.
 * Keyed on (issued_by_payment_id, audience), so issuing again adds nothing; a new code that
 * happened to exist already is skipped too, and the next call issues that one.
 */
export function issueShareCouponsStatements(
  db: D1Database,
  input: { paymentId: string; buyerUserId: string; now: number; expiresAt: number },
): D1PreparedStatement[] {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO coupons
       (code, percent, expires_at, uses_allowed, owner_user_id, source,
        issued_by_payment_id, audience, created_at)
     VALUES (?1, ?2, ?3, 1, ?4, 'purchase', ?5, ?6, ?7)`,
  );
  const { paymentId, now, expiresAt } = input;
  return [
    insert.bind(
      shareCouponCode(),
      shareCouponPercent,
      expiresAt,
      input.buyerUserId,
      paymentId,
      "buyer",
      now,
    ),
    insert.bind(shareCouponCode(), shareCouponPercent, expiresAt, null, paymentId, "friend", now),
  ];
}

/** The share coupons a payment issued: the buyer's first. */
export async function listIssuedCoupons(env: Env, paymentId: string): Promise<IssuedCoupon[]> {
  const { results } = await env.DB.prepare(
    `SELECT code, percent, audience, expires_at AS expiresAt FROM coupons
     WHERE issued_by_payment_id = ? ORDER BY audience`,
  )
    .bind(paymentId)
    .all<{
      code: string;
      percent: number;
      audience: "buyer" | "friend";
      expiresAt: number | null;
    }>();
  return results.map((coupon) => ({
    ...coupon,
    expiresAt: coupon.expiresAt === null ? null : new Date(coupon.expiresAt).toISOString(),
  }));
}
