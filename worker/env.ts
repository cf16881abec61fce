import { z } from "zod";

const binding = (name: string, method: string) =>
  z.custom<unknown>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as Record<string, unknown>)[method] === "function",
    { message: `the ${name} binding is missing (declare it in wrangler.jsonc)` },
  );

/** What the Worker needs to run. Secrets join this schema as the issues that use them land. */
const envSchema = z.object({
  DB: binding("D1", "prepare"),
  KV: binding("KV", "get"),
  ENVIRONMENT: z.enum(["development", "production"], {
    message: 'must be "development" or "production"',
  }),
  BASE_URL: z.url({ message: "must be an absolute URL such as https://www.example.com" }),
});

export type ConfigProblem = { key: string; message: string };

/** Checks the env and names every missing or invalid key. */
export function findConfigProblems(env: unknown): ConfigProblem[] {
  const result = envSchema.safeParse(env ?? {});
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    key: String(issue.path[0] ?? "env"),
    message:
      issue.code === "invalid_type" && issue.input === undefined ? "is missing" : issue.message,
  }));
}

export function describeConfigProblems(problems: ConfigProblem[]): string {
  return `Invalid Worker configuration: ${problems
    .map((p) => `${p.key} ${p.message}`)
    .join(
      "; ",
    )}. Set vars in wrangler.jsonc and secrets in .dev.vars or with \`wrangler secret put\`.`;
}

const checked = new WeakSet<object>();

/**
 * Validates the env once per env object (the Worker receives the same object for the
 * isolate's lifetime). Returns a message naming the bad keys, or null when all is well.
 */
export function validateEnvOnce(env: object): string | null {
  if (checked.has(env)) return null;
  const problems = findConfigProblems(env);
  if (problems.length > 0) return describeConfigProblems(problems);
  checked.add(env);
  return null;
}
