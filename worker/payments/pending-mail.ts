import { eq } from "drizzle-orm";
import { isLocale } from "../../core/locales/locales";
import { localizePath } from "../../core/web/route-table";
import { database } from "../../db/client";
import { users } from "../../db/schema";
import { deliver } from "../email/mailer";
import { paymentPendingMail } from "../email/pending-mail";
import type { Background } from "./fulfil";
import type { PaymentRow } from "./store";

/**
 * The pending e-mail goes once, when a payment waits for its Pix or boleto
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): whoever marks it sent
 * first (a D1 conditional update) sends it; a failure unmarks it, so the provider's next
 * delivery or the buyer's next read tries again. As with the receipt, a buyer who deleted
 * their account gets none.
 */
export async function sendPendingMailOnce(
  env: Env,
  row: PaymentRow,
  background: Background,
  now: number,
): Promise<void> {
  const { userId } = row;
  if (!userId || !row.attemptId) return;
  const claimed = await env.DB.prepare(
    `UPDATE payments SET pending_mail_sent_at = ? WHERE id = ? AND pending_mail_sent_at IS NULL
       AND status = 'pending' AND status_detail = 'pending_waiting_transfer'`,
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
    const page = localizePath("payments", locale, { status: "pending", id: row.id });
    const mail = paymentPendingMail({
      to: buyer.email,
      name: buyer.name,
      locale,
      total: { cents: row.totalCents, currency: row.currency },
      pageLink: `${base}${page}`,
    });
    await deliver(env, mail, background, "payment pending");
  } catch (error) {
    await env.DB.prepare("UPDATE payments SET pending_mail_sent_at = NULL WHERE id = ?")
      .bind(row.id)
      .run();
    throw error;
  }
}
