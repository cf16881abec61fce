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
  /** The page's data from the parsed body. */
  ok(body: Body): Page;
  /** The failures the page expects; the first that matches wins. */
  expected?: readonly ExpectedFailure<NoInfer<Page>>[];
}

/** The `code` of the API's error bodies (core/account.ts `ApiErrorBody`). */
const errorBody = z.object({ code: z.string().optional() });

/** An error response for the pages' error boundary: the API's 5xx status, else 500. */
function failure(status: number) {
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
    if (parsed.success) return ok(parsed.data);
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
