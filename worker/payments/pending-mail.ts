import { and, eq } from "drizzle-orm";
import { localizePath } from "../../core/web/route-table";
import { payments } from "../../db/schema";
import { paymentPendingMail } from "../email/pending-mail";
import type { Background } from "./background";
import { mailBuyerOnce } from "./mail-once";
import type { PaymentRow } from "./store";

/**
 * The pending e-mail goes once, when a payment waits for its Pix or boleto
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md), marked by
 * `pending_mail_sent_at`: a link back to the pending page, the buyer's only.
 */
export function sendPendingMailOnce(
  env: Env,
  row: PaymentRow,
  background: Background,
  now: number,
): Promise<void> {
  return mailBuyerOnce(
    env,
    row,
    {
      column: "pendingMailSentAt",
      state: and(
        eq(payments.status, "pending"),
        eq(payments.statusDetail, "pending_waiting_transfer"),
      ),
      purpose: "payment pending",
      build: (buyer, { locale, base }) =>
        paymentPendingMail({
          to: buyer.email,
          name: buyer.name,
          locale,
          total: { cents: row.totalCents, currency: row.currency },
          pageLink: `${base}${localizePath("payments", locale, { status: "pending", id: row.id })}`,
        }),
    },
    background,
    now,
  );
}
