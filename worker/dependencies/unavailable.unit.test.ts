import { describe, expect, it } from "vitest";
import { guardCall } from "./guard";
import { classify, type Dependency, DependencyUnavailable, unavailableIn } from "./unavailable";

/**
 * Which failures are our infrastructure not serving (503) and which are bugs (500), on the
 * errors D1, KV and Durable Objects really throw (docs/decisions/0029-dependency-failures.md):
 * the messages and flags below were seen in workerd or are Cloudflare's documented ones.
 */

const remote = <T extends Error>(error: T): T => Object.assign(error, { remote: true });

const cases: [Dependency, string, Error, "unavailable" | "bug"][] = [
  ["d1", "the network", new Error("D1_ERROR: Network connection lost."), "unavailable"],
  [
    "d1",
    "overload",
    new Error("D1 DB is overloaded. Requests queued for too long."),
    "unavailable",
  ],
  [
    "d1",
    "a reset",
    new Error("D1_ERROR: Internal error in D1 DB storage caused object to be reset."),
    "unavailable",
  ],
  [
    "d1",
    "a full database",
    new Error("D1_ERROR: database or disk is full: SQLITE_FULL"),
    "unavailable",
  ],
  ["d1", "an unknown table", new Error("D1_ERROR: no such table: nope: SQLITE_ERROR"), "bug"],
  [
    "d1",
    "an undefined value",
    new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'"),
    "bug",
  ],
  [
    "d1",
    "a UNIQUE conflict (a caller's answer)",
    new Error(
      "D1_ERROR: UNIQUE constraint failed: payments.attempt_id: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
    ),
    "bug",
  ],
  ["d1", "a TypeError", new TypeError("Cannot read properties of undefined (reading 'id')"), "bug"],
  ["kv", "a 500", new Error("KV GET failed: 500 Internal Server Error"), "unavailable"],
  ["kv", "the write rate (429)", new Error("KV PUT failed: 429 Too Many Requests"), "unavailable"],
  ["kv", "the network", new Error("Network connection lost."), "unavailable"],
  [
    "kv",
    "a key too long",
    new Error("KV GET failed: 414 UTF-8 encoded length of 600 exceeds key length limit of 512."),
    "bug",
  ],
  [
    "kv",
    "a TTL too short",
    new Error(
      "KV PUT failed: 400 Invalid expiration_ttl of 10. Expiration TTL must be at least 60.",
    ),
    "bug",
  ],
  [
    "attempt object",
    "a reset",
    Object.assign(new Error("Durable Object reset because its code was updated."), {
      durableObjectReset: true,
      retryable: true,
    }),
    "unavailable",
  ],
  [
    "attempt object",
    "overload",
    Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), {
      overloaded: true,
    }),
    "unavailable",
  ],
  [
    "attempt object",
    "its own D1 write failing",
    remote(new Error("D1_ERROR: Network connection lost.")),
    "unavailable",
  ],
  [
    "attempt object",
    "a method it does not have",
    remote(new TypeError('The RPC receiver does not implement the method "x".')),
    "bug",
  ],
  [
    "attempt object",
    "a TypeError in its code",
    remote(new TypeError("Cannot read properties of null (reading 'durationMs')")),
    "bug",
  ],
  [
    "attempt object",
    "a statement its D1 refuses",
    remote(new Error("D1_ERROR: no such column: x: SQLITE_ERROR")),
    "bug",
  ],
];

describe("classify", () => {
  it.each(cases)("%s: %s is %s", (dependency, _what, error, expected) => {
    const classified = classify(dependency, error);
    if (expected === "bug") expect(classified).toBeNull();
    else {
      expect(classified).toBeInstanceOf(DependencyUnavailable);
      expect(classified?.dependency).toBe(dependency);
      expect(classified?.message).toBe(`${dependency} failed: ${error.message}`);
    }
  });
});

describe("unavailableIn", () => {
  it("finds the failure under drizzle's wrapper, whose message quotes the values", () => {
    const failure = new DependencyUnavailable("d1", "timeout", "no answer within 5000 ms");
    const wrapped = new Error("Failed query: select * from users where email = ?\nparams: a@b.c", {
      cause: failure,
    });
    expect(unavailableIn(wrapped)).toBe(failure);
    expect(unavailableIn(new Error("D1_ERROR: Network connection lost."))).toBeNull();
    expect(unavailableIn("not an error")).toBeNull();
  });
});

describe("guardCall", () => {
  it("a call that never answers fails after its bound, as a timeout", async () => {
    const error = await guardCall("d1", 5, () => new Promise(() => {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailable);
    expect((error as DependencyUnavailable).reason).toBe("timeout");
    expect((error as Error).message).toBe("d1 timed out: no answer within 5 ms");
  });

  it("answers what the call answers, and lets a bug's error through unchanged", async () => {
    expect(await guardCall("kv", 1000, async () => "value")).toBe("value");
    const bug = new TypeError("x is not a function");
    await expect(
      guardCall("kv", 1000, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
