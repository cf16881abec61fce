import { database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Mailer } from "./mail";

/** The local adapter: mail lands in the `email_outbox` table, shown at /_dev/mailbox. */
export function outboxMailer(d1: D1Database): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      await database(d1)
        .insert(emailOutbox)
        .values({ ...mail, createdAt: Date.now() });
    },
  };
}
