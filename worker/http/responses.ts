import type { ApiErrorBody } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import { translate } from "../../core/locales/translate";

/**
 * The API's responses: JSON that no cache keeps, redirects, and the one error shape
 * (`ApiErrorBody`, spec section 8) with field messages in the request's language.
 */

export const noStore = { "Cache-Control": "no-store" } as const;

/** A message key, or a key with the inputs its text needs (`{couponLockTime}`). */
export type FieldMessage = string | { key: string; inputs: Record<string, unknown> };

export interface ApiError {
  /** Messages per field (`code` and `system` become toasts in the browser). */
  fields?: Record<string, FieldMessage[]>;
  code?: string;
}

/** JSON with `Cache-Control: no-store` and the given cookies (null ones are skipped). */
export function json(body: unknown, status: number, cookies: (string | null)[] = []): Response {
  const headers = new Headers(noStore);
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

export function redirect(location: string, status: 302 | 303, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, ...noStore });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status, headers });
}

/** Field errors as message keys -> an ApiErrorBody with the texts in the request's language. */
export function errorBody(locale: Locale, status: number, error: ApiError = {}): ApiErrorBody {
  const body: ApiErrorBody = { status };
  if (error.fields) {
    body.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [
        field,
        messages.map((message) =>
          typeof message === "string"
            ? translate(message, locale)
            : translate(message.key, locale, message.inputs),
        ),
      ]),
    );
  }
  if (error.code) body.code = error.code;
  return body;
}

export function errorResponse(
  locale: Locale,
  status: number,
  error: ApiError = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorBody(locale, status, error), {
    status,
    headers: { ...noStore, ...headers },
  });
}

/**
 * How long a client waits before trying again after a 503: our dependencies' hiccups
 * (a D1 or Durable Object reset) last seconds (docs/decisions/0029-dependency-failures.md).
 */
export const retryAfterSeconds = 5;

/**
 * 503 `serviceUnavailable`: a dependency failed or did not answer (the error modal's 'Service
 * Temporarily Unavailable!' with Try Again). Nothing happened that the client cannot repeat.
 */
export function serviceUnavailable(): Response {
  const body: ApiErrorBody = { status: 503, code: "serviceUnavailable" };
  return Response.json(body, {
    status: 503,
    headers: { ...noStore, "Retry-After": String(retryAfterSeconds) },
  });
}

/** Any API path nobody claimed: a JSON 404, never a page. */
export function notFoundJson(): Response {
  return Response.json({ status: 404, code: "notFound" }, { status: 404, headers: noStore });
}
