import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { cloudflareContext } from "./load-context";

/**
 * How page loaders read the API: the body of a 2xx answer becomes the page's data, typed
 * by the `core/` type the API's handler builds it as (its one declaration:
 * docs/decisions/0036-one-shape-per-answer.md); each failure the page expects becomes one
 * of its own results; anything else is an error response of at least 500, which the
 * pages' error boundary shows.
 */

/** A failure the page shows as one of its own results. */
export interface ExpectedFailure<Page> {
  /** The API's status. */
  status: number;
  /** The error body's `code`, when the page tells failures of one status apart. */
  code?: string;
  /** What the page shows. */
  page: Page;
  /** The page's status: the API's unless given. */
  pageStatus?: number;
}

export interface ApiLoad<Body, Page> {
  path: string;
  init?: RequestInit;
  /**
   * The page's data from the 2xx body (a page may read more before answering). Its
   * parameter names the body's `core/` type, the one the API's handler answers with.
   */
  ok(body: Body): Page | Promise<Page>;
  /** The failures the page expects; the first that matches wins. */
  expected?: readonly ExpectedFailure<NoInfer<Page>>[];
}

/** The API's error bodies (core/accounts/account.ts `ApiErrorBody`): a code, and messages per field. */
const errorBody = z.object({
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

/** An error response for the pages' error boundary: the API's 5xx status, else 500. */
export function failure(status: number) {
  return data(null, { status: Math.max(500, status) });
}

/**
 * The 2xx body as the type its handler built it as. Not JSON is a bug on our side: a
 * 500, logged with the path only (no stack, no values: they may be personal).
 */
function answerBody<Body>(path: string, body: unknown): Body {
  if (body === undefined) {
    console.error(`${path}: the API's answer is not JSON`);
    throw failure(500);
  }
  // The API's handler built it as `Body` (ADR 0036): same Worker, same build.
  return body as Body;
}

export async function loadFromApi<Body, Page>(
  context: Readonly<RouterContextProvider>,
  { path, init, ok, expected = [] }: ApiLoad<Body, Page>,
): Promise<Page | ReturnType<typeof data<Page>>> {
  const { api } = context.get(cloudflareContext);
  const response = await api(path, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return await ok(answerBody<Body>(path, body));
  const code = errorBody.safeParse(body).data?.code;
  const match = expected.find(
    (known) =>
      known.status === response.status && (known.code === undefined || known.code === code),
  );
  if (match) return data(match.page, { status: match.pageStatus ?? response.status });
  throw failure(response.status);
}

/** What `callApi` learns from the API: the body, or the error body's parts. */
export type ApiAnswer<Body> =
  | { ok: true; status: number; body: Body }
  | { ok: false; status: number; code?: string; fields: Record<string, string[]> };

/**
 * Reads the API when a page needs more than `loadFromApi` gives: the body, as the `core/`
 * type named by the caller (`callApi<CheckoutView>`), or the error body's parts, for the
 * caller to decide what each error means. A 2xx body that is not JSON is a 500, as for
 * `loadFromApi`.
 */
export async function callApi<Body>(
  context: Readonly<RouterContextProvider>,
  { path, init }: { path: string; init?: RequestInit },
): Promise<ApiAnswer<Body>> {
  const { api } = context.get(cloudflareContext);
  const response = await api(path, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, body: answerBody<Body>(path, body) };
  const error = errorBody.safeParse(body).data;
  return { ok: false, status: response.status, code: error?.code, fields: error?.fields ?? {} };
}

/**
 * The request options that ask the API to answer in the page's language (its messages, and
 * the currency of the language's price), which can differ from the browser's languages.
 */
export function inLanguage(locale: string, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("i18n", locale);
  return { ...init, headers };
}

/**
 * How route actions call the API: a POST with a JSON body, in-process with the page's
 * cookies (same origin, so the API's CSRF check lets it through), in the page's language.
 */
export function sendToApi<Body>(
  context: Readonly<RouterContextProvider>,
  { path, json, locale }: { path: string; json: unknown; locale: string },
): Promise<ApiAnswer<Body>> {
  const init = inLanguage(locale, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });
  return callApi<Body>(context, { path, init });
}
