import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

/**
 * An in-memory SQLite database with the real migrations applied: the scripts' SQL
 * (written as literals for `wrangler d1 execute`) runs against the real schema.
 */
export function migratedSqlite(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const file of readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(`migrations/${file}`, "utf8"));
  }
  return db;
}
