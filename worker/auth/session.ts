import { eq } from "drizzle-orm";
import { anonymousUser, type CurrentUser, type SignedInUser } from "../../core/accounts/account";
import { readCookie } from "../../core/locales/language";
import { database } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { sessionClearCookie, sessionCookieName, sessionSetCookie } from "./cookies";
import { randomToken, sameHexDigest, sha256Hex } from "./crypto";
import { toSignedInUser } from "./users";

/**
 * Sessions (SECURITY.md 1-4; docs/decisions/0007-accounts.md). The cookie carries
 * `id.secret`; D1 keeps SHA-256(secret). Inactivity expiry is 30 days with rememberMe
 * (persistent cookie) or 12 hours without (browser-session cookie), moved forward at
 * most hourly, never beyond 90 days after sign-in.
 */

const hour = 60 * 60 * 1000;
export const sessionLifetimes = {
  remembered: 30 * 24 * hour,
  notRemembered: 12 * hour,
  extendEvery: hour,
  absolute: 90 * 24 * hour,
} as const;

/** 16 random bytes for the id, 32 for the secret, both base32 (lower case, no padding). */
const tokenPattern = /^([a-z2-7]{26})\.([a-z2-7]{52})$/;

function inactivity(remember: boolean): number {
  return remember ? sessionLifetimes.remembered : sessionLifetimes.notRemembered;
}

function cookieFor(env: Env, token: string, remember: boolean, expiresAt: number, now: number) {
  return sessionSetCookie(
    env,
    token,
    remember ? Math.max(0, Math.floor((expiresAt - now) / 1000)) : undefined,
  );
}

/** Creates a session for a user who just signed in; returns the Set-Cookie header. */
export async function createSession(
  env: Env,
  userId: string,
  remember: boolean,
  now = Date.now(),
): Promise<{ setCookie: string; sessionId: string }> {
  const id = randomToken(16);
  const secret = randomToken(32);
  const expiresAt = now + inactivity(remember);
  const db = database(env.DB);
  await db.insert(sessions).values({
    id,
    userId,
    secretHash: sha256Hex(secret),
    expiresAt,
    lastExtendedAt: now,
    createdAt: now,
    remember,
    // Signing in is proof enough to export or delete for a while (ADR 0023).
    reauthenticatedAt: now,
  });
  // The person uses the site: their data's retention runs from now (ADR 0047). Its own
  // statement, not a batch with the session's: a failure's log names the statement.
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
  return { setCookie: cookieFor(env, `${id}.${secret}`, remember, expiresAt, now), sessionId: id };
}

type Validation =
  | { kind: "none" }
  | { kind: "invalid" }
  | { kind: "valid"; sessionId: string; user: SignedInUser; setCookie: string | null };

/** The session cookie's id and secret, unchecked; null when absent or malformed (anonymous). */
function sessionToken(request: Request, env: Env) {
  const token = readCookie(request.headers.get("Cookie"), sessionCookieName(env));
  const match = token ? tokenPattern.exec(token) : null;
  if (!token || !match) return { token, id: null, secret: null };
  return { token, id: match[1] as string, secret: match[2] as string };
}

/**
 * The id of the request's session cookie, not checked against D1: a request without one
 * (or with a malformed one) is anonymous for sure; with one, only D1 knows whose it is.
 */
export function uncheckedSessionId(request: Request, env: Env): string | null {
  return sessionToken(request, env).id;
}

/** Reads and checks the session cookie of a request; extends the session when due. */
export async function validateRequestSession(
  request: Request,
  env: Env,
  now = Date.now(),
): Promise<Validation> {
  const { token, id, secret } = sessionToken(request, env);
  if (token === null || token === "") return { kind: "none" };
  if (id === null || secret === null) return { kind: "invalid" };
  const db = database(env.DB);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row || !sameHexDigest(sha256Hex(secret), row.session.secretHash)) {
    return { kind: "invalid" };
  }
  const { session } = row;
  const deadline = session.createdAt + sessionLifetimes.absolute;
  if (session.expiresAt <= now || deadline <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return { kind: "invalid" };
  }
  let setCookie: string | null = null;
  if (now - session.lastExtendedAt >= sessionLifetimes.extendEvery) {
    const expiresAt = Math.min(now + inactivity(session.remember), deadline);
    await db.batch([
      db.update(sessions).set({ expiresAt, lastExtendedAt: now }).where(eq(sessions.id, id)),
      db.update(users).set({ lastSeenAt: now }).where(eq(users.id, session.userId)),
    ]);
    setCookie = cookieFor(env, token, session.remember, expiresAt, now);
  }
  return { kind: "valid", sessionId: id, user: toSignedInUser(row.user), setCookie };
}

/**
 * The signed-in user of a request, from its session cookie, and a Set-Cookie header
 * when the session was extended (or when a stale cookie should be dropped). A missing,
 * garbled, unknown or expired token is simply anonymous.
 */
export async function resolveSession(
  request: Request,
  env: Env,
): Promise<{ user: CurrentUser; sessionId: string | null; setCookie: string | null }> {
  const result = await validateRequestSession(request, env);
  if (result.kind === "valid") {
    return { user: result.user, sessionId: result.sessionId, setCookie: result.setCookie };
  }
  const setCookie = result.kind === "invalid" ? sessionClearCookie(env) : null;
  return { user: anonymousUser, sessionId: null, setCookie };
}

export async function deleteSession(env: Env, sessionId: string): Promise<void> {
  await database(env.DB).delete(sessions).where(eq(sessions.id, sessionId));
}
