import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody } from "../../core/accounts/account";
import { type DependencyUnavailable, unavailableIn } from "../dependencies/unavailable";
import { noStore, serviceUnavailable } from "./responses";

/**
 * A path as the logs may show it: a segment that looks like a secret (a password-reset
 * token is part of its link's path) is masked (SECURITY.md 31).
 */
export function loggedPath(url: string): string {
  return new URL(url).pathname.replace(/\/[a-z2-7]{20,}(?=\/|$)/g, "/…");
}

const emailAddress = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/**
 * An unexpected error as the logs may show it (SECURITY.md 31): its name, message and
 * stack, then its causes, without the values of a failed statement (drizzle's message
 * quotes them after `params:`: e-mails, password hashes, tokens' hashes; the statement
 * itself, with its placeholders, stays) and without anything shaped like an e-mail.
 */
export function loggedError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return `(a thrown ${typeof error})`;
  const query = (error as { query?: unknown }).query;
  const message =
    typeof query === "string" && "params" in error ? `Failed query: ${query}` : error.message;
  const stack = error.stack ?? "";
  const text = stack.includes(error.message)
    ? stack.replace(error.message, message)
    : `${error.name}: ${message}\n${stack}`;
  const cause =
    error.cause !== undefined && depth < 3 ? `\ncause: ${loggedError(error.cause, depth + 1)}` : "";
  return `${text}${cause}`
    .replace(/^params: .*$/gm, "params: (not logged)")
    .replace(emailAddress, "(e-mail)");
}

/** The one log line of a request a dependency failed (ADR 0029): no stack, it is no bug. */
export function logUnavailable(request: Request, unavailable: DependencyUnavailable): void {
  console.error(
    `unavailable: ${request.method} ${loggedPath(request.url)}: ${unavailable.message}`,
  );
}

/**
 * What nobody handled: the API's error shape with its status, never a stack or a
 * message (SECURITY.md 28). A dependency that failed or did not answer in time (D1, KV,
 * an attempt's Durable Object: docs/decisions/0029-dependency-failures.md) is a 503
 * `serviceUnavailable` with `Retry-After`, logged in one line; a Hono HTTPException keeps
 * its status; anything else is a bug: a 500, logged with its stack for us (`loggedError`).
 */
export const answerUnhandledError: ErrorHandler = (error, c) => {
  const unavailable = unavailableIn(error);
  if (unavailable) {
    logUnavailable(c.req.raw, unavailable);
    return serviceUnavailable();
  }
  const status = error instanceof HTTPException ? error.status : 500;
  if (status >= 500) {
    console.error(`unhandled: ${c.req.method} ${loggedPath(c.req.url)}: ${loggedError(error)}`);
  }
  const body: ApiErrorBody = { status };
  if (status === 500) body.code = "internalServerError";
  return Response.json(body, { status, headers: noStore });
};
