-- When a person last used the site signed in (issue 31.3; docs/decisions/0047-sweeps.md): the
-- privacy policy keeps data up to five years after it. Accounts that exist now count as seen
-- today, so none is removed before five years have passed from this migration.
ALTER TABLE `users` ADD `last_seen_at` integer;--> statement-breakpoint
UPDATE `users` SET `last_seen_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000;--> statement-breakpoint
CREATE INDEX `users_last_seen_at_idx` ON `users` (`last_seen_at`);
