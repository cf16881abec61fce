import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { accountRemovedCode, type ProfileUpdated, type SignedInUser } from "../../../core/account";
import { isUnderMinimumAge, profileSchema } from "../../../core/account-rules";
import { database } from "../../../db/client";
import { payments, sessions, users } from "../../../db/schema";
import type { AppEnv } from "../../app-env";
import { sessionClearCookie } from "../../auth/cookies";
import { toSignedInUser } from "../../auth/users";
import { validBody } from "../../http/body";
import { requestLocale } from "../../http/request";
import { errorBody, errorResponse, json } from "../../http/responses";

/**
 * `PATCH /api/account/profile` (docs/decisions/0022-register-and-profile-completion.md):
 * the signed-in user's name and date of birth, with the sign-up's rules and messages. It
 * is the profile-completion step of an account without a date of birth (a Google
 * sign-up) and the account page's profile form. Someone under 16 is refused with the
 * sign-up's message; an account that had no date of birth is then removed with
 * everything it held, and its session ends.
 */
export const profile = new Hono<AppEnv>();

/** The sign-up's 16+ refusal, field and message alike (worker/api/accounts/sign-in.ts). */
const tooYoung = { dateOfBirth: ["validation_birth_date_too_young"] };

profile.patch(
  "/profile",
  async (c, next) => {
    // No fields: the page opens the login modal for a bare 401 (spec section 8).
    if (c.var.user.isAuthenticated) return next();
    return errorResponse(requestLocale(c.req.raw), 401, { code: "loginRequired" });
  },
  // The 16+ rule is applied below: for an account without a date of birth it removes the account.
  validBody(() => profileSchema(new Date(), { ageRule: false })),
  async (c) => {
    const locale = requestLocale(c.req.raw);
    const user = c.var.user as SignedInUser;
    const { name, dateOfBirth } = c.req.valid("json");

    if (isUnderMinimumAge(dateOfBirth, new Date())) {
      if (user.dateOfBirth !== null) {
        // An account past the age check keeps what it has: the edit is refused, as a sign-up is.
        console.warn(`account: profile edit refused (under 16) user=${user.id}`);
        return errorResponse(locale, 400, { fields: tooYoung });
      }
      const removed = await removeUnderageAccount(c.env, user.id);
      const error = { fields: tooYoung, code: removed ? accountRemovedCode : undefined };
      return json(errorBody(locale, 400, error), 400, [sessionClearCookie(c.env)]);
    }

    const [row] = await database(c.env.DB)
      .update(users)
      .set({ name, dateOfBirth, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) return errorResponse(locale, 401, { code: "loginRequired" });
    console.log(
      `account: profile ${user.dateOfBirth === null ? "completed" : "updated"} user=${user.id}`,
    );
    const body: ProfileUpdated = { user: toSignedInUser(row) };
    return json(body, 200);
  },
);

/**
 * An account that was never past the 16+ check (no date of birth) and now says it is of
 * someone under 16: nothing is kept about a minor. Deleting the user cascades to its
 * sessions, sign-in links, reset tokens, attempts, results and certificates (db/schema.ts).
 * Payment records are kept by law and do not cascade; such an account (possible only for
 * purchases made before profiles were completed) loses its sessions and stays without a
 * date of birth, so it still sees no score. Returns whether the account was deleted.
 */
async function removeUnderageAccount(env: Env, userId: string): Promise<boolean> {
  const db = database(env.DB);
  const [paid] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  if ((paid?.n ?? 0) > 0) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
    console.warn(`account: under-16 refusal kept user=${userId} for its payment records`);
    return false;
  }
  await db.delete(users).where(eq(users.id, userId));
  console.warn(`account: removed user=${userId} (under 16 at profile completion)`);
  return true;
}
