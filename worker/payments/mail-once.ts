import { eq } from "drizzle-orm";
import { isLocale, type Locale } from "../../core/locales/locales";
import { database } from "../../db/client";
import { users } from "../../db/schema";
import type { Mail } from "../email/mail";
import { deliver } from "../email/mailer";
import type { Background } from "./fulfil";
import type { PaymentRow } from "./store";

/** One e-mail a payment sends its buyer at most once (the receipt, the pending Pix's). */
export interface BuyerMail {
  /** The payments column that marks it sent. */
  column: "receipt_sent_at" | "pending_mail_sent_at";
  /** The row's state it is sent in (SQL, on the payments row), checked by the claim. */
  state: string;
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
  const claimed = await env.DB.prepare(
    `UPDATE payments SET ${mail.column} = ? WHERE id = ? AND ${mail.column} IS NULL AND ${mail.state}`,
  )
    .bind(now, row.id)
    .run();
  if (claimed.meta.changes !== 1) return;
  try {
    const [buyer] = await database(env.DB)
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
    await env.DB.prepare(`UPDATE payments SET ${mail.column} = NULL WHERE id = ?`)
      .bind(row.id)
      .run();
    throw error;
  }
}
