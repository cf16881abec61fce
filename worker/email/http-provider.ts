import { type Mailer, MailNotSent } from "./mail";

export const defaultEmailApiUrl = "https://api.resend.com/emails";

/** Longer than a send takes; a hanging provider fails the try, and the outbox tries again. */
export const defaultEmailTimeoutMs = 10_000;

/**
 * A Resend-style HTTP API: `POST {url}` with a Bearer key, an `Idempotency-Key` when given,
 * and a JSON body `{ from, to: [address], subject, html, text }`; any 2xx is success. A
 * failure throws `MailNotSent` with the status (a network error or a timeout as such).
 */
export function httpMailer(options: {
  apiKey: string;
  from: string;
  url?: string;
  timeoutMs?: number;
}): Mailer {
  const url = options.url ?? defaultEmailApiUrl;
  const timeoutMs = options.timeoutMs ?? defaultEmailTimeoutMs;
  return {
    kind: "http",
    async send(mail, sendOptions = {}) {
      const headers = new Headers({
        Authorization: `Bearer ${options.apiKey}`,
        "Content-Type": "application/json",
      });
      if (sendOptions.idempotencyKey) headers.set("Idempotency-Key", sendOptions.idempotencyKey);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify({
            from: options.from,
            to: [mail.to],
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        throw new MailNotSent(
          timedOut
            ? `the e-mail provider did not answer within ${timeoutMs} ms`
            : "the e-mail provider could not be reached",
        );
      }
      // Drain the body so the connection is released; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new MailNotSent(
          `the e-mail provider answered ${response.status}`,
          response.status === 400 || response.status === 422,
        );
      }
    },
  };
}
