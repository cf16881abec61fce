import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { claimAttemptFromCookie } from "../../attempts/claim";
import { createSession, deleteSession } from "../../auth/session";

/**
 * Signing in (or up) always starts a new session; the browser's previous one, if any,
 * ends. An attempt this browser took anonymously becomes the account's (ADR 0008).
 * Returns the new session's Set-Cookie.
 */
export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  remember: boolean,
): Promise<string> {
  const previous = c.var.sessionId;
  if (previous) await deleteSession(c.env, previous);
  await claimAttemptFromCookie(c.req.raw, c.env, userId);
  const { setCookie } = await createSession(c.env, userId, remember);
  return setCookie;
}
