import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { fieldErrors } from "../../core/accounts/account-rules";
import type { AppEnv } from "../app-env";
import { requestLocale } from "./request";
import { errorResponse } from "./responses";

/**
 * Request bodies of the API (SECURITY.md 28): every endpoint takes JSON or a form (the
 * spec's sign-up is a multipart form, the other forms send JSON), limited in size, and
 * checked by a zod schema. Client input never causes a 500: a malformed or non-object
 * body reads as `{}`, so the schema names the fields that are missing.
 */

/** Account forms are a few hundred bytes; anything near this is not one of ours. */
export const defaultMaxBodyBytes = 16 * 1024;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isForm(contentType: string): boolean {
  return (
    contentType.startsWith("multipart/form-data") ||
    contentType.startsWith("application/x-www-form-urlencoded")
  );
}

/**
 * The bytes of a body as a plain object: a multipart or urlencoded form, else JSON
 * (whatever the declared type). A repeated field or an uploaded file is not a text
 * value: it reads as null, which the schema refuses.
 */
export async function bodyFields(
  bytes: ArrayBuffer,
  contentType: string,
): Promise<Record<string, unknown>> {
  try {
    if (isForm(contentType.toLowerCase())) {
      const form = await new Response(bytes, {
        headers: { "Content-Type": contentType },
      }).formData();
      const data: Record<string, unknown> = {};
      for (const [name, value] of form) {
        data[name] = name in data || typeof value !== "string" ? null : value;
      }
      return data;
    }
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A request's body as fields (for the dev stand-ins, which answer in their own shape). */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  const bytes = await request.arrayBuffer().catch(() => new ArrayBuffer(0));
  return bodyFields(bytes, request.headers.get("Content-Type") ?? "");
}

function tooLarge(c: Context) {
  return errorResponse(requestLocale(c.req.raw), 413, {
    fields: { system: ["auth_request_too_large"] },
  });
}

/**
 * Hands the validator the body as JSON: a form becomes the same object, and a body that
 * does not parse becomes `{}` (Hono's own JSON validator would answer a bare 400).
 */
const asJsonBody: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  const bytes = await raw.arrayBuffer().catch(() => new ArrayBuffer(0));
  const fields = await bodyFields(bytes, raw.headers.get("Content-Type") ?? "");
  const headers = new Headers(raw.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  c.req.raw = new Request(raw, { headers, body: JSON.stringify(fields) });
  // Returned, not awaited alone: a validator's 400 travels back through here.
  return next();
};

/**
 * zod-validator's hook: a failed check answers 400 in the API's error shape, each
 * field's messages in the request's language.
 */
export function answerFieldErrors(
  result: { success: true } | { success: false; error: z.core.$ZodError },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return errorResponse(requestLocale(c.req.raw), 400, { fields: fieldErrors(result.error) });
}

type Validated<Target extends "json" | "param", S extends z.ZodType> = {
  in: { [K in Target]: z.input<S> };
  out: { [K in Target]: z.output<S> };
};

/**
 * The body pipeline of one endpoint: the size limit (413 `system`), the body as JSON,
 * then the schema (400 with field errors). The handler reads `c.req.valid("json")`.
 * A schema that depends on the day (the sign-up's 16+ rule) is given as a function and
 * made anew for each request.
 */
export function validBody<S extends z.ZodType>(
  schema: S | (() => S),
  maxBytes = defaultMaxBodyBytes,
): MiddlewareHandler<AppEnv, string, Validated<"json", S>> {
  const fresh = typeof schema === "function" ? schema : () => schema;
  const limit: MiddlewareHandler = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  const validate = zValidator("json", fresh(), answerFieldErrors, {
    // zod-validator types the result by the schema it was given; `fresh()` is the same schema.
    validationFunction: (_schema, value) => fresh().safeParseAsync(value) as never,
  }) as MiddlewareHandler;
  // One middleware of three steps. Hono types `next` as returning nothing, but each step
  // returns what the next one answered, so the validator's 400 reaches the client.
  return (c, next) => {
    const validateNext = (() => validate(c, next)) as Next;
    return limit(c, (() => asJsonBody(c, validateNext)) as Next);
  };
}

/** Path parameters checked by a schema, with the same 400 answer as a body. */
export function validParams<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, Validated<"param", S>> {
  return zValidator("param", schema, answerFieldErrors) as MiddlewareHandler;
}

/**
 * The checks of `validParams` and `validBody`, in that order, run without answering: the
 * values, or the answer a failed check gave (400 with field errors, 413). For a route that
 * learns only later whether the request may see the resource at all: its 404 goes first.
 */
export async function checkedRequest<E extends AppEnv, P extends z.ZodType, B extends z.ZodType>(
  c: Context<E>,
  params: P,
  body: B,
  maxBytes = defaultMaxBodyBytes,
): Promise<
  { ok: true; params: z.output<P>; body: z.output<B> } | { ok: false; refusal: Response }
> {
  const checks = [
    validParams(params),
    validBody(body, maxBytes),
  ] as unknown as MiddlewareHandler<E>[];
  for (const check of checks) {
    let passed = false;
    const answered = await check(c, async () => {
      passed = true;
    });
    if (!passed) return { ok: false, refusal: answered ?? c.res };
  }
  // The validators stored the values; the route's types do not know about them.
  const valid = (target: "param" | "json") =>
    (c.req as unknown as { valid(target: string): unknown }).valid(target);
  return {
    ok: true,
    params: valid("param") as z.output<P>,
    body: valid("json") as z.output<B>,
  };
}
