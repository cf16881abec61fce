-- Refunds (issue 30.6; docs/decisions/0045-seven-days-to-change-your-mind.md): one row per refunded
-- payment, whether the buyer withdrew within 7 days or the refund was made at the provider.
CREATE TABLE `refunds` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`origin` text NOT NULL,
	`method` text,
	`state` text NOT NULL,
	`pix_key` text,
	`pix_key_type` text,
	`provider_refund_id` text,
	`claimed_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`operator_notified_at` integer,
	`receipt_sent_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
