-- The e-mail sent once when a payment waits for its Pix or boleto
-- (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): set by whoever sends it first.
ALTER TABLE `payments` ADD `pending_mail_sent_at` integer;
