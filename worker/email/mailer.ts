import { optionalSettings } from "../env";
import { httpMailer } from "./http-provider";
import type { Mail, Mailer } from "./mail";
import { outboxMailer } from "./outbox";

/** The HTTP provider when EMAIL_API_KEY and EMAIL_FROM are set; the D1 outbox otherwise. */
export function createMailer(env: Env): Mailer {
  const { EMAIL_API_KEY, EMAIL_FROM, EMAIL_API_URL } = optionalSettings(env);
  if (EMAIL_API_KEY && EMAIL_FROM) {
    return httpMailer({ apiKey: EMAIL_API_KEY, from: EMAIL_FROM, url: EMAIL_API_URL });
  }
  return outboxMailer(env.DB);
}

/**
 * Sends a mail without letting the provider's latency show in the response time (which
 * would tell whether an account exists): the outbox is written before answering, an
 * HTTP provider is called after the response, through waitUntil.
 */
export async function deliver(
  mailer: Mailer,
  mail: Mail,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  purpose: string,
): Promise<void> {
  const sending = mailer.send(mail).then(
    () => console.log(`email: sent ${purpose} mail (${mailer.kind})`),
    (error: unknown) =>
      console.error(
        `email: ${purpose} mail failed (${mailer.kind}): ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
  if (mailer.kind === "outbox") await sending;
  else ctx.waitUntil(sending);
}
