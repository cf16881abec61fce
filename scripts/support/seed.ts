/**
 * A support case for the tests: one account with a finished, paid attempt (result,
 * certificate, an approved payment with its provider events, the two share coupons it
 * issued), an earlier payment of the same attempt that was declined, and mail the provider
 * has not taken yet. It carries secrets (password hash, session and attempt hashes, the form,
 * a reset link's token in a mail body) so that the tests can check none is printed.
 */
export const seeded = {
  email: "o'brien@example.com",
  userId: "5b0c4a52-6f7e-4f0e-9d4c-1a2b3c4d5e6f",
  attemptId: "0b5d7c8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
  paymentId: "7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b",
  declinedPaymentId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  checkoutId: "cs_test_support1",
  certificateCode: "K7M2-P9QX",
  /** Values that must never appear in the tool's output. */
  secrets: [
    "scrypt$16384$16$1$c2FsdHNhbHQ$SECRETPASSWORDHASH",
    "SESSIONSECRETHASH0123456789abcdef",
    "ATTEMPTSECRETHASH0123456789abcdef",
    "RESETTOKENHASH0123456789abcdef",
    "FORMANSWERKEY",
    "MAILBODYTOKEN",
    "https://checkout.stripe.test/pay/SECRETURL",
    "203.0.113.7",
  ],
} as const;

const t = Date.UTC(2026, 10, 20, 10, 0, 0);
const minute = 60_000;

export function seedSql(): string {
  const s = seeded;
  const [hash, session, attemptSecret, reset, form, mailToken, payUrl, ip] = s.secrets;
  return `
INSERT INTO users (id, name, email, created_at, updated_at, password_hash, email_verified)
  VALUES ('${s.userId}', 'Ana O''Brien', 'o''brien@example.com', ${t}, ${t}, '${hash}', 1);
INSERT INTO oauth_accounts (provider, subject, user_id, created_at)
  VALUES ('google', '109876543210', '${s.userId}', ${t + minute});
INSERT INTO sessions (id, user_id, secret_hash, expires_at, last_extended_at, created_at, remember)
  VALUES ('sess1', '${s.userId}', '${session}', ${t + 10_000 * 24 * 60 * minute}, ${t}, ${t}, 1);
INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at)
  VALUES ('${reset}', '${s.userId}', ${t + 60 * minute}, ${t});
INSERT INTO auth_attempts (kind, key, created_at) VALUES ('login-ip', '${ip}', ${t});
INSERT INTO test_attempts (id, user_id, secret_hash, status, started_at, deadline, finished_at,
    ended_by, question_bank_version, form, parameter_version, locale, country, answered_count,
    answers, created_at)
  VALUES ('${s.attemptId}', '${s.userId}', '${attemptSecret}', 'finished', ${t}, ${t + 20 * minute},
    ${t + 15 * minute}, 'finish', 'form-v1', '{"key":"${form}"}', 'params-v1', 'pt-br', 'BR', 40,
    '{"SM-01":{"letter":"${form}"}}', ${t});
INSERT INTO test_results (attempt_id, user_id, finished_at, iq, iq_label, at_ceiling, interval_low,
    interval_high, band, raw_total, raw_by_category, norms_version, age_band, percentage_world,
    percentage_brazil, percentile_method_world, percentile_method_brazil, country, created_at,
    scoring_version)
  VALUES ('${s.attemptId}', '${s.userId}', ${t + 15 * minute}, 117, '117', 0, 109, 125,
    'aboveAverage', 29, '{"SM":8,"RA":7,"RE":7,"RL":7}', 'norms-v3', '25-34', 87.3, 91.2,
    'model', 'model', 'BR', ${t + 15 * minute}, 'scoring-v1');
INSERT INTO certificates (code, attempt_id, user_id, name, age, created_at)
  VALUES ('${s.certificateCode}', '${s.attemptId}', '${s.userId}', 'Ana O''Brien', 30, ${t + 40 * minute});
INSERT INTO payments (id, attempt_id, user_id, provider, provider_session_id, provider_payment_id,
    status, status_detail, currency, list_cents, discount_percent, total_cents, coupon_code,
    locale, redirect_url, checkout_expires_at, created_at, updated_at)
  VALUES ('${s.declinedPaymentId}', '${s.attemptId}', '${s.userId}', 'stripe', 'cs_test_declined',
    'pi_test_declined', 'rejected', 'cc_rejected_insufficient_amount', 'BRL', 4990, 0, 4990, NULL,
    'pt-br', '${payUrl}', ${t + 80 * minute}, ${t + 20 * minute}, ${t + 21 * minute});
INSERT INTO coupons (code, percent, expires_at, uses_allowed, source, created_at)
  VALUES ('SPRING20', 20, NULL, 100, 'operator', ${t});
INSERT INTO payments (id, attempt_id, user_id, provider, provider_session_id, provider_payment_id,
    status, status_detail, currency, list_cents, discount_percent, total_cents, coupon_code,
    locale, redirect_url, checkout_expires_at, created_at, updated_at, approved_at, receipt_sent_at)
  VALUES ('${s.paymentId}', '${s.attemptId}', '${s.userId}', 'stripe', '${s.checkoutId}',
    'pi_test_support1', 'approved', 'accredited', 'BRL', 4990, 20, 3992, 'SPRING20', 'pt-br',
    '${payUrl}', ${t + 90 * minute}, ${t + 30 * minute}, ${t + 32 * minute}, ${t + 32 * minute},
    ${t + 33 * minute});
INSERT INTO coupon_locks (payment_id, code, attempt_id, state, held_until, created_at, updated_at)
  VALUES ('${s.paymentId}', 'SPRING20', '${s.attemptId}', 'consumed', NULL, ${t + 30 * minute},
    ${t + 32 * minute});
INSERT INTO payment_events (id, payment_id, type, outcome, received_at) VALUES
  ('stripe:evt_declined', '${s.declinedPaymentId}', 'payment_intent.payment_failed', 'rejected', ${t + 21 * minute}),
  ('stripe:evt_completed', '${s.paymentId}', 'checkout.session.completed', 'approved', ${t + 32 * minute}),
  ('stripe:evt_processing', '${s.paymentId}', 'payment_intent.processing', 'in_process', ${t + 31 * minute});
INSERT INTO coupons (code, percent, expires_at, uses_allowed, owner_user_id, source,
    issued_by_payment_id, audience, created_at) VALUES
  ('IQ-BUYER001', 15, ${t + 365 * 24 * 60 * minute}, 1, '${s.userId}', 'purchase', '${s.paymentId}', 'buyer', ${t + 32 * minute}),
  ('IQ-FRIEND01', 20, ${t + 90 * 24 * 60 * minute}, 1, NULL, 'purchase', '${s.paymentId}', 'friend', ${t + 32 * minute});
INSERT INTO email_outbox ("to", subject, html, text, created_at, attempts, sent_at, next_attempt_at, last_error) VALUES
  ('o''brien@example.com', 'Your receipt', '<p>paid</p>', 'paid', ${t + 33 * minute}, 1, ${t + 33 * minute}, NULL, NULL),
  ('o''brien@example.com', 'Reset your password', '<a href="/reset/${mailToken}">reset</a>', '/reset/${mailToken}', ${t + 50 * minute}, 2, NULL, ${t + 60 * minute}, 'the provider answered 503'),
  ('someone.else@example.com', 'Other person', 'x', 'x', ${t + 50 * minute}, 0, NULL, ${t + 60 * minute}, NULL);
`;
}
