ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`next_attempt_at`);--> statement-breakpoint
-- Mail written before the retries existed was the local adapter's: delivered when written.
UPDATE `email_outbox` SET `sent_at` = `created_at` WHERE `sent_at` IS NULL;