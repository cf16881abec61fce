// Runs a command with the project's binaries first on PATH; exits on failure.
import { spawnSync } from "node:child_process";
import "./offline-env.mjs";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status || 1);
  }
}
