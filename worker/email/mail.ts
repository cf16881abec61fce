/** One e-mail, already rendered (docs/decisions/0007-accounts.md, E-mail). */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface SendOptions {
  /**
   * The same key on a repeated send makes the provider send the mail once (Resend keeps
   * keys 24 hours): a try that timed out after the provider took the mail is not sent twice.
   */
  idempotencyKey?: string;
}

/** What every e-mail provider adapter offers; worker/email/mailer.ts picks one. */
export interface Mailer {
  /** `outbox` writes to D1 (local default); `http` calls the provider's API. */
  readonly kind: "outbox" | "http";
  send(mail: Mail, options?: SendOptions): Promise<void>;
}

/** The provider refused or failed a send. */
export class MailNotSent extends Error {
  override readonly name = "MailNotSent";

  constructor(
    message: string,
    /** The mail itself was refused (400, 422: a bad address): sending it again cannot help. */
    readonly permanent = false,
  ) {
    super(message);
  }
}
