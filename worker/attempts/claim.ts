import { and, eq, isNull } from "drizzle-orm";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { attemptCookieHash, holdsAttemptCookie } from "./access";
import { readAttemptCookie } from "./cookie";
import { attemptStub, loadAttempt } from "./lookup";

/**
 * Gives the browser's anonymous attempt to the account that just signed in or up
 * (docs/decisions/0008-timed-test.md). Only an attempt nobody owns yet is claimed, and
 * only with the right cookie secret. Returns the attempt id when the attempt now belongs
 * to `userId` (claimed now or before), else null.
 *
 * The attempt's Durable Object decides ownership for answers and finishing (ADR 0027)
 * and mirrors the row's owner: it is told a claim is starting before D1 is written (so it
 * decides nothing that depends on the owner meanwhile), and the owner once D1 has it,
 * with `sessionId`, the session of this browser, whose requests then need no D1 read.
 */
export async function claimAttemptFromCookie(
  request: Request,
  env: Env,
  userId: string,
  sessionId: string | null,
): Promise<string | null> {
  const cookie = readAttemptCookie(request, env);
  if (!cookie) return null;
  const row = await loadAttempt(env, cookie.attemptId);
  if (!row || !holdsAttemptCookie(attemptCookieHash(request, env, row.id), row.secretHash))
    return null;
  const stub = attemptStub(env, row.id);
  if (row.userId === userId) {
    await stub.ownerConfirmed(userId, sessionId);
    return row.id;
  }
  if (row.userId !== null) return null;
  await stub.claimStarting();
  const claimed = await database(env.DB)
    .update(testAttempts)
    .set({ userId })
    .where(and(eq(testAttempts.id, row.id), isNull(testAttempts.userId)))
    .returning({ id: testAttempts.id });
  if (claimed.length === 0) {
    // Someone else claimed it between our read and our write.
    const now = await loadAttempt(env, row.id);
    if (now?.userId !== userId) return null;
  } else {
    console.log(`tests: attempt=${row.id} claimed by user=${userId}`);
  }
  await stub.ownerConfirmed(userId, sessionId);
  return row.id;
}
