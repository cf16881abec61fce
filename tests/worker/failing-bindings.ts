import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp, type PageHandler } from "../../worker/app";
import { type DependencyBounds, defaultBounds } from "../../worker/dependencies/guard";
import type { Send } from "./client";

/**
 * Our infrastructure failing, for the worker tests (docs/decisions/0029-dependency-failures.md):
 * the real bindings behind a Proxy whose calls throw what workerd throws in an outage, or
 * never answer. The errors are shaped as D1, KV and Durable Objects shape theirs (seen by
 * injecting failures into the local runtime, and in Cloudflare's error lists). Imported by
 * tests only.
 */

/** A call that throws the given error, or one that never answers. */
export type Failure = { throws: () => Error } | "hangs";

export const d1Outage = (): Error => new Error("D1_ERROR: Network connection lost.");
export const kvOutage = (): Error => new Error("KV GET failed: 500 Internal Server Error");

/** An attempt's Durable Object reset (a deploy, a move) while the call was in flight. */
export const objectReset = (): Error =>
  Object.assign(new Error("Durable Object reset because its code was updated."), {
    durableObjectReset: true,
    retryable: true,
  });
export const objectOverloaded = (): Error =>
  Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), {
    overloaded: true,
  });
/** The object's own D1 write failed (finalising): thrown by its code, so `remote`. */
export const objectD1Outage = (): Error =>
  Object.assign(new Error("D1_ERROR: Network connection lost."), { remote: true });
/** A bug in the object's code: must stay a 500. */
export const objectBug = (): Error =>
  Object.assign(new TypeError("Cannot read properties of undefined (reading 'letter')"), {
    remote: true,
  });

function failed<T>(failure: Failure): Promise<T> {
  if (failure === "hangs") return new Promise<T>(() => {});
  return Promise.reject(failure.throws());
}

/**
 * D1 whose every statement (and batch) fails; preparing and binding still work, as in D1.
 * With `writing`, only a statement whose SQL matches it fails, run alone or in a batch
 * (which then fails whole), and every other statement answers (for example the users
 * insert of a sign-up, after its reads).
 */
export function failingD1(failure: Failure, { writing }: { writing?: RegExp } = {}) {
  const statement: Record<string, unknown> = {
    bind: () => statement,
    first: () => failed(failure),
    all: () => failed(failure),
    run: () => failed(failure),
    raw: () => failed(failure),
  };
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const remembered = (prepared: D1PreparedStatement, sql: string): D1PreparedStatement => {
    sqlOf.set(prepared, sql);
    const bind = prepared.bind.bind(prepared);
    prepared.bind = (...values: unknown[]) => remembered(bind(...values), sql);
    if (writing?.test(sql)) {
      for (const method of ["first", "all", "run", "raw"] as const) {
        Object.assign(prepared, { [method]: () => failed(failure) });
      }
    }
    return prepared;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (writing) {
        if (property === "prepare") return (sql: string) => remembered(target.prepare(sql), sql);
        if (property === "batch") {
          return (statements: D1PreparedStatement[]) =>
            statements.some((each) => writing.test(sqlOf.get(each) ?? ""))
              ? failed(failure)
              : target.batch(statements);
        }
      } else {
        if (property === "prepare") return () => statement;
        if (property === "batch" || property === "exec") return () => failed(failure);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function failingKv(failure: Failure): KVNamespace {
  return new Proxy(env.KV, {
    get(target, property) {
      if (["get", "getWithMetadata", "put", "delete", "list"].includes(String(property))) {
        return () => failed(failure);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The attempts' Durable Objects, whose stubs' methods fail (the listed ones, or all). */
export function failingAttempts(
  failure: Failure,
  methods?: readonly string[],
): DurableObjectNamespace<import("../../worker/attempts/attempt-object").TestAttempt> {
  const failingStub = (stub: DurableObjectStub) =>
    new Proxy(stub, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof property === "symbol" || typeof value !== "function") return value;
        if (methods && !methods.includes(property)) {
          return (...args: unknown[]) => Reflect.apply(value, target, args);
        }
        return () => failed(failure);
      },
    });
  return new Proxy(env.TEST_ATTEMPT, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "get") {
        return (id: DurableObjectId) => failingStub(target.get(id));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Short bounds for a test whose dependency hangs (the defaults otherwise). */
export function bounds(short: Partial<DependencyBounds> = {}): DependencyBounds {
  return { ...defaultBounds, ...short };
}

/**
 * The Worker's app (pages rendered by `renderPage`) on the test env, whose bindings a test
 * replaces (`fail`) and gives back (`recover`); requests wait for what they handed to
 * waitUntil.
 */
export function worker(renderPage: PageHandler = async () => new Response("page")) {
  let bindings: Env = env;
  let app = createApp(renderPage, { buildId: "test" });
  const send: Send = async (request) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  return {
    send,
    fail(replaced: Partial<Env>, dependencyBounds: DependencyBounds = defaultBounds) {
      bindings = { ...env, ...replaced };
      app = createApp(renderPage, { buildId: "test", dependencyBounds });
    },
    recover() {
      bindings = env;
      app = createApp(renderPage, { buildId: "test" });
    },
  };
}
