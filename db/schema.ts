import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Users: the current-user fields of spec section 3, plus the credentials of the
 * accounts feature (docs/decisions/0007-accounts.md). `email` is stored lower-cased,
 * so the unique index makes addresses unique whatever their case.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    dateOfBirth: text("date_of_birth"),
    profilePicture: text("profile_picture"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    /** `scrypt$N$r$p$salt$hash`; null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    /**
     * When the person last used the site signed in (ms): set at each sign-in and each hourly
     * extension of a session. The privacy policy keeps data up to five years after it
     * (worker/sweeps/retention.ts). Null only for rows written by hand (then their creation).
     */
    lastSeenAt: integer("last_seen_at").$defaultFn(() => Date.now()),
  },
  (t) => [index("users_last_seen_at_idx").on(t.lastSeenAt)],
);

/** One row per signed-in browser; the cookie carries `id.secret`, D1 only SHA-256(secret). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token's secret. */
    secretHash: text("secret_hash").notNull(),
    /** Inactivity expiry (ms since the epoch), moved forward at most hourly. */
    expiresAt: integer("expires_at").notNull(),
    lastExtendedAt: integer("last_extended_at").notNull(),
    createdAt: integer("created_at").notNull(),
    remember: integer("remember", { mode: "boolean" }).notNull().default(false),
    /**
     * When this session last proved its holder again (password or Google): export and
     * deletion need it within the last 10 minutes (docs/decisions/0023-holder-rights.md).
     */
    reauthenticatedAt: integer("reauthenticated_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** Hex SHA-256 of the token sent by e-mail. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    /** The provider's stable user id (Google's `sub`). */
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index("oauth_accounts_user_id_idx").on(t.userId),
  ],
);

/**
 * Every e-mail (worker/email/; docs/decisions/0029-dependency-failures.md). The local adapter
 * writes it here as delivered (shown at /_dev/mailbox); with an HTTP provider it waits
 * here until the provider took it, retried by the Cron Trigger, and its body is emptied
 * once sent or given up.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Tries at the provider so far. */
    attempts: integer("attempts").notNull().default(0),
    /** When the provider took it (the local adapter: when it was written); null while waiting. */
    sentAt: integer("sent_at"),
    /** When it may be tried (again); a try in progress holds it until then. Null once settled. */
    nextAttemptAt: integer("next_attempt_at"),
    /** Why the last try failed: the provider's status, or a timeout; never the mail's content. */
    lastError: text("last_error"),
  },
  (t) => [
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_due_idx").on(t.nextAttemptAt),
  ],
);

/**
 * Throttling counters (SECURITY.md 7, 11): one row per counted event. `key` is the
 * SHA-256 of the e-mail address or IP, so the table holds neither.
 */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", {
      enum: ["login-account", "login-ip", "forgot-email", "forgot-ip", "signup-ip"],
    }).notNull(),
    key: text("key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("auth_attempts_lookup_idx").on(t.kind, t.key, t.createdAt),
    index("auth_attempts_created_at_idx").on(t.createdAt),
  ],
);

/**
 * Timed test attempts (docs/decisions/0008-timed-test.md). The running attempt lives in
 * its Durable Object (clock, answers); this row is what lists and ownership need, and
 * receives the outcome and the answers when the attempt is finalised. Times are ms since
 * the epoch on the Durable Object's clock.
 */
export const testAttempts = sqliteTable(
  "test_attempts",
  {
    id: text("id").primaryKey(),
    /** Null while anonymous; set once, at creation or when the cookie's holder signs in. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the attempt cookie's secret. */
    secretHash: text("secret_hash").notNull(),
    status: text("status", { enum: ["in_progress", "finished", "rejected"] })
      .notNull()
      .default("in_progress"),
    startedAt: integer("started_at").notNull(),
    deadline: integer("deadline").notNull(),
    finishedAt: integer("finished_at"),
    /** How it ended: the taker sent it, or the clock ran out. */
    endedBy: text("ended_by", { enum: ["finish", "time"] }),
    /** Which timing rule rejected it (core/attempts/attempt-rules.ts), for audit. */
    rejectionReason: text("rejection_reason"),
    /**
     * The bank v1/v2 version the attempt was taken on, or the form version ("form-v1") of an
     * attempt with a form of its own (docs/decisions/0039-forms-served-and-scored.md).
     */
    questionBankVersion: text("question_bank_version").notNull(),
    /**
     * JSON `Form` (core/items/pool/form.ts): the attempt's own 40 instances, their keys,
     * option orders and predicted parameters. Null for attempts on banks v1 and v2. Server
     * only: never sent to a client.
     */
    form: text("form"),
    /** The item parameters' version the form was priced with (null without a form). */
    parameterVersion: text("parameter_version"),
    locale: text("locale").notNull(),
    /** Two-letter country of the request that started it (request.cf), for empirical percentiles. */
    country: text("country"),
    answeredCount: integer("answered_count").notNull().default(0),
    /** JSON `{ code: { letter, at } }`, copied from the Durable Object at finalisation. */
    answers: text("answers"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("test_attempts_user_id_idx").on(t.userId, t.status, t.startedAt),
    index("test_attempts_status_deadline_idx").on(t.status, t.deadline),
  ],
);

/**
 * A finished attempt's score, computed once when its signed-in owner first asks for it
 * and never recomputed: the norms version and age band are stored with it, so a later
 * recalibration does not silently change a past score.
 */
export const testResults = sqliteTable(
  "test_results",
  {
    attemptId: text("attempt_id")
      .primaryKey()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    finishedAt: integer("finished_at").notNull(),
    iq: integer("iq").notNull(),
    iqLabel: text("iq_label").notNull(),
    atCeiling: integer("at_ceiling", { mode: "boolean" }).notNull(),
    intervalLow: integer("interval_low").notNull(),
    intervalHigh: integer("interval_high").notNull(),
    band: text("band").notNull(),
    rawTotal: integer("raw_total").notNull(),
    /** JSON `{ SM, RA, RE, RL }`, each 0-10. */
    rawByCategory: text("raw_by_category").notNull(),
    normsVersion: text("norms_version").notNull(),
    ageBand: text("age_band").notNull(),
    /** How the score was made: null for banks v1/v2 (raw total through the norms, ADR 0009). */
    scoringVersion: text("scoring_version"),
    /** The item parameters' version of a scored form (null for banks v1/v2). */
    parameterVersion: text("parameter_version"),
    /**
     * JSON `{ theta, se, byCategory: { SM: { theta, se }, ... }, unclampedInterval }` of a
     * scored form: the ability and its standard error on the reference scale, and the 95 %
     * interval before it was kept within 55-145 (null for banks v1/v2).
     */
    ability: text("ability"),
    percentageWorld: real("percentage_world").notNull(),
    percentageBrazil: real("percentage_brazil").notNull(),
    percentileMethodWorld: text("percentile_method_world", {
      enum: ["model", "empirical"],
    }).notNull(),
    percentileMethodBrazil: text("percentile_method_brazil", {
      enum: ["model", "empirical"],
    }).notNull(),
    /** The attempt's country, copied so the tallies of the percentiles' samples read it. */
    country: text("country"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("test_results_user_id_idx").on(t.userId, t.finishedAt)],
);

/**
 * How many stored results there are of each IQ in each country (`""` for a result with
 * no country): the samples of the empirical percentiles (worker/attempts/results.ts) read
 * this instead of every row of `test_results`. Kept by triggers on `test_results`
 * (migrations/0007_result_tallies.sql), so every insert, delete (an account's erasure
 * cascades) and change of a result counts, whatever code makes it.
 */
export const resultTallies = sqliteTable(
  "result_tallies",
  {
    country: text("country").notNull(),
    iq: integer("iq").notNull(),
    results: integer("results").notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.iq] })],
);

/**
 * Participation certificates (docs/decisions/0010-certificates.md): one per finished
 * attempt, created when it is first rendered. `code` is the public, human-typable id
 * printed on the certificate and checked at the verification page; the name and age are
 * the ones printed, kept so the verification page always confirms what was issued.
 */
export const certificates = sqliteTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    attemptId: text("attempt_id")
      .notNull()
      .unique()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Whole years on the test's date; null when the owner has no date of birth. */
    age: integer("age"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("certificates_user_id_idx").on(t.userId)],
);

/**
 * Certificates whose account was deleted (docs/decisions/0023-holder-rights.md): only the
 * code and when, so the verification page can say the certificate was withdrawn without
 * keeping whose it was.
 */
export const withdrawnCertificates = sqliteTable("withdrawn_certificates", {
  code: text("code").primaryKey(),
  withdrawnAt: integer("withdrawn_at").notNull(),
});

/**
 * Orders for the premium report (docs/decisions/0017-payments.md): one row per payment
 * attempt on a finished test. `status`/`statusDetail` are the spec's values, moved only by
 * the state machine (core/payments/payment-machine.ts); `version` grows with every change so a
 * change is written only over the state it was computed from. Amounts are whole cents,
 * computed on the server from configuration and the coupon row.
 *
 * A payment outlives its buyer's account (accounting records are kept): deleting the
 * account sets `userId` and `attemptId` to null and nothing personal remains
 * (docs/decisions/0023-holder-rights.md).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    /** Null once the buyer deleted their account. */
    attemptId: text("attempt_id").references(() => testAttempts.id, { onDelete: "set null" }),
    /** Null once the buyer deleted their account. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    /** The provider's checkout (Stripe Checkout Session id); null until created. */
    providerSessionId: text("provider_session_id").unique(),
    /** The provider's payment (Stripe PaymentIntent id), once known. */
    providerPaymentId: text("provider_payment_id"),
    status: text("status").notNull().default("awaiting"),
    statusDetail: text("status_detail"),
    version: integer("version").notNull().default(0),
    currency: text("currency", { enum: ["USD", "BRL"] }).notNull(),
    listCents: integer("list_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    couponCode: text("coupon_code"),
    locale: text("locale").notNull(),
    /** Where the buyer pays (the provider's hosted page). */
    redirectUrl: text("redirect_url"),
    /** When the provider's checkout closes (ms since the epoch). */
    checkoutExpiresAt: integer("checkout_expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    approvedAt: integer("approved_at"),
    /** Set once, by whoever sends the pending Pix or boleto e-mail first (migration 0012). */
    pendingMailSentAt: integer("pending_mail_sent_at"),
    /** Set once, by whoever sends the receipt e-mail first. */
    receiptSentAt: integer("receipt_sent_at"),
  },
  (t) => [
    index("payments_attempt_id_idx").on(t.attemptId, t.createdAt),
    index("payments_user_id_idx").on(t.userId, t.createdAt),
    index("payments_provider_payment_id_idx").on(t.providerPaymentId),
    // At most one open checkout per test: two tabs paying at once cannot both start one.
    uniqueIndex("payments_one_open_per_attempt_idx")
      .on(t.attemptId)
      .where(sql`status = 'awaiting'`),
  ],
);

/**
 * Provider events already handled (SECURITY.md 18): the insert shares a D1 batch with the
 * state change it causes, so an event is applied exactly once.
 */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    /** `<provider>:<event id>`. */
    id: text("id").primaryKey(),
    paymentId: text("payment_id"),
    type: text("type").notNull(),
    /** The status it moved the payment to, or null when it changed nothing. */
    outcome: text("outcome"),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("payment_events_payment_id_idx").on(t.paymentId, t.receivedAt)],
);

/**
 * Discount coupons, owned by the app (issue 12): operators create them with
 * `npm run coupons`, and every approved purchase issues two (buyer and friend).
 * Codes are stored upper-case.
 */
export const coupons = sqliteTable(
  "coupons",
  {
    code: text("code").primaryKey(),
    percent: integer("percent").notNull(),
    /** ms since the epoch; null never expires. */
    expiresAt: integer("expires_at"),
    usesAllowed: integer("uses_allowed").notNull().default(1),
    /** Only this user may use it; null for anyone. */
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    disabledAt: integer("disabled_at"),
    source: text("source", { enum: ["operator", "purchase"] }).notNull(),
    /** The purchase that issued it, and for whom. */
    issuedByPaymentId: text("issued_by_payment_id"),
    audience: text("audience", { enum: ["buyer", "friend"] }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("coupons_issued_idx").on(t.issuedByPaymentId, t.audience),
    index("coupons_owner_idx").on(t.ownerUserId),
  ],
);

/**
 * One row per payment that carries a coupon: the coupon's lock (SECURITY.md 23-24). D1 is
 * the authority: a lock is taken by one conditional insert that counts the coupon's live
 * locks and uses. `held` until `heldUntil` (null while a Pix or boleto is pending), then
 * `consumed` on approval or `released` when the payment ends without money.
 */
export const couponLocks = sqliteTable(
  "coupon_locks",
  {
    paymentId: text("payment_id").primaryKey(),
    code: text("code")
      .notNull()
      .references(() => coupons.code, { onDelete: "cascade" }),
    attemptId: text("attempt_id").notNull(),
    state: text("state", { enum: ["held", "consumed", "released"] }).notNull(),
    heldUntil: integer("held_until"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("coupon_locks_code_idx").on(t.code, t.state)],
);

/**
 * Refunds (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md): at most one
 * per payment, the primary key being the claim that makes a second or concurrent request
 * lose. A buyer's withdrawal within 7 days (`origin` buyer) and a refund made at the
 * provider (`origin` provider, recorded when its event arrives) both get one, so the
 * refund's receipt is sent once either way.
 */
export const refunds = sqliteTable("refunds", {
  paymentId: text("payment_id")
    .primaryKey()
    .references(() => payments.id),
  origin: text("origin", { enum: ["buyer", "provider"] }).notNull(),
  /** How the payment was paid (card, pix, boleto); null when the provider did not say. */
  method: text("method"),
  /**
   * `claimed`: a buyer's request is with the provider; `refunded`: the provider refunded;
   * `requested`: a boleto's refund, for the operator to send by Pix; `failed`: the provider's
   * refund failed after it was accepted (the money came back to us), for the operator to
   * return another way; `sent`: the operator did (a boleto's or a failed refund).
   */
  state: text("state", { enum: ["claimed", "refunded", "requested", "failed", "sent"] }).notNull(),
  /** A boleto buyer's Pix key and its kind (cpf, cnpj, email, phone, random). */
  pixKey: text("pix_key"),
  pixKeyType: text("pix_key_type"),
  providerRefundId: text("provider_refund_id"),
  /** When the current claim was taken: a claim older than a minute may be taken over. */
  claimedAt: integer("claimed_at").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** Set once, by whoever e-mails the operator first (boleto). */
  operatorNotifiedAt: integer("operator_notified_at"),
  /** Set once, by whoever sends the buyer the refund's receipt first. */
  receiptSentAt: integer("receipt_sent_at"),
  /** The provider's reason when its refund failed (`failed`), as it gave it. */
  failureReason: text("failure_reason"),
  /** Set once each, by whoever tells the operator / the buyer of a failed refund first. */
  failureOperatorMailedAt: integer("failure_operator_mailed_at"),
  failureBuyerMailedAt: integer("failure_buyer_mailed_at"),
});
