import "./scripts/offline-env.mjs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure core/app logic in Node), `worker` (the Worker in workerd
 * with real local D1/KV) and `e2e` (the built Worker served by wrangler, driven over
 * HTTP and in Chromium). `npm test` runs them in that order (scripts/test.mjs).
 */
export default defineConfig(async () => ({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.ts",
            "worker/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["./tests/fail-on-console-error.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.jsonc" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["worker/**/*.test.ts"],
          exclude: ["worker/**/*.unit.test.ts"],
          // Sign-in tests hash 20-odd passwords (scrypt, ~100 ms each): on a busy 2-core
          // machine they took over vitest's default 5 s (seen once in CI).
          testTimeout: 30_000,
          setupFiles: ["./tests/apply-migrations.ts", "./tests/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["./tests/fail-on-console-error.ts"],
        },
      },
    ],
  },
}));
