import { and, asc, eq, lt } from "drizzle-orm";
import { database } from "../../db/client";
import { payments } from "../../db/schema";
import { type Background, fulfil } from "../payments/fulfil";
import { orderCreationMs, settleWithProvider } from "../payments/orders";
import { ProviderUnavailableError } from "../payments/provider";
import { applySignal } from "../payments/transitions";

/**
 * Payments left `awaiting` past their checkout's expiry (issue 31.3): the provider never
 * told us how they ended (a lost webhook, or the local test provider, whose checkouts do
 * not expire by themselves). Each is asked of the provider and settled as a closed checkout
 * is: the checkout is expired (which answers its truth: money that arrived meanwhile still
 * wins), the status follows, and the coupon it locked is released. A row that never got a
 * provider checkout (a crash between our insert and the provider's answer) can never be
 * paid: it is marked expired. Bounded per run; a payment the provider cannot be asked about
 * now is tried again on the next run.
 */

/** A checkout's expiry plus this, so the provider's own `expired` event comes first. */
export const awaitingGraceMs = 10 * 60_000;
/** Payments settled in one run: each is one or two provider calls. */
export const awaitingBatch = 20;

export async function sweepAwaitingPayments(
  env: Env,
  background: Background,
  now: number,
): Promise<number> {
  const rows = await database(env.DB)
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, "awaiting"), lt(payments.checkoutExpiresAt, now - awaitingGraceMs)),
    )
    .orderBy(asc(payments.checkoutExpiresAt))
    .limit(awaitingBatch);
  let settled = 0;
  for (const row of rows) {
    try {
      if (row.providerSessionId !== null) {
        await settleWithProvider(env, row, "expire", background);
      } else if (now - row.createdAt >= orderCreationMs) {
        await applySignal(env, { paymentId: row.id, signal: { kind: "expired" } });
        await fulfil(env, row.id, background, now);
      }
      settled += 1;
    } catch (error) {
      // One payment the provider cannot settle now (unreachable), or cannot settle at all (a
      // checkout it no longer knows), never holds the others back: the next run tries again.
      if (error instanceof ProviderUnavailableError) {
        console.warn(`sweeps: payment=${row.id} provider unreachable; tried again next run`);
      } else {
        console.error(
          `sweeps: payment=${row.id} could not be settled; tried again next run`,
          error,
        );
      }
    }
  }
  return settled;
}
