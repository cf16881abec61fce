/**
 * The support tool's two reads, each ONE SELECT whose columns are JSON (one `wrangler d1
 * execute` costs seconds, so `find` and `payment` make one call each). Columns are named
 * one by one: a secret column (password hash, session and attempt secrets, the attempt's
 * form and answers, the provider page's URL, a mail's body, a refund's Pix key) is never
 * selected, only whether it is set. Values arrive as validated literals (`sqlText`, as in coupons.ts).
 */
import { sqlText } from "../coupons.ts";

function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return String(value);
}

/** A payment row `p` (with its coupon lock) as a JSON object. */
const paymentJson = `json_object(
    'id', p.id, 'attemptId', p.attempt_id, 'hasBuyer', p.user_id IS NOT NULL,
    'provider', p.provider, 'providerSessionId', p.provider_session_id,
    'providerPaymentId', p.provider_payment_id, 'status', p.status,
    'statusDetail', p.status_detail, 'currency', p.currency, 'listCents', p.list_cents,
    'discountPercent', p.discount_percent, 'totalCents', p.total_cents,
    'couponCode', p.coupon_code, 'locale', p.locale, 'checkoutExpiresAt', p.checkout_expires_at,
    'createdAt', p.created_at, 'updatedAt', p.updated_at, 'approvedAt', p.approved_at,
    'receiptSentAt', p.receipt_sent_at,
    'couponLock', (SELECT l.state FROM coupon_locks l WHERE l.payment_id = p.id),
    'refund', json((SELECT json_object('origin', f.origin, 'method', f.method, 'state', f.state,
      'hasPixKey', f.pix_key IS NOT NULL, 'failureReason', f.failure_reason,
      'createdAt', f.created_at, 'updatedAt', f.updated_at,
      'operatorMailedAt', coalesce(f.operator_notified_at, f.failure_operator_mailed_at),
      'buyerMailedAt', coalesce(f.failure_buyer_mailed_at, f.receipt_sent_at))
      FROM refunds f WHERE f.payment_id = p.id)))`;

/** An attempt `a` with its result `r` and certificate `cert` (left joins) as a JSON object. */
const attemptJson = `json_object(
    'id', a.id, 'status', a.status, 'startedAt', a.started_at, 'deadline', a.deadline,
    'finishedAt', a.finished_at, 'endedBy', a.ended_by, 'rejectionReason', a.rejection_reason,
    'bankVersion', a.question_bank_version, 'parameterVersion', a.parameter_version,
    'locale', a.locale, 'country', a.country, 'answeredCount', a.answered_count,
    'hasResult', r.attempt_id IS NOT NULL, 'iq', r.iq, 'iqLabel', r.iq_label,
    'intervalLow', r.interval_low, 'intervalHigh', r.interval_high, 'band', r.band,
    'rawTotal', r.raw_total, 'normsVersion', r.norms_version, 'scoringVersion', r.scoring_version,
    'certificateCode', cert.code, 'certificateIssuedAt', cert.created_at)`;

const attemptJoins = `test_attempts a
    LEFT JOIN test_results r ON r.attempt_id = a.id
    LEFT JOIN certificates cert ON cert.attempt_id = a.id`;

const eventJson = `json_object('id', e.id, 'paymentId', e.payment_id, 'type', e.type,
    'outcome', e.outcome, 'receivedAt', e.received_at)`;

/** A coupon `c` with how often it was used and is held now. */
function couponJson(now: number): string {
  return `json_object('code', c.code, 'percent', c.percent, 'expiresAt', c.expires_at,
    'usesAllowed', c.uses_allowed, 'disabledAt', c.disabled_at, 'source', c.source,
    'issuedByPaymentId', c.issued_by_payment_id, 'audience', c.audience,
    'ownedByAccount', c.owner_user_id IS NOT NULL,
    'used', (SELECT count(*) FROM coupon_locks l WHERE l.code = c.code AND l.state = 'consumed'),
    'held', (SELECT count(*) FROM coupon_locks l WHERE l.code = c.code AND l.state = 'held'
      AND (l.held_until IS NULL OR l.held_until > ${sqlInteger(now)})))`;
}

/** A JSON array of `json` for each row of `from` that `where` keeps ('[]' for none). */
function list(json: string, from: string, where: string): string {
  return `(SELECT json_group_array(${json}) FROM ${from} WHERE ${where})`;
}

const mailJson = `json_object('subject', m.subject, 'createdAt', m.created_at,
    'attempts', m.attempts, 'nextAttemptAt', m.next_attempt_at, 'lastError', m.last_error)`;

/** Everything about the account with this (normalized) e-mail; `account` is null without one. */
export function findSql(email: string, now: number): string {
  const address = sqlText(email);
  return `WITH u AS (SELECT id FROM users WHERE email = ${address}),
  ua AS (SELECT id FROM test_attempts WHERE user_id IN (SELECT id FROM u)),
  up AS (SELECT id FROM payments
    WHERE user_id IN (SELECT id FROM u) OR attempt_id IN (SELECT id FROM ua))
SELECT
  (SELECT json_object('id', x.id, 'name', x.name, 'email', x.email, 'createdAt', x.created_at,
      'emailVerified', x.email_verified, 'hasPassword', x.password_hash IS NOT NULL)
    FROM users x WHERE x.id IN (SELECT id FROM u)) AS account,
  ${list(`json_object('provider', o.provider, 'linkedAt', o.created_at)`, "oauth_accounts o", "o.user_id IN (SELECT id FROM u)")} AS google,
  (SELECT count(*) FROM sessions s
    WHERE s.user_id IN (SELECT id FROM u) AND s.expires_at > ${sqlInteger(now)}) AS liveSessions,
  ${list(attemptJson, attemptJoins, "a.id IN (SELECT id FROM ua)")} AS attempts,
  ${list(paymentJson, "payments p", "p.id IN (SELECT id FROM up)")} AS payments,
  ${list(eventJson, "payment_events e", "e.payment_id IN (SELECT id FROM up)")} AS events,
  ${list(couponJson(now), "coupons c", "c.issued_by_payment_id IN (SELECT id FROM up) OR c.owner_user_id IN (SELECT id FROM u)")} AS coupons,
  ${list(mailJson, "email_outbox m", `m."to" = ${address} AND m.sent_at IS NULL`)} AS unsentMail,
  (SELECT count(*) FROM email_outbox m
    WHERE m."to" = ${address} AND m.sent_at IS NOT NULL) AS sentMail`;
}

/** Which column an id is looked up in: ours, or the provider's checkout or payment id. */
export type PaymentKey = {
  column: "id" | "provider_session_id" | "provider_payment_id";
  value: string;
};

/** One payment with its buyer, attempt, the attempt's other payments, events and coupons. */
export function paymentSql(key: PaymentKey, now: number): string {
  return `WITH p0 AS (SELECT id, attempt_id, user_id FROM payments
    WHERE ${key.column} = ${sqlText(key.value)} ORDER BY created_at DESC LIMIT 1)
SELECT
  (SELECT ${paymentJson} FROM payments p WHERE p.id IN (SELECT id FROM p0)) AS payment,
  (SELECT json_object('id', x.id, 'email', x.email) FROM users x
    WHERE x.id IN (SELECT user_id FROM p0)) AS buyer,
  (SELECT ${attemptJson} FROM ${attemptJoins}
    WHERE a.id IN (SELECT attempt_id FROM p0)) AS attempt,
  ${list(paymentJson, "payments p", "p.attempt_id IN (SELECT attempt_id FROM p0)")} AS attemptPayments,
  ${list(eventJson, "payment_events e", "e.payment_id IN (SELECT id FROM p0)")} AS events,
  ${list(couponJson(now), "coupons c", "c.issued_by_payment_id IN (SELECT id FROM p0) OR c.code IN (SELECT coupon_code FROM payments WHERE id IN (SELECT id FROM p0))")} AS coupons`;
}
