// npm start: builds the site, applies the migrations to the local D1 and serves the
// Worker with wrangler on http://localhost:8787 (local D1, KV and Durable Objects).
import { run } from "./run.mjs";

const port = process.env.PORT ?? "8787";
console.log("▶ Building the site...");
run("npx", ["react-router", "build"]);
console.log("▶ Applying database migrations to the local D1...");
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], {
  env: { ...process.env, CI: "true" },
});
console.log(
  `▶ Serving on http://localhost:${port} (English) and http://localhost:${port}/pt-br (Português)\n`,
);
run("npx", ["wrangler", "dev", "--port", port, "--var", `BASE_URL:http://localhost:${port}`]);
