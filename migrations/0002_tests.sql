CREATE TABLE `test_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`secret_hash` text NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`started_at` integer NOT NULL,
	`deadline` integer NOT NULL,
	`finished_at` integer,
	`ended_by` text,
	`rejection_reason` text,
	`question_bank_version` text NOT NULL,
	`locale` text NOT NULL,
	`country` text,
	`answered_count` integer DEFAULT 0 NOT NULL,
	`answers` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_attempts_user_id_idx` ON `test_attempts` (`user_id`,`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `test_attempts_status_deadline_idx` ON `test_attempts` (`status`,`deadline`);--> statement-breakpoint
CREATE TABLE `test_results` (
	`attempt_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`finished_at` integer NOT NULL,
	`iq` integer NOT NULL,
	`iq_label` text NOT NULL,
	`at_ceiling` integer NOT NULL,
	`interval_low` integer NOT NULL,
	`interval_high` integer NOT NULL,
	`band` text NOT NULL,
	`raw_total` integer NOT NULL,
	`raw_by_category` text NOT NULL,
	`norms_version` text NOT NULL,
	`age_band` text NOT NULL,
	`percentage_world` real NOT NULL,
	`percentage_brazil` real NOT NULL,
	`percentile_method_world` text NOT NULL,
	`percentile_method_brazil` text NOT NULL,
	`country` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`attempt_id`) REFERENCES `test_attempts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_results_user_id_idx` ON `test_results` (`user_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `test_results_country_iq_idx` ON `test_results` (`country`,`iq`);