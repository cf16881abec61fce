import { and, eq, isNotNull } from "drizzle-orm";
import type { CurrentUser } from "../../core/accounts/account";
import type { Form } from "../../core/items/pool/form";
import type { Letter } from "../../core/items/questions";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { attemptCookieHash, holdsAttemptCookie } from "../attempts/access";
import { readAttemptCookie } from "../attempts/cookie";

/**
 * Attempts' forms as D1 keeps them (docs/decisions/0039-forms-served-and-scored.md): the
 * JSON of the `Form` the attempt's Durable Object drew, written with the attempt's row.
 * Server only: a form holds its keys.
 */

/** The stored form, or null for an attempt on bank v1/v2 (or a column that is not a form). */
export function parseForm(text: string | null | undefined): Form | null {
  if (!text) return null;
  try {
    const form = JSON.parse(text) as Form;
    return Array.isArray(form?.items) ? form : null;
  } catch {
    return null;
  }
}

/** A form's key: the expected letter of each position. */
export function formKey(form: Form): Record<string, Letter> {
  return Object.fromEntries(form.items.map((item) => [item.code, item.key]));
}

/**
 * The content hashes of every item this person met before, so that their next form has
 * none of them: every form of the signed-in user's attempts, and the form of the attempt
 * this browser holds (an anonymous taker starting again). One or two D1 reads.
 */
export async function seenContents(
  request: Request,
  env: Env,
  user: CurrentUser,
): Promise<string[]> {
  const db = database(env.DB);
  const forms: (string | null)[] = [];
  if (user.isAuthenticated) {
    const rows = await db
      .select({ form: testAttempts.form })
      .from(testAttempts)
      .where(and(eq(testAttempts.userId, user.id), isNotNull(testAttempts.form)));
    for (const row of rows) forms.push(row.form);
  }
  const cookie = readAttemptCookie(request, env);
  if (cookie) {
    const [row] = await db
      .select({ form: testAttempts.form, secretHash: testAttempts.secretHash })
      .from(testAttempts)
      .where(eq(testAttempts.id, cookie.attemptId))
      .limit(1);
    if (
      row &&
      holdsAttemptCookie(attemptCookieHash(request, env, cookie.attemptId), row.secretHash)
    )
      forms.push(row.form);
  }
  const seen = new Set<string>();
  for (const text of forms) for (const item of parseForm(text)?.items ?? []) seen.add(item.content);
  return [...seen];
}
