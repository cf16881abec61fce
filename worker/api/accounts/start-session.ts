import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { claimAttemptFromCookie } from "../../attempts/claim";
import { createSession, deleteSession } from "../../auth/session";

/**
 * Signing in (or up) always starts a new session; the browser's previous one, if any,
 * ends. An attempt this browser took anonymously becomes the account's (ADR 0008), and
 * its Durable Object learns the new session (ADR 0027). Returns the new session's
 * Set-Cookie.
 */
export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  remember: boolean,
): Promise<string> {
  const previous = c.var.sessionId;
  if (previous) await deleteSession(c.env, previous);
  const { setCookie, sessionId } = await createSession(c.env, userId, remember);
  await claimAttemptFromCookie(c.req.raw, c.env, userId, sessionId);
  return setCookie;
}
