// The production build, checked (issue 31.2): `react-router build` with the production
// environment of wrangler.jsonc, then `wrangler deploy --dry-run`, which bundles the
// Worker as Cloudflare would receive it without uploading anything. Fails when either
// cannot be made, or when the upload's gzip size passes the Workers Free plan's limit;
// prints both sizes. Leaves the production build in build/ (the browser tests and
// `npm start` build their own).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "./offline-env.mjs";

/** The Workers Free plan's limit on a Worker's compressed size. */
const freePlanGzipKiB = 3 * 1024;

function step(command, args, env = {}) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) {
    console.error(output);
    console.error(
      `\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status || 1);
  }
  return output;
}

step("npx", ["react-router", "build"], { CLOUDFLARE_ENV: "production" });
const outdir = mkdtempSync(join(tmpdir(), "dry-run-"));
try {
  const output = step("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
    WRANGLER_SEND_METRICS: "false",
  });
  const sizes = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!sizes) {
    console.error(output);
    console.error("\n✗ wrangler deploy --dry-run did not print the upload's size");
    process.exit(1);
  }
  const [upload, gzip] = [Number(sizes[1]), Number(sizes[2])];
  const mb = (kib) => (kib / 1024).toFixed(2);
  console.log(
    `Production upload: ${mb(upload)} MB, ${mb(gzip)} MB gzip (Workers Free plan limit: 3 MB gzip; ${mb(freePlanGzipKiB - gzip)} MB left)`,
  );
  if (gzip > freePlanGzipKiB) {
    console.error("✗ the production Worker is over the Free plan's 3 MB gzip");
    process.exit(1);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
