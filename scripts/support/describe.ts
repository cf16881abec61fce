/**
 * The support tool's answers as an operator reads them: grouped, in plain words, times in
 * UTC ISO 8601, money as "19.90 USD". Only what queries.ts selected can be printed, and
 * queries.ts selects no secret; the only e-mail shown is the account's own.
 */
import type { Row } from "../d1.ts";
import { explanation, governing, reportLine, resultPage, statusLabel } from "./buyer-view.ts";

export interface Account {
  id: string;
  name: string;
  email: string;
  createdAt: number;
  emailVerified: number;
  hasPassword: number;
}

export interface Attempt {
  id: string;
  status: string;
  startedAt: number;
  deadline: number;
  finishedAt: number | null;
  endedBy: string | null;
  rejectionReason: string | null;
  bankVersion: string;
  parameterVersion: string | null;
  locale: string;
  country: string | null;
  answeredCount: number;
  hasResult: number;
  iq: number | null;
  iqLabel: string | null;
  intervalLow: number | null;
  intervalHigh: number | null;
  band: string | null;
  rawTotal: number | null;
  normsVersion: string | null;
  scoringVersion: string | null;
  certificateCode: string | null;
  certificateIssuedAt: number | null;
}

export interface Payment {
  id: string;
  attemptId: string | null;
  hasBuyer: number;
  provider: string;
  providerSessionId: string | null;
  providerPaymentId: string | null;
  status: string;
  statusDetail: string | null;
  currency: string;
  listCents: number;
  discountPercent: number;
  totalCents: number;
  couponCode: string | null;
  locale: string;
  checkoutExpiresAt: number;
  createdAt: number;
  updatedAt: number;
  approvedAt: number | null;
  receiptSentAt: number | null;
  couponLock: string | null;
  refund: Refund | null;
}

/** A payment's refund (ADR 0045), without its Pix key. */
export interface Refund {
  origin: "buyer" | "provider";
  method: string | null;
  state: "claimed" | "refunded" | "requested" | "failed" | "sent";
  hasPixKey: number;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
  operatorMailedAt: number | null;
  buyerMailedAt: number | null;
}

export interface PaymentEvent {
  id: string;
  paymentId: string | null;
  type: string;
  outcome: string | null;
  receivedAt: number;
}

export interface Coupon {
  code: string;
  percent: number;
  expiresAt: number | null;
  usesAllowed: number;
  disabledAt: number | null;
  source: string;
  issuedByPaymentId: string | null;
  audience: string | null;
  ownedByAccount: number;
  used: number;
  held: number;
}

export interface UnsentMail {
  subject: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
}

export interface FindAnswer {
  account: Account;
  google: { provider: string; linkedAt: number }[];
  liveSessions: number;
  attempts: Attempt[];
  payments: Payment[];
  events: PaymentEvent[];
  coupons: Coupon[];
  unsentMail: UnsentMail[];
  sentMail: number;
}

export interface PaymentAnswer {
  payment: Payment;
  buyer: { id: string; email: string } | null;
  attempt: Attempt | null;
  attemptPayments: Payment[];
  events: PaymentEvent[];
  coupons: Coupon[];
}

function json<T>(value: Row[string] | undefined, fallback: T): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : fallback;
}

/** The row of findSql, or null when no account has the e-mail. */
export function readFind(row: Row | undefined): FindAnswer | null {
  const account = json<Account | null>(row?.account, null);
  if (!row || !account) return null;
  return {
    account,
    google: json(row.google, []),
    liveSessions: Number(row.liveSessions ?? 0),
    attempts: json<Attempt[]>(row.attempts, []).sort((a, b) => b.startedAt - a.startedAt),
    payments: newestFirst(json(row.payments, [])),
    events: inOrder(json(row.events, [])),
    coupons: json(row.coupons, []),
    unsentMail: json<UnsentMail[]>(row.unsentMail, []).sort((a, b) => a.createdAt - b.createdAt),
    sentMail: Number(row.sentMail ?? 0),
  };
}

/** The row of paymentSql, or null when no payment has the id. */
export function readPayment(row: Row | undefined): PaymentAnswer | null {
  const payment = json<Payment | null>(row?.payment, null);
  if (!row || !payment) return null;
  const attemptPayments = newestFirst(json<Payment[]>(row.attemptPayments, []));
  return {
    payment,
    buyer: json(row.buyer, null),
    attempt: json(row.attempt, null),
    attemptPayments: attemptPayments.length > 0 ? attemptPayments : [payment],
    events: inOrder(json(row.events, [])),
    coupons: json(row.coupons, []),
  };
}

/** store.ts `paymentsOfAttempt`'s order: newest first, then by id. */
function newestFirst(payments: Payment[]): Payment[] {
  return payments.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

function inOrder(events: PaymentEvent[]): PaymentEvent[] {
  return events.sort((a, b) => a.receivedAt - b.receivedAt || (a.id < b.id ? -1 : 1));
}

/** 2026-11-28T19:42:22Z (UTC, to the second). */
export function utc(ms: number | null): string {
  return ms === null ? "-" : `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

const yesNo = (value: number | boolean) => (value ? "yes" : "no");

function attemptLines(attempt: Attempt): string[] {
  const ended =
    attempt.status === "in_progress"
      ? `in progress, deadline ${utc(attempt.deadline)}`
      : `${attempt.status}${attempt.endedBy ? ` (ended by ${attempt.endedBy === "time" ? "the clock" : "the taker"})` : ""} at ${utc(attempt.finishedAt)}`;
  const lines = [
    `Attempt ${attempt.id}`,
    `  started ${utc(attempt.startedAt)}, ${ended}`,
    `  questions: ${attempt.bankVersion}${attempt.parameterVersion ? ` (parameters ${attempt.parameterVersion})` : ""}, ${attempt.answeredCount} answered; language ${attempt.locale}, country ${attempt.country ?? "unknown"}`,
  ];
  if (attempt.rejectionReason)
    lines.push(`  rejected by the timing rule '${attempt.rejectionReason}'`);
  lines.push(
    attempt.hasResult
      ? `  result: IQ ${attempt.iqLabel ?? attempt.iq}, 95% interval ${attempt.intervalLow}-${attempt.intervalHigh}, band ${attempt.band}, ${attempt.rawTotal} right, norms ${attempt.normsVersion}${attempt.scoringVersion ? `, scored by ${attempt.scoringVersion}` : ""}`
      : "  result: none",
  );
  lines.push(
    attempt.certificateCode
      ? `  certificate: ${attempt.certificateCode} (issued ${utc(attempt.certificateIssuedAt)})`
      : "  certificate: none",
  );
  return lines;
}

function paymentLines(
  payment: Payment,
  events: PaymentEvent[],
  coupons: Coupon[],
  now: number,
  indent: string,
): string[] {
  const detail = payment.statusDetail ? ` (${payment.statusDetail})` : "";
  const words = [statusLabel(payment.status), explanation(payment.status, payment.statusDetail)]
    .filter(Boolean)
    .join(": ");
  const price =
    payment.discountPercent > 0
      ? `${money(payment.totalCents, payment.currency)} (list ${money(payment.listCents, payment.currency)}, ${payment.discountPercent}% off)`
      : money(payment.totalCents, payment.currency);
  const lines = [
    `Payment ${payment.id}: ${payment.status}${detail}, "${words}"`,
    `  amount ${price}`,
    `  coupon used: ${payment.couponCode ? `${payment.couponCode} (lock ${payment.couponLock ?? "none"})` : "none"}`,
    `  provider ${payment.provider}: checkout ${payment.providerSessionId ?? "-"}, payment ${payment.providerPaymentId ?? "-"}`,
    `  created ${utc(payment.createdAt)}, checkout open until ${utc(payment.checkoutExpiresAt)}, updated ${utc(payment.updatedAt)}, approved ${utc(payment.approvedAt)}, receipt sent ${utc(payment.receiptSentAt)}`,
  ];
  if (payment.refund) lines.push(`  refund: ${refundWords(payment.refund)}`);
  const own = events.filter((event) => event.paymentId === payment.id);
  lines.push(own.length === 0 ? "  provider events: none" : "  provider events, in order:");
  for (const event of own) {
    lines.push(
      `    ${utc(event.receivedAt)} ${event.type} -> ${event.outcome ?? "no change"} (${event.id})`,
    );
  }
  const issued = coupons.filter((coupon) => coupon.issuedByPaymentId === payment.id);
  lines.push(issued.length === 0 ? "  share coupons issued: none" : "  share coupons issued:");
  for (const coupon of issued) lines.push(`    ${couponLine(coupon, now)}`);
  return lines.map((line) => indent + line);
}

/** Where a refund stands and what, if anything, a person still has to do. */
function refundWords(refund: Refund): string {
  const asked =
    refund.origin === "buyer"
      ? `asked by the buyer ${utc(refund.createdAt)}`
      : `made at the provider ${utc(refund.createdAt)}`;
  const by = refund.method ? ` (${refund.method})` : "";
  const mails = `operator mailed ${utc(refund.operatorMailedAt)}, buyer mailed ${utc(refund.buyerMailedAt)}`;
  switch (refund.state) {
    case "claimed":
      return `${asked}${by}, with the provider now`;
    case "refunded":
      return `${asked}${by}, refunded by the provider; ${mails}`;
    case "requested":
      return `${asked}${by}, TO SEND by Pix to the key the buyer gave (npm run refunds -- list); ${mails}`;
    case "failed":
      return `${asked}${by}, FAILED at the provider ${utc(refund.updatedAt)} (${refund.failureReason ?? "no reason given"}): TO RETURN another way (npm run refunds -- list); ${mails}`;
    case "sent":
      return `${asked}${by}, sent by the operator ${utc(refund.updatedAt)}`;
  }
}

function couponLine(coupon: Coupon, now: number): string {
  const who = coupon.audience
    ? `for the ${coupon.audience}`
    : coupon.ownedByAccount
      ? "only for this account"
      : "for anyone";
  const state =
    coupon.disabledAt !== null
      ? `withdrawn ${utc(coupon.disabledAt)}`
      : coupon.used >= coupon.usesAllowed
        ? "used up"
        : coupon.expiresAt !== null && coupon.expiresAt <= now
          ? "expired"
          : coupon.held > 0
            ? "held by a checkout now"
            : "not used";
  return `${coupon.code}: ${coupon.percent}% off ${who}, used ${coupon.used}/${coupon.usesAllowed}, ${state}, expires ${coupon.expiresAt === null ? "never" : utc(coupon.expiresAt)}`;
}

export function describeFind(answer: FindAnswer, now: number): string {
  const { account } = answer;
  const signIn = [
    account.hasPassword ? "password" : null,
    ...answer.google.map((link) => `${link.provider} (linked ${utc(link.linkedAt)})`),
  ].filter(Boolean);
  const languages = [
    ...new Set([...answer.attempts.map((a) => a.locale), ...answer.payments.map((p) => p.locale)]),
  ];
  const lines = [
    `Account ${account.id}`,
    `  name: ${account.name}`,
    `  e-mail: ${account.email} (verified: ${yesNo(account.emailVerified)})`,
    `  created: ${utc(account.createdAt)}; not deleted (a deleted account leaves no row)`,
    `  sign-in: ${signIn.length > 0 ? signIn.join(", ") : "none"}; ${answer.liveSessions} live session(s)`,
    `  language: not stored on the account; its attempts and payments: ${languages.join(", ") || "none"}`,
  ];
  const owned = answer.coupons.filter((coupon) => coupon.ownedByAccount && !coupon.audience);
  if (owned.length > 0) {
    lines.push("  coupons only this account may use:");
    for (const coupon of owned) lines.push(`    ${couponLine(coupon, now)}`);
  }
  lines.push("", `Attempts (${answer.attempts.length}), newest first`);
  for (const attempt of answer.attempts) {
    const payments = answer.payments.filter((payment) => payment.attemptId === attempt.id);
    lines.push("", ...attemptLines(attempt).map((line) => `  ${line}`));
    lines.push(`    ${reportLine(payments)}`);
    for (const payment of payments)
      lines.push(...paymentLines(payment, answer.events, answer.coupons, now, "    "));
  }
  const orphans = answer.payments.filter((p) => !answer.attempts.some((a) => a.id === p.attemptId));
  if (orphans.length > 0) {
    lines.push("", "Payments of this account without one of its attempts");
    for (const payment of orphans)
      lines.push(...paymentLines(payment, answer.events, answer.coupons, now, "  "));
  }
  lines.push(
    "",
    `E-mail to ${account.email}: ${answer.sentMail} sent, ${answer.unsentMail.length} not sent`,
  );
  for (const mail of answer.unsentMail) {
    const state =
      mail.nextAttemptAt === null
        ? "given up"
        : mail.nextAttemptAt > now
          ? `waiting, next try ${utc(mail.nextAttemptAt)}`
          : // The Cron Trigger tries due mail every minute: long overdue means it is not running.
            `waiting, due since ${utc(mail.nextAttemptAt)}`;
    lines.push(
      `  "${mail.subject}" written ${utc(mail.createdAt)}: ${state} after ${mail.attempts} tr${mail.attempts === 1 ? "y" : "ies"}${mail.lastError ? ` (last error: ${mail.lastError})` : ""}`,
    );
  }
  return lines.join("\n");
}

export function describePayment(answer: PaymentAnswer, now: number): string {
  const { payment, attempt } = answer;
  const lines = paymentLines(payment, answer.events, answer.coupons, now, "");
  const used = answer.coupons.find((coupon) => coupon.code === payment.couponCode);
  if (used) lines.push(`  the coupon it used: ${couponLine(used, now)}`);
  lines.push(
    "",
    answer.buyer
      ? `Buyer: ${answer.buyer.email} (account ${answer.buyer.id})`
      : "Buyer: none (the account was deleted; the payment stays for accounting, ADR 0023)",
  );
  if (attempt) {
    lines.push("", ...attemptLines(attempt));
    const others = answer.attemptPayments.filter((p) => p.id !== payment.id);
    if (others.length > 0) {
      lines.push("  its other payments, newest first:");
      for (const other of others)
        lines.push(
          `    ${other.id}: ${other.status}${other.statusDetail ? ` (${other.statusDetail})` : ""}, created ${utc(other.createdAt)}`,
        );
    }
  } else {
    lines.push("", "Attempt: none (deleted with its account)");
  }
  const page = resultPage(payment.status, payment.statusDetail);
  lines.push(
    "",
    "What the buyer sees",
    `  result page: ${page ? `/payments/${page}/${payment.id}` : "the status page, still waiting for the provider"}`,
    `  ${attempt ? reportLine(answer.attemptPayments) : "no report: the attempt is gone"}`,
  );
  const ruling = governing(answer.attemptPayments);
  if (attempt && ruling && ruling.id !== payment.id) {
    lines.push(
      `  (the report follows payment ${ruling.id}, not this one: the newest where money moved)`,
    );
  }
  return lines.join("\n");
}
