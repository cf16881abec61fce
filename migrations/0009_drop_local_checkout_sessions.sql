-- The local test provider keeps its checkouts in KV now (worker/dev/pay/sessions.ts,
-- docs/decisions/0035-development-wing.md): production never used this table.
DROP TABLE `local_checkout_sessions`;
