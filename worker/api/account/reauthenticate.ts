import { Hono } from "hono";
import {
  reauthenticateSchema,
  reauthenticationWindowMs,
} from "../../../core/accounts/account-rights";
import { accountHolder, checkPassword, markReauthenticated } from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { validBody } from "../../http/body";
import { json } from "../../http/responses";

/**
 * `POST /api/account/reauthenticate {password}`: the password again lets this session
 * export and delete for 10 minutes. Accounts without a password answer 409 `noPassword`
 * and go through Google again instead:
 * `GET /api/accounts/login?provider=Google&reauth=1&returnUrl=...` (ADR 0023).
 */
export const reauthenticate = new Hono<AppEnv>();

reauthenticate.post("/reauthenticate", validBody(reauthenticateSchema), async (c) => {
  const { user, sessionId } = accountHolder(c);
  const refused = await checkPassword(c, user, c.req.valid("json").password, "password");
  if (refused) return refused;
  const now = Date.now();
  await markReauthenticated(c.env, sessionId, now);
  console.log(`account: re-authenticated by password user=${user.id}`);
  const until = new Date(now + reauthenticationWindowMs).toISOString();
  return json({ reauthenticatedUntil: until }, 200);
});
