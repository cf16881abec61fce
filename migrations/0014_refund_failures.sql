-- A refund the provider accepted and then failed (Stripe's refund.failed; ADR 0045 amended):
-- its reason, and the two mails it sends once each (the operator, the buyer).
ALTER TABLE `refunds` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `failure_operator_mailed_at` integer;--> statement-breakpoint
ALTER TABLE `refunds` ADD `failure_buyer_mailed_at` integer;