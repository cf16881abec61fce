import { eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  accountRemovedCode,
  type ProfileUpdated,
  type SignedInUser,
} from "../../../core/accounts/account";
import { isUnderMinimumAge, profileSchema } from "../../../core/accounts/account-rules";
import { database } from "../../../db/client";
import { users } from "../../../db/schema";
import { deleteAccount } from "../../account/delete";
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
      // Nothing is kept about a minor: the account deletion of the account page (ADR 0023),
      // which keeps only payment records, without the person.
      await deleteAccount(c.env, user, c.executionCtx);
      console.warn(`account: removed user=${user.id} (under 16 at profile completion)`);
      const error = { fields: tooYoung, code: accountRemovedCode };
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
