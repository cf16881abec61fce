import type { Locale } from "../../core/locales/locales";
import { translate } from "../../core/locales/translate";
import type { IssuedCoupon, Money } from "../../core/payments/checkout";
import { formatMoney } from "../../core/payments/payment-text";
import { escapeHtml } from "../../core/web/escape";
import type { Mail } from "./mail";

/** The account e-mails, in the language of the request that caused them. */

export function layout(locale: Locale, title: string, body: string): string {
  const footer = escapeHtml(translate("email_footer", locale));
  return `<!doctype html>
<html lang="${locale === "pt-br" ? "pt-BR" : "en-US"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#4b3fd1;padding-bottom:16px">Lumen IQ</td></tr>
${body}
<tr><td style="font-size:12px;color:#6b7080;padding-top:24px;border-top:1px solid #e5e7ee">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const paragraph = (text: string) =>
  `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:16px">${escapeHtml(text)}</td></tr>`;

/** The mail's one button: a link styled as the site's primary button. */
export const buttonRow = (href: string, label: string) =>
  `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#4b3fd1;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></td></tr>`;

export function passwordResetMail(input: {
  to: string;
  name: string;
  link: string;
  locale: Locale;
}): Mail {
  const { locale } = input;
  const subject = translate("email_reset_subject", locale);
  const greeting = translate("email_reset_greeting", locale, { name: input.name });
  const intro = translate("email_reset_intro", locale);
  const button = translate("email_reset_button", locale);
  const ignore = translate("email_reset_ignore", locale);
  const href = escapeHtml(input.link);
  const html = layout(
    locale,
    subject,
    [
      paragraph(greeting),
      paragraph(intro),
      buttonRow(input.link, button),
      `<tr><td style="font-size:12px;color:#6b7080;word-break:break-all;padding-bottom:16px"><a href="${href}" style="color:#4b3fd1">${href}</a></td></tr>`,
      paragraph(ignore),
    ].join("\n"),
  );
  const text = [greeting, "", intro, "", `${button}: ${input.link}`, "", ignore].join("\n");
  return { to: input.to, subject, html, text };
}

/**
 * The notice after a password change: by the reset link (every device signed out) or on
 * the account page (`keptThisDevice`: the other devices signed out).
 */
export function passwordChangedMail(input: {
  to: string;
  name: string;
  locale: Locale;
  keptThisDevice?: boolean;
}): Mail {
  const { locale } = input;
  const subject = translate("email_changed_subject", locale);
  const greeting = translate("email_reset_greeting", locale, { name: input.name });
  const intro = translate(
    input.keptThisDevice ? "account_password_changed_mail_intro" : "email_changed_intro",
    locale,
  );
  const warning = translate("email_changed_warning", locale);
  const html = layout(
    locale,
    subject,
    [paragraph(greeting), paragraph(intro), paragraph(warning)].join("\n"),
  );
  const text = [greeting, "", intro, "", warning].join("\n");
  return { to: input.to, subject, html, text };
}

/** The receipt of an approved purchase (docs/decisions/0017-payments.md). */
export function paymentReceiptMail(input: {
  to: string;
  name: string;
  locale: Locale;
  orderId: string;
  total: Money;
  couponCode: string | null;
  reportLink: string;
  testsLink: string;
  coupons: IssuedCoupon[];
}): Mail {
  const { locale } = input;
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("payment_receipt_subject");
  const greeting = t("email_reset_greeting", { name: input.name });
  const intro = t("payment_receipt_intro");
  const amount = t("payment_receipt_amount", { amount: formatMoney(input.total, locale) });
  const order = t("payment_receipt_order", { orderId: input.orderId });
  const coupon = input.couponCode ? t("payment_receipt_coupon", { code: input.couponCode }) : null;
  const button = t("payment_receipt_button");
  const couponsIntro = t("payment_receipt_coupons_intro");
  const couponLines = input.coupons.map((c) =>
    t(c.audience === "buyer" ? "payment_receipt_coupon_buyer" : "payment_receipt_coupon_friend", {
      code: c.code,
      percent: c.percent,
    }),
  );
  const tests = t("payment_receipt_tests", { link: input.testsLink });
  const refund = t("payment_receipt_refund");
  const lines = [greeting, intro, amount, order, ...(coupon ? [coupon] : [])];
  const html = layout(
    locale,
    subject,
    [
      ...lines.map(paragraph),
      buttonRow(input.reportLink, button),
      ...(couponLines.length > 0 ? [paragraph(couponsIntro), ...couponLines.map(paragraph)] : []),
      paragraph(tests),
      paragraph(refund),
    ].join("\n"),
  );
  const text = [
    ...lines,
    "",
    `${button}: ${input.reportLink}`,
    "",
    ...(couponLines.length > 0 ? [couponsIntro, ...couponLines, ""] : []),
    tests,
    "",
    refund,
  ].join("\n");
  return { to: input.to, subject, html, text };
}

/**
 * The receipt of a refund (issue 30.6, docs/decisions/0045-seven-days-to-change-your-mind.md):
 * the provider gives the money back (card, Pix), or, for a boleto, the operator sends it to
 * the buyer's Pix key within `businessDays`.
 */
export function refundReceiptMail(input: {
  to: string;
  name: string;
  locale: Locale;
  orderId: string;
  total: Money;
  /** Null: refunded by the provider; otherwise the Pix key the operator sends it to. */
  pixKey: string | null;
  businessDays: number;
  testsLink: string;
}): Mail {
  const { locale } = input;
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("refund_receipt_subject");
  const amount = formatMoney(input.total, locale);
  const lines = [
    t("email_reset_greeting", { name: input.name }),
    input.pixKey === null
      ? t("refund_receipt_provider", { amount })
      : t("refund_receipt_pix", { amount, pixKey: input.pixKey, days: input.businessDays }),
    t("payment_receipt_order", { orderId: input.orderId }),
    t("refund_receipt_locked"),
    t("refund_receipt_tests", { link: input.testsLink }),
  ];
  const html = layout(locale, subject, lines.map(paragraph).join("\n"));
  return { to: input.to, subject, html, text: lines.join("\n\n") };
}

/** The operator's notice of a boleto's refund to send by Pix (always in Portuguese). */
export function refundToSendMail(input: {
  to: string;
  orderId: string;
  total: Money;
  buyerEmail: string | null;
  pixKey: string;
  pixKeyType: string;
  deadline: string;
}): Mail {
  const locale: Locale = "pt-br";
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("refund_operator_subject", { orderId: input.orderId });
  const lines = [
    t("refund_operator_intro"),
    t("refund_operator_amount", { amount: formatMoney(input.total, locale) }),
    t("refund_operator_key", { pixKey: input.pixKey, pixKeyType: input.pixKeyType }),
    t("payment_receipt_order", { orderId: input.orderId }),
    t("refund_operator_buyer", { email: input.buyerEmail ?? "-" }),
    t("refund_operator_deadline", { deadline: input.deadline }),
  ];
  const html = layout(locale, subject, lines.map(paragraph).join("\n"));
  return { to: input.to, subject, html, text: lines.join("\n\n") };
}

/**
 * The buyer's notice that the provider's refund failed (ADR 0045 amended): the money is
 * still theirs and comes back another way, by a person, from this address.
 */
export function refundFailedMail(input: {
  to: string;
  name: string;
  locale: Locale;
  orderId: string;
  total: Money;
  businessDays: number;
}): Mail {
  const { locale } = input;
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("refund_failed_subject");
  const lines = [
    t("email_reset_greeting", { name: input.name }),
    t("refund_failed_text", { amount: formatMoney(input.total, locale) }),
    t("refund_failed_next", { days: input.businessDays }),
    t("payment_receipt_order", { orderId: input.orderId }),
  ];
  const html = layout(locale, subject, lines.map(paragraph).join("\n"));
  return { to: input.to, subject, html, text: lines.join("\n\n") };
}

/** The operator's notice of a refund the provider failed, to return another way (Portuguese). */
export function refundFailedOperatorMail(input: {
  to: string;
  orderId: string;
  total: Money;
  buyerEmail: string | null;
  reason: string | null;
  deadline: string;
}): Mail {
  const locale: Locale = "pt-br";
  const t = (key: string, inputs: Record<string, unknown> = {}) => translate(key, locale, inputs);
  const subject = t("refund_failed_operator_subject", { orderId: input.orderId });
  const lines = [
    t("refund_failed_operator_intro", { reason: input.reason ?? "-" }),
    t("refund_operator_amount", { amount: formatMoney(input.total, locale) }),
    t("payment_receipt_order", { orderId: input.orderId }),
    t("refund_operator_buyer", { email: input.buyerEmail ?? "-" }),
    t("refund_operator_deadline", { deadline: input.deadline }),
    t("refund_failed_operator_done", { orderId: input.orderId }),
  ];
  const html = layout(locale, subject, lines.map(paragraph).join("\n"));
  return { to: input.to, subject, html, text: lines.join("\n\n") };
}
