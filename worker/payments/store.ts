import { desc, eq, type SQL } from "drizzle-orm";
import type { PaymentView } from "../../core/payments/checkout";
import {
  isPaymentStatusDetail,
  type PaymentState,
  paymentResult,
  settledStatuses,
} from "../../core/payments/payment-machine";
import { isPaymentStatus } from "../../core/payments/payments";
import { database } from "../../db/client";
import { payments } from "../../db/schema";
import { listIssuedCoupons } from "../coupons";

/** Reading payment rows (docs/decisions/0017-payments.md). */

export type PaymentRow = typeof payments.$inferSelect;

export function stateOf(row: PaymentRow): PaymentState {
  // The column only ever receives the machine's values; anything else is a bug worth naming.
  if (!isPaymentStatus(row.status))
    throw new Error(`payments: payment=${row.id} has an unknown status`);
  const detail = row.statusDetail;
  return { status: row.status, statusDetail: isPaymentStatusDetail(detail) ? detail : null };
}

/** A payment `where` finds (the first one D1 returns), or null. */
async function onePayment(env: Env, where: SQL): Promise<PaymentRow | null> {
  const [row] = await database(env.DB).select().from(payments).where(where).limit(1);
  return row ?? null;
}

export function loadPayment(env: Env, id: string): Promise<PaymentRow | null> {
  return onePayment(env, eq(payments.id, id));
}

export function paymentBySession(env: Env, sessionId: string): Promise<PaymentRow | null> {
  return onePayment(env, eq(payments.providerSessionId, sessionId));
}

export function paymentByProviderPayment(
  env: Env,
  paymentIntentId: string,
): Promise<PaymentRow | null> {
  return onePayment(env, eq(payments.providerPaymentId, paymentIntentId));
}

/** An attempt's payments, newest first. */
export async function paymentsOfAttempt(env: Env, attemptId: string): Promise<PaymentRow[]> {
  return database(env.DB)
    .select()
    .from(payments)
    .where(eq(payments.attemptId, attemptId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function paymentView(env: Env, row: PaymentRow): Promise<PaymentView> {
  // Only an owner sees a view; a payment without an attempt has no owner left (ADR 0023).
  if (row.attemptId === null) throw new Error(`payment=${row.id} has no owner to show it to`);
  const state = stateOf(row);
  return {
    id: row.id,
    attemptId: row.attemptId,
    status: state.status,
    statusDetail: state.statusDetail,
    result: paymentResult(state),
    total: { cents: row.totalCents, currency: row.currency },
    couponCode: row.couponCode,
    createdAt: new Date(row.createdAt).toISOString(),
    issuedCoupons: state.status === "approved" ? await listIssuedCoupons(env, row.id) : [],
  };
}

/**
 * The payment that speaks for an attempt: the newest one where money moved (approved,
 * disputed, refunded...), else the newest of all. A late payment of an old checkout still
 * unlocks the report; a newer failed retry does not hide an older approval.
 */
export function governingPayment<T extends { status: string }>(newestFirst: T[]): T | null {
  return (
    newestFirst.find((p) => (settledStatuses as readonly string[]).includes(p.status)) ??
    newestFirst[0] ??
    null
  );
}
