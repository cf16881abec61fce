import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;

/**
 * A statement refused by a UNIQUE index (or primary key): the caller's answer to give (an
 * address taken, an event already seen). Drizzle wraps D1's error, so its causes are read too.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/i.test(cause.message)) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}
