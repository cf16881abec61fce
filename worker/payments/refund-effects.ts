import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { isLocale } from "../../core/locales/locales";
import { boletoRefundBusinessDays, businessDaysLater } from "../../core/payments/refund";
import { localizePath } from "../../core/web/route-table";
import { database } from "../../db/client";
import { refunds, users } from "../../db/schema";
import { deliver } from "../email/mailer";
import {
  refundFailedMail,
  refundFailedOperatorMail,
  refundReceiptMail,
  refundToSendMail,
} from "../email/templates";
import { optionalSettings } from "../env";
import type { Background } from "./background";
import { loadPayment, type PaymentRow } from "./store";

/**
 * What follows a refund (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md),
 * run by fulfilment for a refunded payment, each step idempotent like the rest of it:
 * - the refund is recorded (a refund made at the provider gets its row when its event
 *   arrives; a buyer's withdrawal has one already);
 * - the purchase's share coupons that were not used are withdrawn (used ones stay used);
 * - the buyer gets the refund's receipt once, and for a boleto the operator gets the Pix to
 *   send once (a conditional update claims each mail; a failure unclaims it).
 * The report locks by the status alone (core/payments/payments.ts reportUnlocked).
 */

/** Where a boleto's refund request goes when REFUND_OPERATOR_EMAIL is not set (development). */
export const devOperatorEmail = "refunds@lumen-iq.test";

export function operatorEmail(env: Env): string {
  return optionalSettings(env).REFUND_OPERATOR_EMAIL ?? devOperatorEmail;
}

interface RefundRecord {
  state: string;
  pixKey: string | null;
  pixKeyType: string | null;
  createdAt: number;
}

export function refundStatements(db: D1Database, paymentId: string, now: number) {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO refunds (payment_id, origin, state, claimed_at, created_at, updated_at)
         VALUES (?1, 'provider', 'refunded', ?2, ?2, ?2)`,
      )
      .bind(paymentId, now),
    // Withdrawn: every share coupon of the purchase that no payment has consumed.
    db
      .prepare(
        `UPDATE coupons SET disabled_at = ?2
         WHERE issued_by_payment_id = ?1 AND disabled_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM coupon_locks l
                           WHERE l.code = coupons.code AND l.state = 'consumed')`,
      )
      .bind(paymentId, now),
  ];
}

/** The refunds columns that mark a mail sent. */
type SentColumn =
  | "receiptSentAt"
  | "operatorNotifiedAt"
  | "failureOperatorMailedAt"
  | "failureBuyerMailedAt";

async function claim(env: Env, column: SentColumn, paymentId: string, now: number, extra?: SQL) {
  const claimed = await database(env.DB)
    .update(refunds)
    .set({ [column]: now })
    .where(and(eq(refunds.paymentId, paymentId), isNull(refunds[column]), extra))
    .returning({ paymentId: refunds.paymentId });
  return claimed.length === 1;
}

async function unclaim(env: Env, column: SentColumn, paymentId: string) {
  await database(env.DB)
    .update(refunds)
    .set({ [column]: null })
    .where(eq(refunds.paymentId, paymentId));
}

async function buyerOf(env: Env, userId: string) {
  const [buyer] = await database(env.DB)
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return buyer ?? null;
}

/** Mails once, by whoever claims `column` first; a failure unclaims it for the next run. */
async function mailOnce(
  env: Env,
  row: PaymentRow,
  column: SentColumn,
  now: number,
  send: () => Promise<void>,
  extra?: SQL,
) {
  if (!(await claim(env, column, row.id, now, extra))) return;
  try {
    await send();
  } catch (error) {
    await unclaim(env, column, row.id);
    throw error;
  }
}

export async function sendRefundMails(
  env: Env,
  row: PaymentRow,
  background: Background,
  now: number,
): Promise<void> {
  const record = await env.DB.prepare(
    `SELECT state, pix_key AS pixKey, pix_key_type AS pixKeyType, created_at AS createdAt
     FROM refunds WHERE payment_id = ?`,
  )
    .bind(row.id)
    .first<RefundRecord>();
  if (!record) return;
  const locale = isLocale(row.locale) ? row.locale : "en";
  const total = { cents: row.totalCents, currency: row.currency };
  const buyer = row.userId ? await buyerOf(env, row.userId) : null;
  const byPix = record.state === "requested" || record.state === "sent";
  if (byPix && record.pixKey) {
    const pixKey = record.pixKey;
    await mailOnce(
      env,
      row,
      "operatorNotifiedAt",
      now,
      () =>
        deliver(
          env,
          refundToSendMail({
            to: operatorEmail(env),
            orderId: row.id,
            total,
            buyerEmail: buyer?.email ?? null,
            pixKey,
            pixKeyType: record.pixKeyType ?? "-",
            deadline: businessDaysLater(record.createdAt, boletoRefundBusinessDays),
          }),
          background,
          "refund to send",
        ),
      isNotNull(refunds.pixKey),
    );
  }
  // A buyer who deleted their account (ADR 0023) gets no receipt.
  if (!buyer || !row.attemptId) return;
  const base = env.BASE_URL.replace(/\/$/, "");
  await mailOnce(env, row, "receiptSentAt", now, () =>
    deliver(
      env,
      refundReceiptMail({
        to: buyer.email,
        name: buyer.name,
        locale,
        orderId: row.id,
        total,
        pixKey: byPix ? record.pixKey : null,
        businessDays: boletoRefundBusinessDays,
        testsLink: `${base}${localizePath("tests", locale)}`,
      }),
      background,
      "refund receipt",
    ),
  );
}

/**
 * A refund the provider accepted and then failed (Stripe's `refund.failed`; ADR 0045
 * amended): the money came back to our balance and is still the buyer's. The refund is
 * marked `failed` with the provider's reason (once: a redelivery changes nothing), logged
 * as an error (a person must act), and the operator and the buyer are each mailed once:
 * the operator to return it another way within the boleto's business days, the buyer that
 * it is coming. The payment stays refunded and the report locked: the buyer withdrew.
 * The event is recorded in `payment_events` in the same batch as the change (SECURITY.md
 * 18): a redelivery answers `duplicate` and changes nothing (its mails, already claimed,
 * are not sent again). Answers `none` when the payment has no refund to fail.
 */
export async function recordRefundFailure(
  env: Env,
  failure: { paymentId: string; eventId: string; eventType: string; reason: string | null },
  background: Background,
  now: number,
): Promise<"recorded" | "duplicate" | "none"> {
  const { paymentId, reason } = failure;
  // Only a refund the provider made for a refunded payment can fail: not a claim still in
  // flight or let go (the payment is approved and the report the buyer's), nor a boleto's.
  const [changed, recorded] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE refunds SET state = 'failed', failure_reason = ?2, updated_at = ?3
       WHERE payment_id = ?1 AND state = 'refunded'
         AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'refunded')`,
    ).bind(paymentId, reason, now),
    env.DB.prepare(
      `INSERT OR IGNORE INTO payment_events (id, payment_id, type, outcome, received_at)
       SELECT ?2, ?1, ?3, NULL, ?4 FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE r.payment_id = ?1 AND r.state IN ('refunded', 'failed', 'sent')
         AND p.status = 'refunded'`,
    ).bind(paymentId, failure.eventId, failure.eventType, now),
  ]);
  if (changed?.meta.changes === 1) {
    console.error(
      `refunds: payment=${paymentId} refund failed at the provider (${reason ?? "no reason given"}): the money must be returned another way (npm run refunds -- list)`,
    );
  }
  const record = await env.DB.prepare(
    `SELECT r.state, r.updated_at AS updatedAt, p.status AS paymentStatus
     FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.payment_id = ?`,
  )
    .bind(paymentId)
    .first<{ state: string; updatedAt: number; paymentStatus: string }>();
  const ours =
    record?.paymentStatus === "refunded" && ["refunded", "failed", "sent"].includes(record.state);
  if (!record || !ours) return "none";
  const outcome = recorded?.meta.changes === 1 ? "recorded" : "duplicate";
  // Returned by the operator already: nothing left to do.
  if (record.state === "sent") return outcome;
  const row = await loadPayment(env, paymentId);
  if (!row || record.state !== "failed") return "none";
  const total = { cents: row.totalCents, currency: row.currency };
  const buyer = row.userId ? await buyerOf(env, row.userId) : null;
  await mailOnce(env, row, "failureOperatorMailedAt", now, () =>
    deliver(
      env,
      refundFailedOperatorMail({
        to: operatorEmail(env),
        orderId: row.id,
        total,
        buyerEmail: buyer?.email ?? null,
        reason,
        deadline: businessDaysLater(record.updatedAt, boletoRefundBusinessDays),
      }),
      background,
      "failed refund to return",
    ),
  );
  // A buyer who deleted their account (ADR 0023) is written to by the operator, if at all.
  if (!buyer) return outcome;
  const locale = isLocale(row.locale) ? row.locale : "en";
  await mailOnce(env, row, "failureBuyerMailedAt", now, () =>
    deliver(
      env,
      refundFailedMail({
        to: buyer.email,
        name: buyer.name,
        locale,
        orderId: row.id,
        total,
        businessDays: boletoRefundBusinessDays,
      }),
      background,
      "failed refund notice",
    ),
  );
  return outcome;
}
