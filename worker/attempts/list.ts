import { desc, eq } from "drizzle-orm";
import type { ProfiledUser } from "../../core/accounts/account";
import type { AttemptListRow } from "../../core/attempts/attempts-list";
import { type PaymentStatus, reportAwaitsPayment } from "../../core/payments/payments";
import { refundOffer } from "../../core/payments/refund";
import { database } from "../../db/client";
import { payments, testAttempts, testResults } from "../../db/schema";
import { governingPayment, stateOf } from "../payments/store";
import { type AttemptRow, attemptStub, loadAttempt } from "./lookup";
import { resultOf } from "./results";

/**
 * 'My IQ tests' (docs/decisions/0011-tests-list.md): the signed-in user's attempts,
 * newest first, and only theirs (SECURITY.md 14). A listing stops at this many rows: each
 * finished attempt without a stored result is scored on the way, once.
 */
export const maxListedAttempts = 100;

/** A D1 row still marked in progress may be over: its Durable Object has the last word. */
async function settle(env: Env, row: AttemptRow): Promise<AttemptRow | null> {
  const snapshot = await attemptStub(env, row.id).state();
  // Never started, or its storage is gone: nothing to continue, nothing to show.
  if (!snapshot) return null;
  if (snapshot.status === "in_progress") return row;
  return (await loadAttempt(env, row.id)) ?? null;
}

export async function listAttempts(env: Env, user: ProfiledUser): Promise<AttemptListRow[]> {
  const rows = await database(env.DB)
    .select({
      attempt: testAttempts,
      iq: testResults.iq,
      iqLabel: testResults.iqLabel,
      low: testResults.intervalLow,
      high: testResults.intervalHigh,
    })
    .from(testAttempts)
    .leftJoin(testResults, eq(testResults.attemptId, testAttempts.id))
    .where(eq(testAttempts.userId, user.id))
    .orderBy(desc(testAttempts.startedAt), desc(testAttempts.id))
    .limit(maxListedAttempts);

  const paymentRows = await database(env.DB)
    .select()
    .from(payments)
    .where(eq(payments.userId, user.id))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const byAttempt = new Map<string, typeof paymentRows>();
  for (const row of paymentRows) {
    if (row.attemptId) byAttempt.set(row.attemptId, [...(byAttempt.get(row.attemptId) ?? []), row]);
  }
  const now = Date.now();
  /** What a finished row says of its report's payment: the one that governs it. */
  const paymentOf = (attemptId: string) => {
    const governing = governingPayment(byAttempt.get(attemptId) ?? []);
    if (!governing) return { paymentStatus: null, refund: null, pendingPaymentId: null };
    const status: PaymentStatus = stateOf(governing).status;
    return {
      paymentStatus: status,
      refund: refundOffer(governing, now),
      pendingPaymentId: reportAwaitsPayment(status) ? governing.id : null,
    };
  };

  const list: AttemptListRow[] = [];
  let running = false;
  for (const { attempt, iq, iqLabel, low, high } of rows) {
    const row = attempt.status === "in_progress" ? await settle(env, attempt) : attempt;
    if (!row) continue;
    const { id, finishedAt } = row;
    if (row.status === "in_progress") {
      // The newest running attempt is the one the test page resumes ('Continue'); an
      // older one (left by a restart) shows up once its own deadline has ended it.
      if (running) continue;
      running = true;
      const date = new Date(row.startedAt).toISOString();
      list.push({
        id,
        date,
        status: "in_progress",
        iq: null,
        iqLabel: null,
        interval: null,
        paymentStatus: null,
      });
    } else if (finishedAt === null) {
      console.warn(`tests: attempt=${id} is ${row.status} without an end time`);
    } else if (row.status === "rejected") {
      const date = new Date(finishedAt).toISOString();
      list.push({
        id,
        date,
        status: "rejected",
        iq: null,
        iqLabel: null,
        interval: null,
        paymentStatus: null,
      });
    } else {
      const scored =
        iq !== null && iqLabel !== null && low !== null && high !== null
          ? { iq, iqLabel, interval: { low, high } }
          : await resultOf(env, { ...row, finishedAt }, user);
      list.push({
        id,
        date: new Date(finishedAt).toISOString(),
        status: "finished",
        iq: scored.iq,
        iqLabel: scored.iqLabel,
        interval: scored.interval,
        ...paymentOf(id),
      });
    }
  }
  return list;
}
