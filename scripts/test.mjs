// npm test: typecheck, lint, unit tests, worker tests (real local D1/KV in workerd), the
// production build with `wrangler deploy --dry-run` (its sizes printed), then browser tests
// (the built Worker served by wrangler, driven by Chromium; they build their own).
import { ensureChromium } from "./chromium.mjs";
import { run } from "./run.mjs";

const steps = [
  ["Messages", "node", ["scripts/compile-messages.mjs"]],
  ["Typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["Lint", "npx", ["biome", "check", "."]],
  ["Unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["Worker tests", "npx", ["vitest", "run", "--project", "worker"]],
  ["Production build", "node", ["scripts/production-build.mjs"]],
  ["Browser tests", "npx", ["vitest", "run", "--project", "e2e"]],
];

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  if (title === "Browser tests") ensureChromium();
  run(command, args);
}
console.log("\n✓ All checks passed.");
