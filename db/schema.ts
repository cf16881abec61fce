import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Users: the current-user fields of spec section 3, plus the credentials of the
 * accounts feature (docs/decisions/0007-accounts.md). `email` is stored lower-cased,
 * so the unique index makes addresses unique whatever their case.
 */
export const users = sqliteTable("users", {
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
});

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

/** Mail written by the local e-mail adapter, shown at /_dev/mailbox. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
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
