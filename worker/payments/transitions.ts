import {
  advance,
  type PaymentSignal,
  type PaymentState,
} from "../../core/payments/payment-machine";
import { isUniqueViolation } from "../../db/client";
import { loadPayment, type PaymentRow, stateOf } from "./store";

/**
 * Moving a payment (docs/decisions/0017-payments.md, SECURITY.md 18-19). One D1 batch
 * records the provider event and writes the new state, both only over the version the
 * change was computed from: a duplicate event fails on the events table's key and changes
 * nothing; a concurrent change makes the batch write nothing, and the change is computed
 * again from the new state. Whatever the order or number of deliveries, the end state is
 * the one the state machine gives.
 */

export interface SignalInput {
  paymentId: string;
  signal: PaymentSignal;
  /** The provider's event (`<provider>:<id>`), stored once; absent for reads of the provider. */
  event?: { id: string; type: string };
  /** The provider's payment id, recorded the first time it is seen. */
  providerPaymentId?: string | null;
}

export type SignalOutcome =
  | { kind: "duplicate" }
  | { kind: "missing" }
  | { kind: "applied"; row: PaymentRow; changed: boolean; from: PaymentState };

const maxRounds = 8;

async function eventSeen(env: Env, eventId: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT 1 FROM payment_events WHERE id = ?")
    .bind(eventId)
    .first();
  return row !== null;
}

export async function applySignal(
  env: Env,
  input: SignalInput,
  now = Date.now(),
): Promise<SignalOutcome> {
  const { paymentId, signal, event } = input;
  if (event && (await eventSeen(env, event.id))) return { kind: "duplicate" };

  for (let round = 0; round < maxRounds; round += 1) {
    const row = await loadPayment(env, paymentId);
    if (!row) return { kind: "missing" };
    const from = stateOf(row);
    const next = advance(from, signal);
    const statements: D1PreparedStatement[] = [];
    if (event) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO payment_events (id, payment_id, type, outcome, received_at)
           SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM payments WHERE id = ? AND version = ?)`,
        ).bind(event.id, paymentId, event.type, next?.status ?? null, now, paymentId, row.version),
      );
    }
    const knownPayment = input.providerPaymentId ?? null;
    const recordsPayment = knownPayment !== null && row.providerPaymentId === null;
    if (next || recordsPayment) {
      const target = next ?? from;
      statements.push(
        env.DB.prepare(
          `UPDATE payments SET status = ?, status_detail = ?, version = version + 1, updated_at = ?,
             approved_at = CASE WHEN ? = 'approved' THEN coalesce(approved_at, ?) ELSE approved_at END,
             provider_payment_id = coalesce(provider_payment_id, ?)
           WHERE id = ? AND version = ?`,
        ).bind(
          target.status,
          target.statusDetail,
          now,
          target.status,
          now,
          knownPayment,
          paymentId,
          row.version,
        ),
      );
    }
    if (statements.length === 0) return { kind: "applied", row, changed: false, from };

    let results: D1Result[];
    try {
      results = await env.DB.batch(statements);
    } catch (error) {
      // Another delivery of the same event won the insert: it did the work.
      if (event && isUniqueViolation(error)) return { kind: "duplicate" };
      throw error;
    }
    const written = results.every((result) => result.meta.changes === 1);
    if (written) {
      const after = next || recordsPayment ? await loadPayment(env, paymentId) : row;
      return { kind: "applied", row: after ?? row, changed: next !== null, from };
    }
    // The version moved under us; nothing was written. Compute again from the new state.
    if (event && (await eventSeen(env, event.id))) return { kind: "duplicate" };
  }
  throw new Error(
    `payments: payment=${paymentId} kept changing; gave up after ${maxRounds} rounds`,
  );
}
