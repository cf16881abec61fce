import { env, exports } from "cloudflare:workers";

/**
 * A small HTTP client for the worker tests: requests go through the real Worker
 * (`exports.default.fetch`) on the origin of BASE_URL, with a cookie jar. Imported by
 * tests only.
 */

export const origin = new URL(env.BASE_URL).origin;
export const sessionCookie = "session";

export function uniqueEmail(label = "user"): string {
  return `${label}-${crypto.randomUUID()}@example.com`;
}

/** A fresh client IP per test, so throttling counters never leak between tests. */
export function uniqueIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export const strongPassword = "Str0ng!Passw0rd";

export function adultBirthDate(): string {
  return "1990-05-17";
}

export interface CallOptions {
  method?: string;
  /** An object is sent as JSON; FormData as multipart; a string as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The Origin header; `null` sends none. Defaults to our origin for non-GET requests. */
  origin?: string | null;
}

/** Where a client's requests go: the real Worker unless a test hands the app another env. */
export type Send = (request: Request) => Promise<Response>;

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly ip = uniqueIp(),
    private readonly send: Send = (request) => exports.default.fetch(request),
  ) {}

  async fetch(path: string, options: CallOptions = {}): Promise<Response> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    const headers = new Headers(options.headers);
    headers.set("CF-Connecting-IP", this.ip);
    const requestOrigin = options.origin === undefined ? origin : options.origin;
    if (method !== "GET" && method !== "HEAD" && requestOrigin !== null && !headers.has("Origin")) {
      headers.set("Origin", requestOrigin);
    }
    if (this.cookies.size > 0 && !headers.has("Cookie")) {
      headers.set(
        "Cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || typeof options.body === "string") {
      body = options.body;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    const url = path.startsWith("http") ? path : `${origin}${path}`;
    const response = await this.send(
      new Request(url, { method, headers, body, redirect: "manual" }),
    );
    this.store(response);
    return response;
  }

  /** Keeps the cookies a response sets (Max-Age=0 deletes). */
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/;\s*Max-Age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get session(): string | undefined {
    return this.cookies.get(sessionCookie);
  }

  async signUp(overrides: Record<string, unknown> = {}) {
    const email = (overrides.email as string | undefined) ?? uniqueEmail();
    const response = await this.fetch("/api/accounts/sign-up", {
      body: {
        name: "Maria Silva",
        email,
        dateOfBirth: adultBirthDate(),
        password: strongPassword,
        passwordConfirmation: strongPassword,
        ...overrides,
      },
    });
    return { response, email };
  }

  login(email: string, password = strongPassword, rememberMe = false, query = "") {
    return this.fetch(`/api/accounts/login${query}`, { body: { email, password, rememberMe } });
  }

  async me() {
    const response = await this.fetch("/api/application-configuration");
    return ((await response.json()) as { user: { isAuthenticated: boolean; id: string | null } })
      .user;
  }
}

export interface LatestMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export async function latestMail(to: string): Promise<LatestMail | null> {
  const response = await exports.default.fetch(
    `${origin}/_dev/mailbox/latest.json?to=${encodeURIComponent(to)}`,
  );
  if (response.status === 404) return null;
  return (await response.json()) as LatestMail;
}

export async function mailCount(to: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from email_outbox where `to` = ?")
    .bind(to.toLowerCase())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A fetch for `vi.spyOn(globalThis, "fetch")`: the Worker's own outgoing requests to our
 * origin (the Google stand-in's token endpoint, called by arctic) go back into the
 * Worker, as the network does under `wrangler dev`; other hosts go to `outside`, a fake
 * of the outside world.
 */
export function selfRoutingFetch(
  outside: (request: Request) => Promise<Response> = async (request) => {
    throw new Error(`unexpected fetch to ${request.url}`);
  },
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin === origin) return exports.default.fetch(request);
    return outside(request);
  };
}
