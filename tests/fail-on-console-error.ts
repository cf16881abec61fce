import { afterEach, beforeEach, vi } from "vitest";

/**
 * A console.error during a test fails it, unless the test calls `expectConsoleError()`.
 * Errors are collected and reported after the test, so code that swallows a throw
 * cannot hide them.
 */
let allowed = false;
let seen: string[] = [];

export function expectConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  seen = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    seen.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (!allowed && seen.length > 0) {
    throw new Error(`console.error during the test:\n${seen.join("\n")}`);
  }
});
