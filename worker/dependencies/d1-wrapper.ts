/**
 * A `D1Database` that sends everything to a real one through our own `prepare` and
 * `batch` (for the database and for each of its sessions) and `exec`: how the D1 guard
 * (guard.ts) and the bench's statement counter (worker/dev/d1-counter.ts) see every
 * statement.
 */

/** The part of a database, or of one of its sessions, that runs statements. */
export interface D1Runner {
  prepare(query: string): D1PreparedStatement;
  batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

export function wrapD1(
  db: D1Database,
  wrap: {
    prepare(target: D1Runner): (query: string) => D1PreparedStatement;
    batch(target: D1Runner): <T>(statements: D1PreparedStatement[]) => Promise<D1Result<T>[]>;
    exec(query: string): Promise<D1ExecResult>;
    dump?(): Promise<ArrayBuffer>;
  },
): D1Database {
  const wrapped = {
    prepare: wrap.prepare(db),
    batch: wrap.batch(db),
    exec: wrap.exec,
    withSession(constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint) {
      const session = db.withSession(constraintOrBookmark);
      return {
        prepare: wrap.prepare(session),
        batch: wrap.batch(session),
        getBookmark: () => session.getBookmark(),
      } as unknown as D1DatabaseSession;
    },
    dump: wrap.dump ?? (() => db.dump()),
  };
  return wrapped as unknown as D1Database;
}
