import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * SECURITY.md 29: the Worker reaches D1 through bound parameters only (drizzle, whose
 * `sql` template binds what it interpolates, or `prepare()` with a constant statement and
 * `bind()`), and writes more than one statement through `batch()`: D1 has no interactive
 * transactions. Read from the source, as the review would.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
/** The D1 wrappers (bounds, the dev counter) pass a caller's statement through unchanged. */
const passThrough = [
  "worker/dependencies/guard.ts",
  "worker/dependencies/d1-wrapper.ts",
  "worker/dev/d1-counter.ts",
];

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each `.prepare(` call's first argument as written, and what follows a literal. */
function prepareArguments(source: string): string[] {
  return [...source.matchAll(/\.prepare\(\s*/g)].map((match) => {
    const rest = source.slice((match.index ?? 0) + match[0].length);
    const quote = rest[0];
    if (quote !== '"' && quote !== "'" && quote !== "`") return rest.slice(0, rest.search(/[),]/));
    const end = rest.indexOf(quote, 1);
    if (end < 0) return rest;
    // `"SELECT ... " + value` is not a constant: keep what follows the literal.
    const next = rest.slice(end + 1).trimStart()[0] ?? "";
    return rest.slice(0, end + 1) + (next === ")" || next === "," ? "" : next);
  });
}

/** What in `source` builds SQL from strings, or writes outside a batch. */
function sqlProblems(file: string, source: string): string[] {
  const problems: string[] = [];
  if (/\bsql\.raw\(/.test(source)) problems.push(`${file}: sql.raw`);
  if (/\.transaction\(/.test(source)) problems.push(`${file}: a transaction (use batch())`);
  if (/\b(BEGIN|COMMIT)( TRANSACTION)?\s*;?["'`]/i.test(source)) {
    problems.push(`${file}: BEGIN/COMMIT (use batch())`);
  }
  if (passThrough.includes(file)) return problems;
  if (/\.exec\(\s*["'`]/.test(source) || /\bDB\.exec\(/.test(source)) {
    problems.push(`${file}: exec() runs SQL without parameters`);
  }
  for (const argument of prepareArguments(source)) {
    const constant = /^"[^"]*"$|^'[^']*'$|^`[^`]*`$/.test(argument) && !argument.includes("${");
    if (!constant) problems.push(`${file}: prepare(${argument.slice(0, 60)})`);
  }
  return problems;
}

describe("SECURITY 29: D1 through bound parameters only, writes in batch()", () => {
  it("every statement the Worker prepares is a constant: values go through bind()", () => {
    const files = [...sources("worker"), ...sources("db")];
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) =>
      sqlProblems(relative(root, join(root, file)), readFileSync(join(root, file), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("the check finds SQL built from strings, exec() and transactions", () => {
    const built = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, read by the check
      "db.prepare(`SELECT * FROM users WHERE email = '${email}'`)",
      "db.prepare('SELECT * FROM users WHERE email = ' + email)",
      "db.prepare(query)",
      "env.DB.exec(`DELETE FROM users`)",
      "db.run(sql.raw(text))",
      "await db.transaction(async (tx) => {})",
      'db.prepare("BEGIN TRANSACTION;")',
    ];
    for (const source of built) expect(sqlProblems("x.ts", source), source).not.toEqual([]);
    const bound = [
      'db.prepare("SELECT * FROM users WHERE email = ?").bind(email)',
      "db.prepare(\n  `UPDATE coupons SET used = used + 1\n   WHERE code = ?1`,\n).bind(code)",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, read by the check
      "database(env.DB).select().from(users).where(sql`${users.email} = ${email}`)",
    ];
    for (const source of bound) expect(sqlProblems("x.ts", source), source).toEqual([]);
  });
});
