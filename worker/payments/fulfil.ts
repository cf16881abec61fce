import { eq } from "drizzle-orm";
import { localizePath } from "../../core/web/route-table";
import { payments } from "../../db/schema";
import {
  consumeLockStatements,
  holdLockUntilResultStatements,
  issueShareCouponsStatements,
  listIssuedCoupons,
  releaseLockStatements,
  shareCouponLifetimeMs,
} from "../coupons";
import { paymentReceiptMail } from "../email/templates";
import type { Background } from "./background";
import { mailBuyerOnce } from "./mail-once";
import { sendPendingMailOnce } from "./pending-mail";
import { refundStatements, sendRefundMails } from "./refund-effects";
import { loadPayment, type PaymentRow, stateOf } from "./store";

/**
 * Fulfilment (SECURITY.md 19): the effects that follow from a payment's CURRENT state, each
 * idempotent, so calling it again, or concurrently, or after a crash halfway, converges on
 * the same result. It never decides a state; the state machine did.
 *
 * - approved: the coupon's use is consumed, two share coupons are issued, a receipt is sent
 *   once. The report unlocks by the status itself (core/payments/payments.ts reportUnlocked).
 * - pending (Pix, boleto): the coupon stays locked until the transfer's result; an e-mail
 *   with a link back to the pending page is sent once (pending-mail.ts).
 * - cancelled or failed: the coupon is released at once.
 * - refunded, charged back: the report locks again by the status; the coupon stays used.
 *   A refund also withdraws the purchase's unused share coupons and sends its receipt
 *   (refund-effects.ts).
 */

export type { Background };

export async function fulfil(
  env: Env,
  paymentId: string,
  background: Background,
  now = Date.now(),
): Promise<PaymentRow | null> {
  const row = await loadPayment(env, paymentId);
  if (!row) return null;
  const { status } = stateOf(row);
  const statements: D1PreparedStatement[] = [];
  if (status === "approved") {
    if (row.couponCode) statements.push(...consumeLockStatements(env.DB, row.id, now));
    // A buyer who deleted their account (ADR 0023) gets no coupons and no receipt.
    if (row.userId) {
      statements.push(
        ...issueShareCouponsStatements(env.DB, {
          paymentId: row.id,
          buyerUserId: row.userId,
          now,
          expiresAt: now + shareCouponLifetimeMs,
        }),
      );
    }
  } else if (row.couponCode && status === "pending") {
    statements.push(...holdLockUntilResultStatements(env.DB, row.id, now));
  } else if (row.couponCode && (status === "cancelled" || status === "failure")) {
    statements.push(...releaseLockStatements(env.DB, row.id, now));
  }
  if (status === "refunded") statements.push(...refundStatements(env.DB, row.id, now));
  if (statements.length > 0) await env.DB.batch(statements);
  if (status === "approved") await sendReceiptOnce(env, row, background, now);
  if (status === "refunded") await sendRefundMails(env, row, background, now);
  // A Pix or boleto to pay: a link back to its code (ADR 0044).
  if (stateOf(row).statusDetail === "pending_waiting_transfer") {
    await sendPendingMailOnce(env, row, background, now);
  }
  return row;
}

/** The receipt goes once (mail-once.ts: whoever marks it sent first sends it). */
function sendReceiptOnce(env: Env, row: PaymentRow, background: Background, now: number) {
  return mailBuyerOnce(
    env,
    row,
    {
      column: "receiptSentAt",
      state: eq(payments.status, "approved"),
      purpose: "payment receipt",
      build: async (buyer, { locale, base, attemptId }) =>
        paymentReceiptMail({
          to: buyer.email,
          name: buyer.name,
          locale,
          orderId: row.id,
          total: { cents: row.totalCents, currency: row.currency },
          couponCode: row.couponCode,
          reportLink: `${base}${localizePath("report", locale, { id: attemptId })}`,
          testsLink: `${base}${localizePath("tests", locale)}`,
          coupons: await listIssuedCoupons(env, row.id),
        }),
    },
    background,
    now,
  );
}
