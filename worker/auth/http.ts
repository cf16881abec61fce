import type { ApiErrorBody } from "../../core/account";
import { localesFromAcceptLanguage } from "../../core/language";
import { isLocale, type Locale } from "../../core/locales";
import { translate } from "../../core/translate";

/**
 * Request helpers shared by the account endpoints: the request's language, a body
 * reader that never throws on client input, and the ApiErrorBody responses.
 */

/** The `i18n` header (sent by the forms when not English), else Accept-Language, else en. */
export function requestLocale(request: Request): Locale {
  const header = request.headers.get("i18n")?.trim().toLowerCase();
  if (isLocale(header)) return header;
  return localesFromAcceptLanguage(request.headers.get("Accept-Language"))[0] ?? "en";
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** Account forms are a few hundred bytes; anything near this is not one of ours. */
export const maxBodyBytes = 16 * 1024;

export type BodyResult = { ok: true; data: Record<string, unknown> } | { ok: false };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request body as a plain object: a multipart or urlencoded form, or JSON. Malformed
 * or non-object bodies read as `{}` (so the schema names the missing fields); only a
 * body over the size limit is refused.
 */
export async function readBody(request: Request, limit = maxBodyBytes): Promise<BodyResult> {
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readLimited(request, limit);
  } catch {
    return { ok: true, data: {} };
  }
  if (bytes === null) return { ok: false };
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (
      contentType.startsWith("multipart/form-data") ||
      contentType.startsWith("application/x-www-form-urlencoded")
    ) {
      const form = await new Response(bytes, {
        headers: { "Content-Type": contentType },
      }).formData();
      const data: Record<string, unknown> = {};
      for (const [name, value] of form) {
        // A repeated field or an uploaded file is not a text value: the schema refuses it.
        data[name] = name in data || typeof value !== "string" ? null : value;
      }
      return { ok: true, data };
    }
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return { ok: true, data: isPlainObject(parsed) ? parsed : {} };
  } catch {
    return { ok: true, data: {} };
  }
}

/** Field errors as message keys -> an ApiErrorBody with the texts in the request's language. */
export function errorBody(
  locale: Locale,
  status: number,
  error: { fields?: Record<string, string[]>; code?: string } = {},
): ApiErrorBody {
  const body: ApiErrorBody = { status };
  if (error.fields) {
    body.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, keys]) => [
        field,
        keys.map((key) => translate(key, locale)),
      ]),
    );
  }
  if (error.code) body.code = error.code;
  return body;
}

export function errorResponse(
  locale: Locale,
  status: number,
  error: { fields?: Record<string, string[]>; code?: string } = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorBody(locale, status, error), {
    status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}
