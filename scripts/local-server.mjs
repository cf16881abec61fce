// Serves the built Worker with wrangler on a free port, with its own local D1/KV state.
import { execFileSync, spawn } from "node:child_process";
import "./offline-env.mjs";
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function build() {
  // A production build even when called from vitest (which sets NODE_ENV=test, and
  // Vite would then compile `import.meta.env.DEV` as true).
  execFileSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/**
 * Applies the migrations to the state folder and starts `wrangler dev` on the build.
 * `vars` become extra `--var NAME:value` flags (e.g. `{ COUNT_D1_QUERIES: "1" }`).
 * @param {{ persistTo: string, port?: number, vars?: Record<string, string> }} options
 */
export async function startServer({ persistTo, port = undefined, vars = {} }) {
  const chosen = port ?? (await freePort());
  execFileSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    },
  );
  const url = `http://localhost:${chosen}`;
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(chosen),
      "--persist-to",
      persistTo,
      "--var",
      `BASE_URL:${url}`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--show-interactive-dev-session=false",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, FORCE_COLOR: "0" },
    },
  );
  // The whole process group: npx, wrangler and its workerd.
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) {
    // Not left running behind the error (a caller that failed to start has nothing to stop).
    await stop();
    throw new Error(`wrangler dev did not answer in 60 s:\n${output}`);
  }
  return { url, stop, output: () => output };
}
