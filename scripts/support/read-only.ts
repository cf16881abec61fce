/**
 * The support tool reads and never writes (docs/decisions/0046-support-tool.md). `wrangler d1
 * execute` runs whatever it is given, on production with --remote, so every statement is
 * checked here before it leaves: one statement, a SELECT (or WITH ... SELECT), and no word
 * that writes or changes the connection, outside quoted text (CASE ... END is allowed: a
 * transaction's END would have to open the statement, and only SELECT or WITH may).
 */

const writingWords =
  /\b(INSERT|UPDATE|DELETE|REPLACE|UPSERT|DROP|ALTER|CREATE|ATTACH|DETACH|PRAGMA|VACUUM|REINDEX|ANALYZE|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|TRUNCATE)\b/i;

export class NotReadOnly extends Error {}

/** The statement with its quoted text ('...' and "...") and comments blanked out. */
function withoutQuotedText(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]/g, " ")
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ");
}

/** Throws unless `sql` is a single read-only SELECT; returns it unchanged. */
export function assertReadOnly(sql: string): string {
  const bare = withoutQuotedText(sql);
  if (/['"`]|\/\*/.test(bare)) throw new NotReadOnly("unbalanced quotes or comment");
  if (!/^\s*(SELECT|WITH)\b/i.test(bare)) throw new NotReadOnly("not a SELECT");
  if (bare.replace(/;\s*$/, "").includes(";")) throw new NotReadOnly("more than one statement");
  const word = bare.match(writingWords);
  if (word) throw new NotReadOnly(`'${word[1]}' in a read-only statement`);
  return sql;
}
