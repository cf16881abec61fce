import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AccountView } from "../../../core/accounts/account-rights";
import { database } from "../../../db/client";
import { users } from "../../../db/schema";
import {
  accountHolder,
  googleLinkOf,
  reauthenticatedUntil,
  signedInOnly,
} from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { json } from "../../http/responses";
import { deletion } from "./delete";
import { exportRoute } from "./export";
import { password } from "./password";
import { profile } from "./profile";
import { reauthenticate } from "./reauthenticate";

/**
 * The account page's API (issue 14; docs/decisions/0023-holder-rights.md): what the page
 * shows, the profile, the password, signing out everywhere, re-authentication, the data
 * export and the deletion. Signed-in only (401 `loginRequired`); every non-GET passed
 * the CSRF check in worker/api/index.ts.
 */
export const account = new Hono<AppEnv>();

account.use(signedInOnly);

account.get("/", async (c) => {
  const { user, sessionId } = accountHolder(c);
  const [row] = await database(c.env.DB)
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const [google, until] = await Promise.all([
    googleLinkOf(c.env, user.id),
    reauthenticatedUntil(c.env, sessionId),
  ]);
  const view: AccountView = {
    name: user.name,
    email: user.email,
    dateOfBirth: user.dateOfBirth,
    shouldUpdate: user.shouldUpdate,
    hasPassword: Boolean(row?.passwordHash),
    google: google ? { email: user.email } : null,
    reauthenticatedUntil: until === null ? null : new Date(until).toISOString(),
  };
  return json(view, 200);
});

account.route("/", profile);
account.route("/", password);
account.route("/", reauthenticate);
account.route("/", exportRoute);
account.route("/", deletion);
