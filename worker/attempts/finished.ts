import { z } from "zod";
import { hasCompleteProfile, type ProfiledUser } from "../../core/accounts/account";
import type { AppContext } from "../app-env";
import { profileIncomplete } from "../auth/profile";
import { requestLocale } from "../http/request";
import { errorResponse, notFoundJson } from "../http/responses";
import { accountFinishedAttempt } from "./access";
import { type AttemptRow, loadAttempt } from "./lookup";

const attemptIdSchema = z.uuid();

/**
 * The signed-in user's finished attempt, or the response that refuses it (SECURITY.md 14):
 * what the checkout and the report are of. They show the score: an account without a
 * date of birth completes its profile first (403 `profileIncomplete`). Anyone else's
 * attempt, or one not finished, is a 404.
 */
export async function ownFinishedAttempt(
  c: AppContext,
  id: string,
): Promise<{ user: ProfiledUser; attempt: AttemptRow & { finishedAt: number } } | Response> {
  const locale = requestLocale(c.req.raw);
  const { user } = c.var;
  if (!user.isAuthenticated) return errorResponse(locale, 401, { code: "loginRequired" });
  if (!hasCompleteProfile(user)) return profileIncomplete(locale);
  const parsed = attemptIdSchema.safeParse(id);
  const row = parsed.success ? await loadAttempt(c.env, parsed.data) : null;
  const attempt = accountFinishedAttempt(row, user.id);
  if (!attempt) {
    if (row && row.userId !== user.id)
      console.warn(`payments: refused attempt=${row.id} to another user`);
    return notFoundJson();
  }
  return { user, attempt };
}
