import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../scripts/chromium.mjs";
import { build, startServer } from "../scripts/local-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

const persistTo = ".wrangler/e2e-state";

/** Builds the Worker, serves it with fresh local D1/KV state, and hands its URL to the tests. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (!process.env.E2E_SKIP_BUILD) build();
  rmSync(persistTo, { recursive: true, force: true });
  const server = await startServer({ persistTo });
  project.provide("baseUrl", server.url);
  project.provide("chromiumPath", chromiumPath);
  return async () => {
    await server.stop();
  };
}
