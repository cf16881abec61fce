import { and, desc, eq } from "drizzle-orm";
import type { CurrentUser } from "../../core/accounts/account";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { attemptCookieHash, holdsAttemptCookie, isOwner } from "./access";
import { readAttemptCookie } from "./cookie";

/**
 * Finding an attempt and deciding who owns it (SECURITY.md 14): the browser holding its
 * cookie, or its signed-in owner. Anything else is treated like an unknown id.
 */

export type AttemptRow = typeof testAttempts.$inferSelect;

export function attemptStub(env: Env, attemptId: string) {
  return env.TEST_ATTEMPT.get(env.TEST_ATTEMPT.idFromName(attemptId));
}

export async function loadAttempt(env: Env, attemptId: string): Promise<AttemptRow | undefined> {
  const [row] = await database(env.DB)
    .select()
    .from(testAttempts)
    .where(eq(testAttempts.id, attemptId))
    .limit(1);
  return row;
}

/** `isOwner` (access.ts) with the facts of the D1 row. */
export function ownsAttempt(
  request: Request,
  env: Env,
  row: AttemptRow,
  user: CurrentUser,
): boolean {
  return isOwner({
    holdsCookie: holdsAttemptCookie(attemptCookieHash(request, env, row.id), row.secretHash),
    ownerId: row.userId,
    userId: user.isAuthenticated ? user.id : null,
  });
}

/** The attempt with this id, when the request owns it. */
export async function findOwnedAttempt(
  request: Request,
  env: Env,
  attemptId: string,
  user: CurrentUser,
): Promise<AttemptRow | null> {
  const row = await loadAttempt(env, attemptId);
  return row && ownsAttempt(request, env, row, user) ? row : null;
}

/**
 * Attempts that may still be running for this browser or user, newest first: the
 * cookie's, then the user's latest in D1's in_progress state (the Durable Object has the
 * last word on whether it still is).
 */
export async function candidateCurrentAttempts(
  request: Request,
  env: Env,
  user: CurrentUser,
): Promise<AttemptRow[]> {
  const found: AttemptRow[] = [];
  const cookie = readAttemptCookie(request, env);
  if (cookie) {
    const row = await loadAttempt(env, cookie.attemptId);
    if (row && row.status === "in_progress" && ownsAttempt(request, env, row, user)) {
      found.push(row);
    }
  }
  if (user.isAuthenticated) {
    const rows = await database(env.DB)
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.userId, user.id), eq(testAttempts.status, "in_progress")))
      .orderBy(desc(testAttempts.startedAt))
      .limit(3);
    for (const row of rows) if (!found.some((f) => f.id === row.id)) found.push(row);
  }
  return found;
}
