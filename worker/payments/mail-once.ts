import { and, eq, isNull, type SQL } from "drizzle-orm";
import { isLocale, type Locale } from "../../core/locales/locales";
import { database } from "../../db/client";
import { payments, users } from "../../db/schema";
import type { Mail } from "../email/mail";
import { deliver } from "../email/mailer";
import type { Background } from "./background";
import type { PaymentRow } from "./store";

/** One e-mail a payment sends its buyer at most once (the receipt, the pending Pix's). */
export interface BuyerMail {
  /** The payments column that marks it sent. */
  column: "receiptSentAt" | "pendingMailSentAt";
  /** The row's state it is sent in, checked by the claim. */
  state: SQL | undefined;
  /** For the logs. */
  purpose: string;
  build(
    buyer: { email: string; name: string },
    where: { locale: Locale; base: string; attemptId: string },
  ): Mail | Promise<Mail>;
}

/**
 * Sends `mail` once: whoever marks it sent first (a D1 conditional update) sends it; a
 * failure unmarks it, so a later fulfilment tries again. A buyer who deleted their account
 * (ADR 0023) gets nothing.
 */
export async function mailBuyerOnce(
  env: Env,
  row: PaymentRow,
  mail: BuyerMail,
  background: Background,
  now: number,
): Promise<void> {
  const { userId, attemptId } = row;
  if (!userId || !attemptId) return;
  const db = database(env.DB);
  const claimed = await db
    .update(payments)
    .set({ [mail.column]: now })
    .where(and(eq(payments.id, row.id), isNull(payments[mail.column]), mail.state))
    .returning({ id: payments.id });
  if (claimed.length !== 1) return;
  try {
    const [buyer] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!buyer) return;
    const locale = isLocale(row.locale) ? row.locale : "en";
    const base = env.BASE_URL.replace(/\/$/, "");
    const built = await mail.build(buyer, { locale, base, attemptId });
    await deliver(env, built, background, mail.purpose);
  } catch (error) {
    await db
      .update(payments)
      .set({ [mail.column]: null })
      .where(eq(payments.id, row.id));
    throw error;
  }
}
