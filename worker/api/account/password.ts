import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { accountPasswordSchema } from "../../../core/accounts/account-rights";
import { translate } from "../../../core/locales/translate";
import { database } from "../../../db/client";
import { passwordResetTokens, sessions, users } from "../../../db/schema";
import { accountHolder, checkPassword } from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { sessionClearCookie } from "../../auth/cookies";
import { hashPassword } from "../../auth/password";
import { deliver } from "../../email/mailer";
import { passwordChangedMail } from "../../email/templates";
import { validBody } from "../../http/body";
import { requestLocale } from "../../http/request";
import { json } from "../../http/responses";

/**
 * The password on the account page (SECURITY.md 4): changing it needs the current one
 * and ends every other session (this one stays); signing out everywhere ends them all.
 */
export const password = new Hono<AppEnv>();

password.post("/password", validBody(accountPasswordSchema), async (c) => {
  const locale = requestLocale(c.req.raw);
  const { user, sessionId } = accountHolder(c);
  const body = c.req.valid("json");
  const refused = await checkPassword(c, user, body.currentPassword, "currentPassword");
  if (refused) return refused;
  const passwordHash = await hashPassword(body.password);
  const db = database(c.env.DB);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId))),
    // A reset link asked for before the change must not undo it.
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
  ]);
  await deliver(
    c.env,
    passwordChangedMail({ to: user.email, name: user.name, locale, keptThisDevice: true }),
    c.executionCtx,
    "password changed",
  );
  console.log(`account: password changed user=${user.id}; other sessions ended`);
  return json({ message: translate("account_password_changed", locale) }, 200);
});

password.post("/sign-out-everywhere", async (c) => {
  const { user } = accountHolder(c);
  await database(c.env.DB).delete(sessions).where(eq(sessions.userId, user.id));
  console.log(`account: signed out everywhere user=${user.id}`);
  return json({ signedOut: true }, 200, [sessionClearCookie(c.env)]);
});
