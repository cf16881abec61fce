import { and, eq, gt, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { changePasswordSchema, forgotPasswordSchema } from "../../../core/accounts/account-rules";
import type { Locale } from "../../../core/locales/locales";
import { translate } from "../../../core/locales/translate";
import { localizePath } from "../../../core/web/route-table";
import { database } from "../../../db/client";
import { passwordResetTokens, sessions, users } from "../../../db/schema";
import type { AppEnv } from "../../app-env";
import { sessionClearCookie } from "../../auth/cookies";
import { randomToken, sha256Hex } from "../../auth/crypto";
import { hashPassword } from "../../auth/password";
import * as throttle from "../../auth/throttle";
import { findUserByEmail, normalizeEmail } from "../../auth/users";
import { deliver } from "../../email/mailer";
import { passwordChangedMail, passwordResetMail } from "../../email/templates";
import { validBody } from "../../http/body";
import { clientIp, requestLocale } from "../../http/request";
import { errorResponse, json, noStore } from "../../http/responses";

/**
 * The forgotten password (docs/decisions/0007-accounts.md): a single-use link by e-mail,
 * valid for an hour, whose use sets a new password and ends every session. The answer
 * never tells whether an account exists.
 */
export const passwordReset = new Hono<AppEnv>();

const resetTokenLifetime = 60 * 60 * 1000;

// --- forgot password -------------------------------------------------------------------

passwordReset.post("/forgot-password", validBody(forgotPasswordSchema), async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const email = normalizeEmail(c.req.valid("json").email);
  const counted = await throttle.attempt(c.env, [
    { kind: "forgot-email", value: email },
    { kind: "forgot-ip", value: clientIp(request) },
  ]);
  const blocked = counted.blocked;
  if (blocked.some((b) => b.kind === "forgot-ip")) {
    await counted.release();
    console.warn("auth: forgot-password throttled (ip)");
    return throttle.tooManyResponse(locale, "auth_too_many_requests", "forgot-ip");
  }

  // The same answer whether or not the account exists, or the address is throttled.
  const answer = json({ message: translate("auth_request_sent", locale) }, 200);
  if (blocked.length > 0) {
    console.warn("auth: forgot-password throttled (e-mail): nothing sent");
    return answer;
  }
  const db = database(c.env.DB);
  const user = await findUserByEmail(c.env, email);
  const token = randomToken(20);
  const now = Date.now();
  if (!user) {
    // Comparable database work for an unknown address; it changes nothing.
    await db.batch([
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, "")),
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256Hex(token))),
    ]);
    console.log("auth: forgot-password for an unknown address: nothing sent");
    return answer;
  }
  // A new request voids the older links.
  await db.batch([
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    db.insert(passwordResetTokens).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: now + resetTokenLifetime,
      createdAt: now,
    }),
  ]);
  const base = c.env.BASE_URL.replace(/\/$/, "");
  const link = `${base}${localizePath("changePassword", locale, { token })}`;
  await deliver(
    c.env,
    passwordResetMail({ to: user.email, name: user.name, link, locale }),
    c.executionCtx,
    "password reset",
  );
  console.log(`auth: password reset requested user=${user.id}`);
  return answer;
});

// --- reset token check and password change ----------------------------------------------

const tokenShape = /^[a-z2-7]{32}$/;

function usableToken(env: Env, token: string) {
  return database(env.DB)
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(token)),
        gt(passwordResetTokens.expiresAt, Date.now()),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

function invalidToken(locale: Locale) {
  return errorResponse(locale, 410, { code: "invalidToken" }, { "Referrer-Policy": "no-referrer" });
}

passwordReset.get("/password-reset/:token", async (c) => {
  const token = c.req.param("token");
  const locale = requestLocale(c.req.raw);
  if (!tokenShape.test(token) || !(await usableToken(c.env, token))) {
    return invalidToken(locale);
  }
  return c.json({ valid: true }, 200, { ...noStore, "Referrer-Policy": "no-referrer" });
});

passwordReset.post("/change-password", validBody(changePasswordSchema), async (c) => {
  const locale = requestLocale(c.req.raw);
  const { token, password } = c.req.valid("json");
  const found = tokenShape.test(token) ? await usableToken(c.env, token) : undefined;
  if (!found) {
    console.warn("auth: password change refused (unusable token)");
    return invalidToken(locale);
  }
  const passwordHash = await hashPassword(password);
  const db = database(c.env.DB);
  const userId = found.user.id;
  const now = Date.now();
  // One batch: the update only happens while the token is still there and fresh, and the
  // same batch deletes every token and session of the user (single use, SECURITY.md 4, 10, 13).
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: new Date(now) })
      .where(
        inArray(
          users.id,
          db
            .select({ id: passwordResetTokens.userId })
            .from(passwordResetTokens)
            .where(
              and(
                eq(passwordResetTokens.tokenHash, sha256Hex(token)),
                gt(passwordResetTokens.expiresAt, now),
              ),
            ),
        ),
      )
      .returning({ id: users.id }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
  ]);
  if (updated.length !== 1) {
    console.warn("auth: password change refused (token used concurrently)");
    return invalidToken(locale);
  }
  await deliver(
    c.env,
    passwordChangedMail({ to: found.user.email, name: found.user.name, locale }),
    c.executionCtx,
    "password changed",
  );
  console.log(`auth: password changed user=${userId}; all sessions ended`);
  return json({ message: translate("auth_password_changed", locale) }, 200, [
    sessionClearCookie(c.env),
  ]);
});
