import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { claimAttemptFromCookie } from "../../attempts/claim";
import { createSession, deleteSession } from "../../auth/session";
import { unavailableIn } from "../../dependencies/unavailable";

/**
 * Signing in (or up) always starts a new session; the browser's previous one, if any,
 * ends. An attempt this browser took anonymously becomes the account's (ADR 0008), and
 * its Durable Object learns the new session (ADR 0027). Returns the new session's
 * Set-Cookie.
 *
 * The account and its session exist before the claim: when the attempt's object (or D1)
 * fails to claim now, the sign-in still succeeds (a 503 would leave a new account its
 * owner cannot sign up for again), and the result endpoint claims the attempt later
 * (docs/decisions/0029-dependency-failures.md).
 */
export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  remember: boolean,
): Promise<string> {
  const previous = c.var.sessionId;
  if (previous) await deleteSession(c.env, previous);
  const { setCookie, sessionId } = await createSession(c.env, userId, remember);
  try {
    await claimAttemptFromCookie(c.req.raw, c.env, userId, sessionId);
  } catch (error) {
    const unavailable = unavailableIn(error);
    if (!unavailable) throw error;
    console.warn(`accounts: attempt not claimed at sign-in user=${userId}: ${unavailable.message}`);
  }
  return setCookie;
}
