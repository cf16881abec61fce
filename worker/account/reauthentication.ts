import { and, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { SignedInUser } from "../../core/accounts/account";
import { reauthenticationWindowMs } from "../../core/accounts/account-rights";
import { database } from "../../db/client";
import { oauthAccounts, sessions, users } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { hashPassword, verifyPassword } from "../auth/password";
import * as throttle from "../auth/throttle";
import { clientIp, requestLocale } from "../http/request";
import { errorResponse } from "../http/responses";

/**
 * Re-authentication (docs/decisions/0023-holder-rights.md): export and deletion need a
 * session that proved its holder within the last 10 minutes, by signing in, by the
 * password again, or by the Google flow again (`reauth=1`). The time is kept on the
 * session row, so it belongs to this browser only.
 */

/** The signed-in user of a request that passed `signedInOnly`. */
export function accountHolder(c: Context<AppEnv>): { user: SignedInUser; sessionId: string } {
  const { user, sessionId } = c.var;
  if (!user.isAuthenticated || !sessionId) throw new Error("account: not signed in");
  return { user, sessionId };
}

/** 401 `loginRequired` for anyone not signed in. */
export const signedInOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user.isAuthenticated || !c.var.sessionId) {
    return errorResponse(requestLocale(c.req.raw), 401, { code: "loginRequired" });
  }
  return next();
};

export async function markReauthenticated(env: Env, sessionId: string, now = Date.now()) {
  await database(env.DB)
    .update(sessions)
    .set({ reauthenticatedAt: now })
    .where(eq(sessions.id, sessionId));
}

/** Until when (ms) this session may export and delete, or null when that time has passed. */
export async function reauthenticatedUntil(
  env: Env,
  sessionId: string,
  now = Date.now(),
): Promise<number | null> {
  const [row] = await database(env.DB)
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  const until = row?.at == null ? null : row.at + reauthenticationWindowMs;
  return until !== null && until > now ? until : null;
}

/** 403 `reauthenticationRequired` unless this session proved itself in the last 10 minutes. */
export const recentlyReauthenticated: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { user, sessionId } = accountHolder(c);
  if ((await reauthenticatedUntil(c.env, sessionId)) === null) {
    console.warn(`account: refused user=${user.id} (re-authentication required)`);
    return errorResponse(requestLocale(c.req.raw), 403, {
      code: "reauthenticationRequired",
      fields: { system: ["account_reauthentication_required"] },
    });
  }
  return next();
};

/** The Google account linked to this user, if any (its subject). */
export async function googleLinkOf(env: Env, userId: string) {
  const [link] = await database(env.DB)
    .select({ subject: oauthAccounts.subject, createdAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, "google"), eq(oauthAccounts.userId, userId)))
    .limit(1);
  return link ?? null;
}

/**
 * Checks the account's password again, counted like a sign-in (per account and IP pair,
 * per account, per IP; worker/auth/throttle.ts), so the account page is no side door for
 * guessing. Returns null when it is right, else the response to send: 400 on `field`
 * when wrong, 429 when throttled, 409 `noPassword` for an account that signs in only
 * with Google.
 */
export async function checkPassword(
  c: Context<AppEnv>,
  user: SignedInUser,
  password: string,
  field: "password" | "currentPassword",
): Promise<Response | null> {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const db = database(c.env.DB);
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row?.passwordHash) {
    return errorResponse(locale, 409, {
      code: "noPassword",
      fields: { system: ["account_no_password"] },
    });
  }
  const counters = throttle.loginCounters(user.email, clientIp(request));
  const counted = await throttle.attempt(c.env, Object.values(counters));
  if (counted.blocked.length > 0) {
    await counted.release();
    console.warn(`account: password check throttled user=${user.id}`);
    return throttle.tooManyResponse(locale, "auth_too_many_attempts", "login-pair");
  }
  const verification = await verifyPassword(password, row.passwordHash);
  if (!verification.valid) {
    console.warn(`account: wrong password user=${user.id}`);
    return errorResponse(locale, 400, { fields: { [field]: ["account_password_wrong"] } });
  }
  await counted.release();
  await throttle.clear(c.env, counters.pair);
  if (verification.needsRehash) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  return null;
}
