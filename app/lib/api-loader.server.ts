import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { cloudflareContext } from "./load-context";

/**
 * How page loaders read the API: the body of a 2xx answer is parsed with its schema
 * (api-schemas.server.ts) and becomes the page's data; each failure the page expects
 * becomes one of its own results; anything else is an error response of at least 500,
 * which the pages' error boundary shows.
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
  /** The 2xx body's shape. A body that does not fit is a bug on our side: a 500. */
  schema: z.ZodType<Body>;
  /** The page's data from the parsed body (a page may read more before answering). */
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

export async function loadFromApi<Body, Page>(
  context: Readonly<RouterContextProvider>,
  { path, init, schema, ok, expected = [] }: ApiLoad<Body, Page>,
): Promise<Page | ReturnType<typeof data<Page>>> {
  const { api } = context.get(cloudflareContext);
  const response = await api(path, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return await ok(parsed.data);
    // The message names the fields only: no stack, and no values (they may be personal).
    console.error(
      `${path}: the API's answer does not fit its schema: ${z.prettifyError(parsed.error)}`,
    );
    throw failure(500);
  }
  const code = errorBody.safeParse(body).data?.code;
  const match = expected.find(
    (known) =>
      known.status === response.status && (known.code === undefined || known.code === code),
  );
  if (match) return data(match.page, { status: match.pageStatus ?? response.status });
  throw failure(response.status);
}

/** What `callApi` learns from the API: the parsed body, or the error body's parts. */
export type ApiAnswer<Body> =
  | { ok: true; status: number; body: Body }
  | { ok: false; status: number; code?: string; fields: Record<string, string[]> };

/**
 * Reads the API when a page needs more than `loadFromApi` gives: the parsed body, or the
 * error body's parts, for the caller to decide what each error means. A 2xx body that
 * does not fit its schema is a 500, as for `loadFromApi`.
 */
export async function callApi<Body>(
  context: Readonly<RouterContextProvider>,
  { path, init, schema }: { path: string; init?: RequestInit; schema: z.ZodType<Body> },
): Promise<ApiAnswer<Body>> {
  const { api } = context.get(cloudflareContext);
  const response = await api(path, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, status: response.status, body: parsed.data };
    console.error(
      `${path}: the API's answer does not fit its schema: ${z.prettifyError(parsed.error)}`,
    );
    throw failure(500);
  }
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
  {
    path,
    json,
    schema,
    locale,
  }: { path: string; json: unknown; schema: z.ZodType<Body>; locale: string },
): Promise<ApiAnswer<Body>> {
  const init = inLanguage(locale, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });
  return callApi(context, { path, init, schema });
}
