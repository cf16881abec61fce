/**
 * `wrangler d1 execute DB --json` for the scripts (coupons, calibration): the local D1 by
 * default, the deployed one with `remote`. wrangler takes no bound parameters here, so
 * callers write validated values as literals.
 */
import { execFileSync } from "node:child_process";

export type Row = Record<string, string | number | null>;

/** `persistTo`: another local state folder than the default (the browser tests' server has its own). */
export function executeD1(sql: string, remote: boolean, persistTo?: string): Row[] {
  const args = ["d1", "execute", "DB", remote ? "--remote" : "--local", "--json", "--command", sql];
  if (!remote && persistTo) args.push("--persist-to", persistTo);
  let output: string;
  try {
    output = execFileSync("wrangler", args, {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1024 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(`wrangler d1 execute failed: ${wranglerError(error)}`);
  }
  const [result] = JSON.parse(output) as { results: Row[] }[];
  return result?.results ?? [];
}

/** With --json, wrangler prints its error as `{ "error": { "text": ... } }` on stdout. */
function wranglerError(error: unknown): string {
  const stdout = (error as { stdout?: string }).stdout ?? "";
  try {
    return (JSON.parse(stdout) as { error: { text: string } }).error.text;
  } catch {
    return stdout.trim() || String(error);
  }
}
