import { escapeHtml } from "../../core/escape";
import type { Locale } from "../../core/locales";
import { translate } from "../../core/translate";
import type { Mail } from "./mail";

/** The account e-mails, in the language of the request that caused them. */

function layout(locale: Locale, title: string, body: string): string {
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

const paragraph = (text: string) =>
  `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:16px">${escapeHtml(text)}</td></tr>`;

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
      `<tr><td style="padding:8px 0 24px"><a href="${href}" style="display:inline-block;background:#4b3fd1;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(button)}</a></td></tr>`,
      `<tr><td style="font-size:12px;color:#6b7080;word-break:break-all;padding-bottom:16px"><a href="${href}" style="color:#4b3fd1">${href}</a></td></tr>`,
      paragraph(ignore),
    ].join("\n"),
  );
  const text = [greeting, "", intro, "", `${button}: ${input.link}`, "", ignore].join("\n");
  return { to: input.to, subject, html, text };
}

export function passwordChangedMail(input: { to: string; name: string; locale: Locale }): Mail {
  const { locale } = input;
  const subject = translate("email_changed_subject", locale);
  const greeting = translate("email_reset_greeting", locale, { name: input.name });
  const intro = translate("email_changed_intro", locale);
  const warning = translate("email_changed_warning", locale);
  const html = layout(
    locale,
    subject,
    [paragraph(greeting), paragraph(intro), paragraph(warning)].join("\n"),
  );
  const text = [greeting, "", intro, "", warning].join("\n");
  return { to: input.to, subject, html, text };
}
