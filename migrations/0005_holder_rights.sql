CREATE TABLE `withdrawn_certificates` (
	`code` text PRIMARY KEY NOT NULL,
	`withdrawn_at` integer NOT NULL
);
--> statement-breakpoint
-- payments is rebuilt so that a deleted account's payments can stay without it (user_id and
-- attempt_id become nullable, ON DELETE SET NULL; ADR 0023). No table references payments, so
-- the rebuild needs no foreign-key pragma (drizzle-kit's PRAGMA foreign_keys lines were removed).
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`attempt_id` text,
	`user_id` text,
	`provider` text NOT NULL,
	`provider_session_id` text,
	`provider_payment_id` text,
	`status` text DEFAULT 'awaiting' NOT NULL,
	`status_detail` text,
	`version` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`list_cents` integer NOT NULL,
	`discount_percent` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`coupon_code` text,
	`locale` text NOT NULL,
	`redirect_url` text,
	`checkout_expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`approved_at` integer,
	`receipt_sent_at` integer,
	FOREIGN KEY (`attempt_id`) REFERENCES `test_attempts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "attempt_id", "user_id", "provider", "provider_session_id", "provider_payment_id", "status", "status_detail", "version", "currency", "list_cents", "discount_percent", "total_cents", "coupon_code", "locale", "redirect_url", "checkout_expires_at", "created_at", "updated_at", "approved_at", "receipt_sent_at") SELECT "id", "attempt_id", "user_id", "provider", "provider_session_id", "provider_payment_id", "status", "status_detail", "version", "currency", "list_cents", "discount_percent", "total_cents", "coupon_code", "locale", "redirect_url", "checkout_expires_at", "created_at", "updated_at", "approved_at", "receipt_sent_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_session_id_unique` ON `payments` (`provider_session_id`);--> statement-breakpoint
CREATE INDEX `payments_attempt_id_idx` ON `payments` (`attempt_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_user_id_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_provider_payment_id_idx` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_open_per_attempt_idx` ON `payments` (`attempt_id`) WHERE status = 'awaiting';--> statement-breakpoint
ALTER TABLE `sessions` ADD `reauthenticated_at` integer;