/** One e-mail, already rendered (docs/decisions/0007-accounts.md, E-mail). */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What every e-mail provider adapter offers; worker/email/mailer.ts picks one. */
export interface Mailer {
  /** `outbox` writes to D1 (local default); `http` calls the provider's API. */
  readonly kind: "outbox" | "http";
  send(mail: Mail): Promise<void>;
}
