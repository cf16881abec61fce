import { optionalSettings } from "../env";
import { httpMailer } from "./http-provider";
import type { Mail, Mailer } from "./mail";
import { outboxMailer, queueMail, sendDueMail, tryToSend } from "./outbox";

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
 * would tell whether an account exists): the local outbox is written before answering;
 * with an HTTP provider the mail is written to the outbox and tried after the response,
 * through waitUntil, and a mail the provider did not take is tried again by the Cron
 * Trigger (worker/email/outbox.ts; docs/decisions/0029-dependency-failures.md).
 */
export async function deliver(
  env: Env,
  mail: Mail,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  purpose: string,
): Promise<void> {
  const mailer = createMailer(env);
  if (mailer.kind === "outbox") {
    await mailer.send(mail).then(
      () => console.log(`email: sent ${purpose} mail (outbox)`),
      (error: unknown) =>
        console.error(`email: ${purpose} mail failed (outbox): ${messageOf(error)}`),
    );
    return;
  }
  const sending = (async () => {
    const row = await queueMail(env.DB, mail, Date.now());
    console.log(`email: ${purpose} mail=${row.id} queued`);
    await tryToSend(env.DB, mailer, row);
  })().catch((error: unknown) =>
    // Not even written to the outbox (D1 failed): this mail is lost, and said so.
    console.error(`email: ${purpose} mail failed before the outbox had it: ${messageOf(error)}`),
  );
  ctx.waitUntil(sending);
}

/** The Cron Trigger (worker/index.ts): the mail whose next try is due. */
export function sendDueMailOf(env: Env) {
  return sendDueMail(env.DB, createMailer(env));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
