/**
 * The fuzzer's HTTP side (docs/decisions/0030-stateful-fuzzer.md): one cookie jar per
 * device, every response counted by status class and searched for what must never reach a
 * client (a stack trace, an internal name). A broken rule is thrown as a `Violation`, which
 * fails the fast-check run so that the sequence that led to it is shrunk.
 */

export class Violation extends Error {
  override readonly name = "Violation";
}

export function violation(message: string): never {
  throw new Violation(message);
}

/** What every run counts, across all its requests. */
export interface Tally {
  requests: number;
  byClass: Record<"2xx" | "3xx" | "4xx" | "5xx" | "other", number>;
  /** Each 5xx, once per method, path shape and status. */
  serverErrors: Map<string, number>;
  /**
   * Requests `wrangler dev`'s own proxy lost before they reached the Worker ("Network
   * connection lost" from miniflare's entry worker, workers-sdk#15203), each sent again.
   */
  devServerLost: number;
  /** How often each state of the model was seen (attempt and payment statuses, coupons). */
  reached: Map<string, number>;
}

export function count(tally: Tally, what: string): void {
  tally.reached.set(what, (tally.reached.get(what) ?? 0) + 1);
}

export function newTally(): Tally {
  return {
    requests: 0,
    byClass: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, other: 0 },
    serverErrors: new Map(),
    devServerLost: 0,
    reached: new Map(),
  };
}

/** Text that means an internal error escaped: a stack frame, a module path, an engine's name. */
const leaks: readonly [RegExp, string][] = [
  [/\n\s+at [^\n]*:\d+:\d+/, "a stack frame"],
  [/\bat (?:async )?[\w.$<>]+ \([^)]*:\d+:\d+\)/, "a stack frame"],
  [/node_modules/, "a node_modules path"],
  [/\bdrizzle\b/i, "the ORM's name"],
  [/D1_(?:ERROR|EXEC|TYPE)/, "a D1 error"],
  [/SQLITE_/, "a SQLite error"],
  [/\bworkerd\b/, "the runtime's name"],
  [/\b(?:TypeError|ReferenceError|SyntaxError|RangeError): /, "a JavaScript error"],
  [/file:\/\/\//, "a file URL"],
  [/\/(?:worker|core|db)\/[\w/-]+\.ts\b/, "a source path"],
];

export function leakIn(text: string): string | null {
  for (const [pattern, what] of leaks) if (pattern.test(text)) return what;
  return null;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json(): unknown;
}

export interface CallOptions {
  /** A JSON body (serialised) or raw bytes/text, with its own Content-Type header. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send our Origin (the CSRF check needs it on every non-GET); default true. */
  origin?: boolean;
  /** Replace the jar's cookies for this request only (forged, stale or someone else's). */
  cookie?: string | null;
}

/** Cookies the Worker sets over http (worker/auth/cookies.ts, worker/attempts/cookie.ts). */
export const cookieNames = { session: "session", attempt: "attempt" } as const;

/** One browser: a cookie jar, a client address of its own (so throttles stay per run). */
export class Device {
  readonly jar = new Map<string, string>();
  readonly base: string;
  readonly ip: string;
  readonly tally: Tally;
  readonly trail: string[];

  constructor(base: string, ip: string, tally: Tally, trail: string[]) {
    this.base = base;
    this.ip = ip;
    this.tally = tally;
    this.trail = trail;
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get session(): string | undefined {
    return this.jar.get(cookieNames.session);
  }

  get attemptCookie(): string | undefined {
    return this.jar.get(cookieNames.attempt);
  }

  private keep(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => {
        const [key = "", v = ""] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (gone || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    try {
      return await this.once(method, path, options);
    } catch (error) {
      if (!(error instanceof DevServerLost)) throw error;
      // The request never reached the Worker: sending it again is safe.
      this.tally.devServerLost++;
      return this.once(method, path, options);
    }
  }

  private async once(method: string, path: string, options: CallOptions): Promise<Answer> {
    const headers = new Headers(options.headers);
    headers.set("CF-Connecting-IP", this.ip);
    if (options.origin !== false && !headers.has("Origin")) headers.set("Origin", this.base);
    const cookie = options.cookie === undefined ? this.cookieHeader() : options.cookie;
    if (cookie) headers.set("Cookie", cookie);
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    const label = `${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}`;
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      this.tally.requests++;
      this.tally.byClass.other++;
      violation(`${label}: no answer (${(error as Error).message})`);
    }
    const text = await response.text();
    if (response.status === 500 && isDevServerLoss(text)) throw new DevServerLost();
    // A request with the jar's own cookies updates the jar, as a browser would.
    if (options.cookie === undefined) this.keep(response.headers);
    this.tally.requests++;
    const cls = `${Math.floor(response.status / 100)}xx` as keyof Tally["byClass"];
    this.tally.byClass[cls in this.tally.byClass ? cls : "other"]++;
    this.trail.push(`${label} -> ${response.status}`);
    if (this.trail.length > 12) this.trail.shift();
    if (response.status >= 500) {
      const shape = `${method} ${shapeOf(path)} ${response.status}`;
      this.tally.serverErrors.set(shape, (this.tally.serverErrors.get(shape) ?? 0) + 1);
      violation(`${label}: ${response.status} ${text.slice(0, 200)}`);
    }
    const leak = leakIn(text);
    if (leak) violation(`${label}: the body holds ${leak}: ${text.slice(0, 300)}`);
    return {
      status: response.status,
      text,
      headers: response.headers,
      json: () => {
        try {
          return JSON.parse(text);
        } catch {
          return violation(`${label}: ${response.status} is not JSON: ${text.slice(0, 120)}`);
        }
      },
    };
  }
}

/** `wrangler dev`'s proxy, not the Worker, answered: the request was lost on its way. */
class DevServerLost extends Error {}

function isDevServerLoss(text: string): boolean {
  return (
    text.startsWith("Error: Network connection lost.") &&
    text.includes("/miniflare/dist/src/workers/core/entry.worker.js")
  );
}

/** A path with its ids replaced, to group server errors. */
export function shapeOf(path: string): string {
  return path
    .split("?")[0]
    ?.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id")
    .replace(/cs_test_local_\w+/g, ":session") as string;
}

/** Expects one of the statuses; names the call and what came back otherwise. */
export function expectStatus(what: string, answer: Answer, ...allowed: number[]): void {
  if (!allowed.includes(answer.status)) {
    violation(
      `${what}: ${answer.status}, expected ${allowed.join(" or ")}: ${answer.text.slice(0, 200)}`,
    );
  }
}
