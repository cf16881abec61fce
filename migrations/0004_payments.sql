CREATE TABLE `coupon_locks` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`attempt_id` text NOT NULL,
	`state` text NOT NULL,
	`held_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`code`) REFERENCES `coupons`(`code`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coupon_locks_code_idx` ON `coupon_locks` (`code`,`state`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`percent` integer NOT NULL,
	`expires_at` integer,
	`uses_allowed` integer DEFAULT 1 NOT NULL,
	`owner_user_id` text,
	`disabled_at` integer,
	`source` text NOT NULL,
	`issued_by_payment_id` text,
	`audience` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_issued_idx` ON `coupons` (`issued_by_payment_id`,`audience`);--> statement-breakpoint
CREATE INDEX `coupons_owner_idx` ON `coupons` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `local_checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text NOT NULL,
	`order_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`method` text,
	`after_payment` text,
	`currency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`locale` text NOT NULL,
	`success_url` text NOT NULL,
	`cancel_url` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_checkout_sessions_payment_intent_id_unique` ON `local_checkout_sessions` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text,
	`type` text NOT NULL,
	`outcome` text,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_events_payment_id_idx` ON `payment_events` (`payment_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`attempt_id` text NOT NULL,
	`user_id` text NOT NULL,
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
	FOREIGN KEY (`attempt_id`) REFERENCES `test_attempts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_session_id_unique` ON `payments` (`provider_session_id`);--> statement-breakpoint
CREATE INDEX `payments_attempt_id_idx` ON `payments` (`attempt_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_user_id_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_provider_payment_id_idx` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_open_per_attempt_idx` ON `payments` (`attempt_id`) WHERE status = 'awaiting';