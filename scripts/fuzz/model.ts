import {
  advance,
  mapSignal,
  type PaymentSignal,
  settledStatuses,
} from "../../core/payments/payment-machine.ts";
import type { PaymentStatus } from "../../core/payments/payments.ts";
import type { Device, Tally } from "./client.ts";

/**
 * What the fuzzer believes the server holds (docs/decisions/0030-stateful-fuzzer.md): the
 * people it plays, their devices, their attempts and payments, the coupons they were
 * given. Each command predicts the server's answer from this, checks it, then updates it.
 */

export type Letter = "A" | "B" | "C" | "D";
export const letters: readonly Letter[] = ["A", "B", "C", "D"];

export const questionCodes: readonly string[] = ["SM", "RA", "RE", "RL"].flatMap((category) =>
  Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);

export interface PaymentM {
  id: string;
  sessionId: string;
  attempt: AttemptM;
  currency: "USD" | "BRL";
  status: PaymentStatus;
  detail: string | null;
  coupon: string | null;
  /** Money moved at some point: the coupon's use was consumed. */
  settledOnce: boolean;
  /**
   * Approved by a signed event reporting money on a checkout already closed (expired or
   * cancelled), which the provider cannot send: its coupon use is not counted.
   */
  lateMoney: boolean;
}

export interface AttemptM {
  id: string;
  /** The person whose account it belongs to; null while anonymous. */
  owner: Person | null;
  /** Whose browser holds its cookie (until that browser starts another). */
  holder: Person | null;
  /** `ended`: its time ran out and nobody has seen yet how it was judged. */
  status: "in_progress" | "finished" | "rejected" | "ended";
  /** Moved past its deadline and grace by the development clock. */
  timedOut: boolean;
  answers: Record<string, Letter>;
  /** Accepted answers, changed ones included (the click-through rule counts these). */
  arrivals: number;
  payments: PaymentM[];
}

export interface Person {
  index: number;
  name: string;
  email: string;
  password: string;
  /** The browser the person acts in. */
  main: Device;
  /** A second browser, signed in throughout, that reads the person's own state. */
  auditor: Device;
  signedIn: boolean;
  /** Session tokens that were ended (logout, password change elsewhere, sign-out everywhere). */
  ended: string[];
  /** Attempts the person owns or whose cookie they hold, oldest first. */
  attempts: AttemptM[];
}

export interface IssuedCouponM {
  code: string;
  audience: "buyer" | "friend";
  /** Who bought the report that issued it. */
  buyer: Person;
  /** The purchase that issued it: refunded, it withdraws its coupons (ADR 0045). */
  issuedBy: PaymentM;
}

export interface World {
  base: string;
  runId: string;
  tally: Tally;
  trail: string[];
  people: Person[];
  coupons: IssuedCouponM[];
  /**
   * Webhook payloads already taken, for replays (duplicates must change nothing). A
   * `refund.failed` is recorded only while its payment has a refund (`recorded`): until
   * then a replay of it is not a duplicate.
   */
  delivered: { payload: string; payment: PaymentM; refundFailure?: { recorded: boolean } }[];
  /** A run counts its steps against the whole fuzz's budget. */
  budget: Budget;
}

export interface Budget {
  steps: number;
  /** Steps replayed while shrinking (not counted against the budget). */
  shrinkSteps: number;
  maxSteps: number;
  deadline: number;
  /** Once a run failed, its replays while shrinking ignore the budget. */
  shrinking: boolean;
}

export function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

/** Whether this person's requests act as the attempt's owner (worker/attempts/access.ts). */
export function actsAsOwner(person: Person, attempt: AttemptM): boolean {
  if (person.signedIn && attempt.owner === person) return true;
  const cookie = person.main.attemptCookie;
  if (!cookie?.startsWith(`${attempt.id}.`)) return false;
  return attempt.owner === null || attempt.owner === person || !person.signedIn;
}

/** Final for good: no answer may land any more. */
export function isOver(attempt: AttemptM): boolean {
  return attempt.status !== "in_progress" || attempt.timedOut;
}

/** With ten or fewer answers neither rejection rule can apply (core/attempts/attempt-rules.ts). */
export function mustBeFinished(attempt: AttemptM): boolean {
  return attempt.arrivals <= 10;
}

export function isSettled(status: PaymentStatus): boolean {
  return settledStatuses.includes(status);
}

/** The payment that speaks for an attempt: the newest settled one, else the newest. */
export function governing(attempt: AttemptM): PaymentM | null {
  const newestFirst = [...attempt.payments].reverse();
  return newestFirst.find((p) => isSettled(p.status)) ?? newestFirst[0] ?? null;
}

/** Whether a new checkout may start (core/payments/payments.ts canBuyReport, plus `awaiting`). */
export function canPay(attempt: AttemptM): boolean {
  const g = governing(attempt);
  return (
    g === null || ["awaiting", "rejected", "failure", "cancelled"].includes(g.status as string)
  );
}

/** A coupon's lock is live for these statuses (worker/coupons/README.md). */
export function holdsLock(status: PaymentStatus): boolean {
  return ["awaiting", "pending", "in_process", "rejected"].includes(status);
}

const allSignals: PaymentSignal[] = [
  { kind: "buyer_returned" },
  { kind: "paid" },
  { kind: "authorized" },
  { kind: "awaiting_transfer" },
  { kind: "processing", manualReview: false },
  { kind: "declined", declineCode: null },
  { kind: "cancelled_by_buyer" },
  { kind: "expired" },
  { kind: "transfer_expired" },
  { kind: "refunded" },
  { kind: "dispute_opened" },
  { kind: "dispute_won" },
  { kind: "dispute_lost" },
  { kind: "provider_unreachable" },
  { kind: "coupon_claimed" },
];

/** Every status, as the signals map to them (`buyer_returned` gives `awaiting`). */
const statuses = [...new Set(allSignals.map((signal) => mapSignal(signal).status))];

/** Statuses reachable from each status by any sequence of signals (forward moves only). */
const reachable: Map<PaymentStatus, Set<PaymentStatus>> = (() => {
  const step = new Map<PaymentStatus, Set<PaymentStatus>>();
  for (const status of statuses) {
    const next = new Set<PaymentStatus>([status]);
    for (const detail of [null, "accredited"]) {
      for (const signal of allSignals) {
        const moved = advance({ status, statusDetail: detail as null }, signal);
        if (moved) next.add(moved.status as PaymentStatus);
      }
    }
    step.set(status, next);
  }
  const closure = new Map<PaymentStatus, Set<PaymentStatus>>();
  for (const status of statuses) {
    const seen = new Set<PaymentStatus>([status]);
    const queue = [status];
    while (queue.length > 0) {
      const at = queue.pop() as PaymentStatus;
      for (const to of step.get(at) ?? []) {
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    closure.set(status, seen);
  }
  return closure;
})();

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return reachable.get(from)?.has(to) ?? false;
}

/** The state a signal leads to from the payment's known state (core/payments/payment-machine.ts). */
export function afterSignal(payment: PaymentM, signal: PaymentSignal): PaymentStatus {
  const moved = advance({ status: payment.status, statusDetail: payment.detail as null }, signal);
  return (moved?.status as PaymentStatus | undefined) ?? payment.status;
}
