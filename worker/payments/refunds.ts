import {
  boletoRefundBusinessDays,
  checkPixKey,
  type PaidMethod,
  type PixKeyCheck,
  type RefundDone,
  type RefundQuote,
  refundDeadline,
  withinRefundWindow,
} from "../../core/payments/refund";
import { type Background, fulfil } from "./fulfil";
import { ProviderUnavailableError } from "./provider";
import { providerFor } from "./providers";
import { loadPayment, type PaymentRow, stateOf } from "./store";
import { applySignal } from "./transitions";

/**
 * Seven days to change your mind (issue 30.6, CDC art. 49;
 * docs/decisions/0045-seven-days-to-change-your-mind.md). A buyer withdraws from an
 * approved purchase until `refundDeadline`:
 * - card and Pix: the provider refunds the whole payment (idempotency key
 *   `refund:{paymentId}`), and the payment moves to `refunded` at once;
 * - boleto (the provider cannot refund it): the buyer's Pix key is recorded, the payment
 *   moves to `refunded`, and the operator is mailed the Pix to send.
 * One request wins: the `refunds` row (one per payment) is claimed by a conditional
 * upsert over an approved payment; a claim left by a request that died is taken over
 * after `claimLeaseMs`. The state change is the same `applySignal` as a provider's event,
 * recorded once under `refund:{paymentId}`; fulfilment then withdraws the unused share
 * coupons and sends the mails (refund-effects.ts).
 */

/** A claim older than this belongs to a request that died: the next one takes it over. */
export const claimLeaseMs = 60_000;

export type RefundRefusal =
  | { kind: "notApproved"; status: ReturnType<typeof stateOf>["status"] }
  | { kind: "alreadyRefunded" }
  | { kind: "windowClosed"; until: number }
  | { kind: "inProgress" };

export type QuoteOutcome =
  | { kind: "quote"; quote: RefundQuote }
  | RefundRefusal
  | { kind: "unavailable" };

export type RefundOutcome =
  | { kind: "done"; done: RefundDone }
  | RefundRefusal
  | { kind: "pixKey"; problem: Extract<PixKeyCheck, { ok: false }>["problem"] }
  | { kind: "unavailable" };

/** Why this payment cannot be withdrawn from now, or null when it can. */
export function refusalOf(row: PaymentRow, now: number): RefundRefusal | null {
  const { status } = stateOf(row);
  if (status === "refunded") return { kind: "alreadyRefunded" };
  if (status !== "approved" || row.approvedAt === null) return { kind: "notApproved", status };
  if (!withinRefundWindow(row.approvedAt, now)) {
    return { kind: "windowClosed", until: refundDeadline(row.approvedAt) };
  }
  return null;
}

async function paymentIntentOf(env: Env, row: PaymentRow): Promise<string | null> {
  if (row.providerPaymentId) return row.providerPaymentId;
  if (!row.providerSessionId) return null;
  return (await providerFor(env).readCheckout(row.providerSessionId)).paymentIntentId;
}

async function methodOf(env: Env, row: PaymentRow): Promise<PaidMethod | null> {
  const intent = await paymentIntentOf(env, row);
  return intent ? providerFor(env).paidMethod(intent) : null;
}

function baseOf(row: PaymentRow) {
  if (row.attemptId === null) throw new Error(`payment=${row.id} has no owner to refund`);
  return {
    paymentId: row.id,
    attemptId: row.attemptId,
    total: { cents: row.totalCents, currency: row.currency },
  };
}

/** What the confirm page shows: the amount, how it comes back, until when. */
export async function quoteRefund(env: Env, row: PaymentRow, now: number): Promise<QuoteOutcome> {
  const refusal = refusalOf(row, now);
  if (refusal) return refusal;
  let method: PaidMethod | null;
  try {
    method = await methodOf(env, row);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error(`refunds: payment=${row.id} method unknown: ${error.message}`);
    return { kind: "unavailable" };
  }
  if (method === null) return { kind: "unavailable" };
  const until = new Date(refundDeadline(row.approvedAt ?? now)).toISOString();
  return {
    kind: "quote",
    quote: { ...baseOf(row), method, until, businessDays: boletoRefundBusinessDays },
  };
}

/** Takes the payment's refund for this request, or answers false when another has it. */
async function claimRefund(
  env: Env,
  row: PaymentRow,
  method: PaidMethod,
  pix: { key: string; type: string } | null,
  now: number,
): Promise<boolean> {
  const result = await env.DB.prepare(
    `INSERT INTO refunds (payment_id, origin, method, state, pix_key, pix_key_type,
                          claimed_at, created_at, updated_at)
     SELECT ?1, 'buyer', ?2, 'claimed', ?3, ?4, ?5, ?5, ?5
     WHERE EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'approved')
     ON CONFLICT (payment_id) DO UPDATE SET
       method = excluded.method, pix_key = excluded.pix_key, pix_key_type = excluded.pix_key_type,
       claimed_at = excluded.claimed_at, updated_at = excluded.updated_at
     WHERE refunds.state = 'claimed' AND refunds.claimed_at < ?6`,
  )
    .bind(row.id, method, pix?.key ?? null, pix?.type ?? null, now, now - claimLeaseMs)
    .run();
  return result.meta.changes === 1;
}

/** A provider that failed: the claim is let go at once, so the buyer can try again. */
async function releaseClaim(env: Env, paymentId: string): Promise<void> {
  await env.DB.prepare(
    "UPDATE refunds SET claimed_at = 0 WHERE payment_id = ? AND state = 'claimed'",
  )
    .bind(paymentId)
    .run();
}

async function settle(
  env: Env,
  row: PaymentRow,
  state: "refunded" | "requested",
  providerRefundId: string | null,
  background: Background,
  now: number,
): Promise<void> {
  await env.DB.prepare(
    `UPDATE refunds SET state = ?2, provider_refund_id = coalesce(?3, provider_refund_id),
       updated_at = ?4 WHERE payment_id = ?1 AND state = 'claimed'`,
  )
    .bind(row.id, state, providerRefundId, now)
    .run();
  await applySignal(
    env,
    {
      paymentId: row.id,
      signal: { kind: "refunded" },
      event: { id: `refund:${row.id}`, type: "refund.requested" },
    },
    now,
  );
  await fulfil(env, row.id, background, now);
}

/**
 * The buyer's withdrawal: checked, claimed, refunded by the provider (card, Pix) or
 * recorded for the operator (boleto), the payment moved to `refunded` and fulfilled.
 */
export async function requestRefund(
  env: Env,
  row: PaymentRow,
  input: { pixKey?: string | undefined },
  background: Background,
  now = Date.now(),
): Promise<RefundOutcome> {
  const refusal = refusalOf(row, now);
  if (refusal) return refusal;
  let method: PaidMethod | null;
  let intent: string | null;
  try {
    intent = await paymentIntentOf(env, row);
    method = intent ? await providerFor(env).paidMethod(intent) : null;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    console.error(`refunds: payment=${row.id} method unknown: ${error.message}`);
    return { kind: "unavailable" };
  }
  if (method === null || intent === null) return { kind: "unavailable" };

  let pix: { key: string; type: string } | null = null;
  if (method === "boleto") {
    const checked = checkPixKey(input.pixKey ?? "");
    if (!checked.ok) return { kind: "pixKey", problem: checked.problem };
    pix = { key: checked.key, type: checked.type };
  }

  if (!(await claimRefund(env, row, method, pix, now))) {
    // Another request has it, or it finished meanwhile.
    const current = await loadPayment(env, row.id);
    return (current && refusalOf(current, now)) ?? { kind: "inProgress" };
  }

  const base = baseOf(row);
  const businessDays = boletoRefundBusinessDays;
  if (method === "boleto") {
    await settle(env, row, "requested", null, background, now);
    console.log(`refunds: payment=${row.id} boleto refund requested (Pix to send)`);
    return { kind: "done", done: { ...base, method, state: "requested", businessDays } };
  }
  let refundId: string;
  try {
    ({ refundId } = await providerFor(env).refundPayment({
      orderId: row.id,
      paymentIntentId: intent,
      idempotencyKey: `refund:${row.id}`,
    }));
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    await releaseClaim(env, row.id);
    console.error(`refunds: payment=${row.id} refund failed: ${error.message}`);
    return { kind: "unavailable" };
  }
  await settle(env, row, "refunded", refundId, background, now);
  console.log(`refunds: payment=${row.id} refunded by the provider (${method})`);
  return { kind: "done", done: { ...base, method, state: "refunded", businessDays } };
}
