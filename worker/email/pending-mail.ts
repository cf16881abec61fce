import type { Locale } from "../../core/locales/locales";
import { translate } from "../../core/locales/translate";
import type { Money } from "../../core/payments/checkout";
import { formatMoney } from "../../core/payments/payment-text";
import type { Mail } from "./mail";
import { buttonRow, layout, paragraph } from "./templates";

/**
 * The e-mail sent once when a payment starts waiting for its Pix or boleto
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): a link back to the pending
 * page, which shows the code, its QR code and the time left, or the boleto's voucher. The
 * page is the buyer's only: the link works for no one else.
 */
export function paymentPendingMail(input: {
  to: string;
  name: string;
  locale: Locale;
  total: Money;
  pageLink: string;
}): Mail {
  const { locale } = input;
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("payment_pending_subject");
  const greeting = t("email_reset_greeting", { name: input.name });
  const intro = t("payment_pending_intro", { amount: formatMoney(input.total, locale) });
  const button = t("payment_pending_button");
  const outro = t("payment_pending_outro");
  const html = layout(
    locale,
    subject,
    [
      paragraph(greeting),
      paragraph(intro),
      buttonRow(input.pageLink, button),
      paragraph(outro),
    ].join("\n"),
  );
  const text = [greeting, intro, "", `${button}: ${input.pageLink}`, "", outro].join("\n");
  return { to: input.to, subject, html, text };
}
