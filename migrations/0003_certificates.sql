CREATE TABLE `certificates` (
	`code` text PRIMARY KEY NOT NULL,
	`attempt_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`age` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`attempt_id`) REFERENCES `test_attempts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_attempt_id_unique` ON `certificates` (`attempt_id`);--> statement-breakpoint
CREATE INDEX `certificates_user_id_idx` ON `certificates` (`user_id`);