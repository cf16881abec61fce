import { and, eq, isNull } from "drizzle-orm";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { readAttemptCookie } from "./cookie";
import { holdsAttemptCookie, loadAttempt } from "./lookup";

/**
 * Gives the browser's anonymous attempt to the account that just signed in or up
 * (docs/decisions/0008-timed-test.md). Only an attempt nobody owns yet is claimed, and
 * only with the right cookie secret. Returns the attempt id when the attempt now belongs
 * to `userId` (claimed now or before), else null.
 */
export async function claimAttemptFromCookie(
  request: Request,
  env: Env,
  userId: string,
): Promise<string | null> {
  const cookie = readAttemptCookie(request, env);
  if (!cookie) return null;
  const row = await loadAttempt(env, cookie.attemptId);
  if (!row || !holdsAttemptCookie(request, env, row)) return null;
  if (row.userId === userId) return row.id;
  if (row.userId !== null) return null;
  const claimed = await database(env.DB)
    .update(testAttempts)
    .set({ userId })
    .where(and(eq(testAttempts.id, row.id), isNull(testAttempts.userId)))
    .returning({ id: testAttempts.id });
  if (claimed.length === 0) {
    // Someone else claimed it between our read and our write.
    const now = await loadAttempt(env, row.id);
    return now?.userId === userId ? row.id : null;
  }
  console.log(`tests: attempt=${row.id} claimed by user=${userId}`);
  return row.id;
}
