import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Real migrations on the real local D1 of the test run (idempotent across files).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
