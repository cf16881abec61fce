import { Hono } from "hono";
import { deleteAccountSchema } from "../../../core/accounts/account-rights";
import { deleteAccount } from "../../account/delete";
import { accountHolder, recentlyReauthenticated } from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { sessionClearCookie } from "../../auth/cookies";
import { validBody } from "../../http/body";
import { json } from "../../http/responses";

/**
 * `POST /api/account/delete {confirm: "DELETE"}`: deletes the account (what goes and what
 * stays: worker/account/delete.ts, docs/decisions/0023-holder-rights.md). Needs a session
 * re-authenticated in the last 10 minutes; the session cookie is cleared.
 */
export const deletion = new Hono<AppEnv>();

deletion.post("/delete", recentlyReauthenticated, validBody(deleteAccountSchema), async (c) => {
  const { user } = accountHolder(c);
  await deleteAccount(c.env, user, c.executionCtx);
  return json({ deleted: true }, 200, [sessionClearCookie(c.env)]);
});
