import { and, asc, eq, inArray, isNull, lt, lte } from "drizzle-orm";
import { database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Mail, Mailer } from "./mail";
import { MailNotSent } from "./mail";

/**
 * The `email_outbox` table (docs/decisions/0029-dependency-failures.md). The local adapter
 * writes each mail here as delivered (shown at /_dev/mailbox). With an HTTP provider every
 * mail is written here first and tried at once (after the response); a mail the provider
 * did not take waits here with its attempt count, and the Cron Trigger (`sendDueMail`,
 * every minute) tries it again later, until it is sent or given up. Its body (which may
 * hold a password-reset link) is emptied once it is sent or given up.
 */

type OutboxRow = typeof emailOutbox.$inferSelect;

/** A try in progress holds its mail this long: longer than a send may take (its timeout). */
export const outboxLeaseMs = 2 * 60_000;
/** Waits before the 2nd, 3rd, ... try: about ten hours in all, within the provider's 24-hour idempotency window. */
export const retryDelaysMs = [1, 5, 15, 60, 180, 360].map((minutes) => minutes * 60_000);
export const maxAttempts = retryDelaysMs.length + 1;
/** Mail the Cron Trigger tries in one run. */
const batchSize = 20;

/** The local adapter: the mail lands in the outbox as delivered, shown at /_dev/mailbox. */
export function outboxMailer(d1: D1Database): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      const now = Date.now();
      await database(d1)
        .insert(emailOutbox)
        .values({ ...mail, createdAt: now, sentAt: now });
    },
  };
}

/** Writes a mail for the provider, held for its first try (by the caller, now). */
export async function queueMail(d1: D1Database, mail: Mail, now: number): Promise<OutboxRow> {
  const [row] = await database(d1)
    .insert(emailOutbox)
    .values({ ...mail, createdAt: now, nextAttemptAt: now + outboxLeaseMs })
    .returning();
  if (!row) throw new Error("email: the outbox did not return the mail it wrote");
  return row;
}

export type TryOutcome = "sent" | "waiting" | "givenUp";

/**
 * One try of a mail this caller holds. Sent: marked so, its body emptied. Failed: its
 * attempt counted and its next try scheduled, or, after the last one (or when the provider
 * refused the mail itself), given up, its body emptied too.
 */
export async function tryToSend(
  d1: D1Database,
  mailer: Mailer,
  row: Pick<OutboxRow, "id" | "to" | "subject" | "html" | "text" | "attempts">,
  now: () => number = Date.now,
): Promise<TryOutcome> {
  const db = database(d1);
  const attempts = row.attempts + 1;
  try {
    // The same key on every try: the provider sends the mail once even when a try it
    // took timed out on our side.
    await mailer.send(row, { idempotencyKey: `outbox/${row.id}` });
  } catch (error) {
    const reason = error instanceof MailNotSent ? error.message : "the send failed";
    const permanent = error instanceof MailNotSent && error.permanent;
    const givenUp = permanent || attempts >= maxAttempts;
    const delay = retryDelaysMs[attempts - 1] ?? 0;
    await db
      .update(emailOutbox)
      .set(
        givenUp
          ? { attempts, lastError: reason, nextAttemptAt: null, html: "", text: "" }
          : { attempts, lastError: reason, nextAttemptAt: now() + delay },
      )
      .where(eq(emailOutbox.id, row.id));
    if (givenUp) {
      console.error(`email: mail=${row.id} given up after ${attempts} attempt(s): ${reason}`);
      return "givenUp";
    }
    console.warn(`email: mail=${row.id} not sent (attempt ${attempts}: ${reason}); retried later`);
    return "waiting";
  }
  await db
    .update(emailOutbox)
    .set({ attempts, sentAt: now(), nextAttemptAt: null, lastError: null, html: "", text: "" })
    .where(eq(emailOutbox.id, row.id));
  console.log(`email: mail=${row.id} sent (attempt ${attempts})`);
  return "sent";
}

/**
 * The Cron Trigger's work: holds the mails whose next try is due (one statement, so two
 * runs never hold the same mail) and tries each once.
 */
export async function sendDueMail(
  d1: D1Database,
  mailer: Mailer,
  now: () => number = Date.now,
): Promise<Record<TryOutcome, number>> {
  const tally: Record<TryOutcome, number> = { sent: 0, waiting: 0, givenUp: 0 };
  if (mailer.kind !== "http") return tally;
  const db = database(d1);
  const start = now();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, start),
        lt(emailOutbox.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize);
  const held = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: start + outboxLeaseMs })
    .where(and(inArray(emailOutbox.id, due), isNull(emailOutbox.sentAt)))
    .returning();
  for (const row of held) tally[await tryToSend(d1, mailer, row, now)]++;
  return tally;
}
