import type { ApiErrorBody } from "../../core/accounts/account";
import { type Locale, localeInfo } from "../../core/locales/locales";
import { errorModalTexts } from "./error-modal-texts";

/**
 * The browser's client of our JSON API (docs/decisions/0007-accounts.md): same-origin
 * fetch with the session cookie, JSON in and out, and one error shape. A failed network
 * request is reported as status 0, so callers handle it like any other error.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiErrorBody };

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  /** The page's language: field messages come back in it. */
  locale?: Locale;
  /** Adds the `i18n` header the API reads first (forgot-password: the e-mail's language). */
  i18nHeader?: boolean;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const headers = new Headers({ Accept: "application/json" });
  if (request.locale) headers.set("Accept-Language", localeInfo[request.locale].iso);
  if (request.i18nHeader && request.locale && request.locale !== "en") {
    headers.set("i18n", request.locale);
  }
  let body: string | undefined;
  if (request.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      credentials: "include",
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return { ok: false, status: 0, error: { status: 0 } };
  }
  const payload = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return {
    ok: false,
    status: response.status,
    error: isApiErrorBody(payload) ? payload : { status: response.status },
  };
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const fields = (value as { fields?: unknown }).fields;
  return (
    fields === undefined ||
    (typeof fields === "object" &&
      fields !== null &&
      Object.values(fields).every((list) => Array.isArray(list)))
  );
}

/** What the shared error handling (spec section 8) does with an error response. */
export type ErrorPlan =
  | { kind: "fields"; fields: Record<string, string[]>; toasts: string[] }
  | { kind: "login" }
  | { kind: "modal"; key: string; status: number; goHome: boolean };

/** Statuses whose error modal leads back to the localized home (spec section 2). */
const homeStatuses = new Set([403, 404, 409]);

/**
 * 1. A body with fields: messages of the form's own fields go onto them; `code`, `system`
 *    and any field the form does not show become toasts.
 * 2. Else a 401 opens the login modal.
 * 3. Else the error modal for the code or status.
 */
export function planApiError(error: ApiErrorBody, formFields: readonly string[] = []): ErrorPlan {
  const entries = Object.entries(error.fields ?? {}).filter(([, list]) => list.length > 0);
  if (entries.length > 0) {
    const fields: Record<string, string[]> = {};
    const toasts: string[] = [];
    for (const [name, list] of entries) {
      if (formFields.includes(name)) fields[name] = list;
      else toasts.push(...list);
    }
    return { kind: "fields", fields, toasts };
  }
  if (error.status === 401) return { kind: "login" };
  return {
    kind: "modal",
    key: errorModalKey(error.code, error.status),
    status: error.status,
    goHome: homeStatuses.has(error.status),
  };
}

/** `invalidToken` -> `invalid_token`, when errors_modal_invalid_token_* exist; else the status. */
export function errorModalKey(code: string | undefined, status: number): string {
  const byCode = code?.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/[^a-z0-9_]/g, "");
  if (byCode && Object.hasOwn(errorModalTexts, byCode)) return byCode;
  if (Object.hasOwn(errorModalTexts, String(status))) return String(status);
  return "default";
}

/** What the error modal's button does (spec sections 2 and 8). */
export type ErrorModalButton = "home" | "retry" | "reload" | "action" | "close";

/**
 * 403/404/409 lead home. 503's 'Try Again' tries the caller's request again when it gave
 * one (`retry`, else its `onAction`), otherwise reloads the page. Any other button runs
 * the caller's `onAction`, or just closes the modal.
 */
export function errorModalButton(request: {
  status: number;
  goHome?: boolean;
  hasRetry: boolean;
  hasAction: boolean;
}): ErrorModalButton {
  if (request.goHome) return "home";
  if (request.status === 503) {
    if (request.hasRetry) return "retry";
    return request.hasAction ? "action" : "reload";
  }
  return request.hasAction ? "action" : "close";
}
