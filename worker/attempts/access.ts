import { sameHexDigest, sha256Hex } from "../auth/crypto";
import { uncheckedSessionId } from "../auth/session";
import { readAttemptCookie } from "./cookie";

/**
 * Who owns an attempt (SECURITY.md 14; docs/decisions/0008-timed-test.md), and how the
 * attempt's Durable Object decides it without D1 for the answer and finish routes
 * (docs/decisions/0027-answer-path-without-d1.md). Pure: no I/O here.
 */

/**
 * The rule, wherever its facts come from (the D1 row or the Durable Object): a signed-in
 * user owns the attempts that carry their id; the cookie's holder owns the attempt unless
 * another account has claimed it and is the one signed in.
 */
export function isOwner(facts: {
  holdsCookie: boolean;
  /** The account the attempt belongs to; null while anonymous. */
  ownerId: string | null;
  /** The signed-in user of the request; null when anonymous. */
  userId: string | null;
}): boolean {
  const { holdsCookie, ownerId, userId } = facts;
  if (userId !== null && ownerId === userId) return true;
  if (!holdsCookie) return false;
  return ownerId === null || userId === null;
}

/**
 * What the Durable Object keeps to decide ownership, mirroring the D1 row: written at
 * start, changed at claim. Attempts started before it existed have none (ADR 0027).
 */
export interface AttemptAccess {
  /** SHA-256 (hex) of the attempt cookie's secret, as D1 keeps it. */
  secretHash: string;
  /** The account the attempt belongs to; null while anonymous. */
  ownerId: string | null;
  /**
   * Session ids known to be the owner's: the session that started or claimed the
   * attempt, or one D1 confirmed since. Only an id, never a secret: it counts only with
   * the attempt cookie, which proves the request by itself.
   */
  ownerSessions: string[];
  /** A claim is being written to D1: the owner is not known until it is confirmed. */
  claimPending: boolean;
}

/** At most this many owner sessions are kept (oldest dropped): a session per sign-in. */
export const maxOwnerSessions = 8;

/** What a request shows the Durable Object. Built by the Worker from the cookies alone. */
export interface AttemptCredentials {
  /** SHA-256 (hex) of the attempt cookie's secret when the cookie names this attempt. */
  cookieHash: string | null;
  /** The session cookie's id, unchecked; null without a well-formed session cookie. */
  sessionId: string | null;
  /**
   * Set once the Worker has resolved the session in D1 (when the object asked for it):
   * the signed-in user's id, or null when the session is no valid one.
   */
  resolvedUserId?: string | null;
}

/** SHA-256 (hex) of the attempt cookie's secret when the request's cookie names this attempt. */
export function attemptCookieHash(request: Request, env: Env, attemptId: string): string | null {
  const cookie = readAttemptCookie(request, env);
  return cookie?.attemptId === attemptId ? sha256Hex(cookie.secret) : null;
}

export function attemptCredentials(
  request: Request,
  env: Env,
  attemptId: string,
): AttemptCredentials {
  return {
    cookieHash: attemptCookieHash(request, env, attemptId),
    sessionId: uncheckedSessionId(request, env),
  };
}

/**
 * The request's attempt cookie has the attempt's secret (compared in constant time),
 * whether the secret's hash comes from the D1 row or the Durable Object.
 */
export function holdsAttemptCookie(cookieHash: string | null, secretHash: string): boolean {
  return cookieHash !== null && sameHexDigest(cookieHash, secretHash);
}

/**
 * The signed-in account's own finished attempt, or null: what a checkout, a report and a
 * certificate are of. The account alone decides (`isOwner` without the cookie: holding an
 * anonymous attempt's cookie buys nothing before sign-in claims it).
 */
export function accountFinishedAttempt<
  Row extends { userId: string | null; status: string; finishedAt: number | null },
>(row: Row | null | undefined, userId: string): (Row & { finishedAt: number }) | null {
  if (!row || !isOwner({ holdsCookie: false, ownerId: row.userId, userId })) return null;
  const { finishedAt } = row;
  if (row.status !== "finished" || finishedAt === null) return null;
  return { ...row, finishedAt };
}

/**
 * - `owner`, `stranger`: decided.
 * - `askSession`: a session cookie the object does not know, on a claimed attempt: the
 *   Worker resolves the session (one read of `sessions`) and asks again with its user.
 * - `askD1`: the object cannot decide (started before ADR 0027, storage gone, or a
 *   claim not yet confirmed): the Worker decides from the D1 row, as before.
 */
export type AccessDecision = "owner" | "stranger" | "askSession" | "askD1";

/**
 * `isOwner` with the facts the object has. The user is unknown until resolved, so the
 * rule is applied only where its answer is the same whoever the user is: no session
 * cookie (anonymous); an unclaimed attempt (the cookie decides); the cookie with a session
 * known to be the owner's (owner, whether that session is still valid or not).
 */
export function decideAccess(
  access: AttemptAccess | undefined,
  credentials: AttemptCredentials,
): AccessDecision {
  if (!access) return "askD1";
  const { sessionId, resolvedUserId } = credentials;
  const holdsCookie = holdsAttemptCookie(credentials.cookieHash, access.secretHash);
  const { ownerId } = access;
  const decided = (userId: string | null) =>
    isOwner({ holdsCookie, ownerId, userId }) ? "owner" : "stranger";
  if (sessionId === null) return decided(null);
  if (access.claimPending) return "askD1";
  if (resolvedUserId !== undefined) return decided(resolvedUserId);
  if (ownerId === null) return holdsCookie ? "owner" : "stranger";
  if (holdsCookie && access.ownerSessions.includes(sessionId)) return "owner";
  return "askSession";
}

/** The access after the owner was confirmed (start, claim, or a resolved session). */
export function withOwnerSession(
  access: AttemptAccess,
  ownerId: string,
  sessionId: string | null,
): AttemptAccess {
  const known = access.ownerSessions.filter((id) => id !== sessionId);
  const ownerSessions = sessionId === null ? known : [...known, sessionId];
  return {
    ...access,
    ownerId,
    claimPending: false,
    ownerSessions: ownerSessions.slice(-maxOwnerSessions),
  };
}

/**
 * The access to keep after D1 resolved the request's session to the owner in the browser
 * holding the cookie: that session's next requests are decided without D1. Null when
 * there is nothing new to remember.
 */
export function rememberingSession(
  access: AttemptAccess,
  credentials: AttemptCredentials,
): AttemptAccess | null {
  const { sessionId, resolvedUserId } = credentials;
  if (access.ownerId === null || resolvedUserId !== access.ownerId || sessionId === null) {
    return null;
  }
  if (
    access.ownerSessions.includes(sessionId) ||
    !holdsAttemptCookie(credentials.cookieHash, access.secretHash)
  ) {
    return null;
  }
  return withOwnerSession(access, access.ownerId, sessionId);
}
