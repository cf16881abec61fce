import type { Mailer } from "./mail";

export const defaultEmailApiUrl = "https://api.resend.com/emails";

/**
 * A Resend-style HTTP API: `POST {url}` with a Bearer key and a JSON body
 * `{ from, to: [address], subject, html, text }`; any 2xx is success.
 */
export function httpMailer(options: { apiKey: string; from: string; url?: string }): Mailer {
  const url = options.url ?? defaultEmailApiUrl;
  return {
    kind: "http",
    async send(mail) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          from: options.from,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        }),
      });
      // Drain the body so the connection is released; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`the e-mail provider answered ${response.status}`);
    },
  };
}
