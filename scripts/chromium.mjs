// Finds Debian's Chromium for the browser tests, installing it when we can.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these Chromium floods the closed network with connections (STACK.md).
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** Returns the path of a usable Chromium, or throws saying how to get one. */
export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get)...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(path)) return path;
  }
  throw new Error(
    `Chromium was not found at ${path}. Install Debian's package (sudo apt-get install chromium) ` +
      "or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.",
  );
}
