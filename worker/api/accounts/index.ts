import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { google } from "./google";
import { passwordReset } from "./password-reset";
import { signIn } from "./sign-in";

/**
 * The accounts API (docs/decisions/0007-accounts.md): e-mail sign-up, sign-in and
 * logout; sign-in with Google; the forgotten-password link and the password change.
 * Every non-GET passed the CSRF check in worker/api/index.ts. Logs name user ids and
 * outcomes, never e-mail addresses, passwords, tokens or cookies.
 */
export const accounts = new Hono<AppEnv>();

accounts.route("/", signIn);
accounts.route("/", google);
accounts.route("/", passwordReset);
