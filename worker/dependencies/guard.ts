import { wrapD1 } from "./d1-wrapper";
import { classify, type Dependency, DependencyUnavailable, unavailableIn } from "./unavailable";

/**
 * The Worker's bindings as its requests use them (docs/decisions/0029-dependency-failures.md):
 * the same D1, KV and attempt Durable Objects, with every call bounded in time and its
 * failure classified. A call that fails because the dependency does not serve, or that
 * has not answered within its bound, rejects with `DependencyUnavailable` (the error
 * handlers answer 503); a bug's error (a refused statement, a TypeError) passes unchanged.
 * A call that timed out may still complete later: every call on the request path is safe
 * to repeat (an answer saved twice is saved once, ADR 0008).
 */

export interface DependencyBounds {
  /** One D1 statement or batch. */
  d1Ms: number;
  /** One KV read, write, delete or list. */
  kvMs: number;
  /** One call of an attempt's Durable Object (which may write D1 itself when it finalises). */
  attemptObjectMs: number;
}

/**
 * A D1 statement answers in milliseconds, and D1 already retries a failed read twice; a
 * cache read that takes seconds is worth less than rendering again; the object's call
 * covers its own D1 write. Tests pass a few milliseconds instead.
 */
export const defaultBounds: DependencyBounds = { d1Ms: 5_000, kvMs: 3_000, attemptObjectMs: 8_000 };

/** Runs one call of `dependency`, at most `ms` long, its failure classified. */
export async function guardCall<T>(
  dependency: Dependency,
  ms: number,
  call: () => Promise<T>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailable(dependency, "timeout", `no answer within ${ms} ms`)),
      ms,
    );
  });
  const running = (async () => call())().catch((error: unknown) => {
    throw classify(dependency, error) ?? error;
  });
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A synchronous part of a call (preparing or binding a statement), classified the same way. */
function guardSync<T>(dependency: Dependency, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw classify(dependency, error) ?? error;
  }
}

// --- D1 -------------------------------------------------------------------------------

class GuardedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly ms: number,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    const bound = guardSync("d1", () => this.inner.bind(...values));
    return statement(new GuardedStatement(bound, this.ms));
  }

  first(column?: string): Promise<unknown> {
    return guardCall("d1", this.ms, () =>
      column === undefined ? this.inner.first() : this.inner.first(column),
    );
  }

  run(): Promise<D1Result> {
    return guardCall("d1", this.ms, () => this.inner.run());
  }

  all(): Promise<D1Result> {
    return guardCall("d1", this.ms, () => this.inner.all());
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown> {
    return guardCall("d1", this.ms, () =>
      options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw(),
    );
  }
}

/** The class has every method of a statement, with looser overloads than the abstract type's. */
function statement(guarded: GuardedStatement): D1PreparedStatement {
  return guarded as unknown as D1PreparedStatement;
}

/** D1 runs only its own statements in a batch: ours are unwrapped. */
function unwrap(statements: D1PreparedStatement[]): D1PreparedStatement[] {
  return statements.map((s) =>
    (s as unknown) instanceof GuardedStatement ? (s as unknown as GuardedStatement).inner : s,
  );
}

function guardedD1(db: D1Database, ms: number): D1Database {
  return wrapD1(db, {
    prepare: (target) => (query) =>
      statement(
        new GuardedStatement(
          guardSync("d1", () => target.prepare(query)),
          ms,
        ),
      ),
    batch:
      (target) =>
      <T>(statements: D1PreparedStatement[]) =>
        guardCall("d1", ms, () => target.batch<T>(unwrap(statements))),
    exec: (query) => guardCall("d1", ms, () => db.exec(query)),
    dump: () => guardCall("d1", ms, () => db.dump()),
  });
}

// --- KV -------------------------------------------------------------------------------

const kvCalls = new Set<PropertyKey>(["get", "getWithMetadata", "put", "delete", "list"]);

function guardedKv(kv: KVNamespace, ms: number): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (!kvCalls.has(property) || typeof value !== "function") return value;
      return (...args: unknown[]) =>
        guardCall("kv", ms, () => Reflect.apply(value, target, args) as Promise<unknown>);
    },
  });
}

// --- the attempts' Durable Objects ----------------------------------------------------

/** Every method call of the stub is bounded; its id and name are read as they are. */
function guardedStub<T extends DurableObjectStub>(stub: T, ms: number): T {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof property === "symbol" || property === "then" || typeof value !== "function") {
        return value;
      }
      // Reflect.apply: an RPC method's own `apply` would be a call of a method named "apply".
      return (...args: unknown[]) =>
        guardCall(
          "attempt object",
          ms,
          () => Reflect.apply(value, target, args) as Promise<unknown>,
        );
    },
  });
}

function guardedNamespace<T extends DurableObjectNamespace>(namespace: T, ms: number): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "get" && property !== "getByName") {
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (...args: unknown[]) => {
        const stub = guardSync(
          "attempt object",
          () => Reflect.apply(value as () => DurableObjectStub, target, args) as DurableObjectStub,
        );
        return guardedStub(stub, ms);
      };
    },
  });
}

// --- the env ----------------------------------------------------------------------------

const guardedEnvs = new WeakSet<Env>();
/** One guarded env per env and bounds: caches keyed by the env (the payment provider) keep working. */
const cache = new WeakMap<DependencyBounds, WeakMap<Env, Env>>();

/** `env` with its D1, KV and attempt objects guarded; an env guarded already is returned as is. */
export function guardedEnv(env: Env, bounds: DependencyBounds = defaultBounds): Env {
  if (guardedEnvs.has(env)) return env;
  let byEnv = cache.get(bounds);
  if (!byEnv) {
    byEnv = new WeakMap();
    cache.set(bounds, byEnv);
  }
  let guarded = byEnv.get(env);
  if (!guarded) {
    guarded = {
      ...env,
      DB: guardedD1(env.DB, bounds.d1Ms),
      KV: guardedKv(env.KV, bounds.kvMs),
      TEST_ATTEMPT: guardedNamespace(env.TEST_ATTEMPT, bounds.attemptObjectMs),
    };
    guardedEnvs.add(guarded);
    byEnv.set(env, guarded);
  }
  return guarded;
}

/**
 * A cache's read or write (KV): when the cache does not serve, the request goes on without
 * it (a read is a miss, a write is skipped), which answers better than a 503 would.
 */
export async function unlessCacheUnavailable<T>(
  what: string,
  call: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const unavailable = unavailableIn(error);
    if (!unavailable) throw error;
    console.warn(`cache: ${what} skipped: ${unavailable.message}`);
    return fallback;
  }
}
