import {
  type ConsentCategory,
  type ConsentChoice,
  consentCookie,
  grants,
  readConsent,
} from "../../core/web/consent";

/**
 * The one gate for anything optional (SECURITY.md 34): a future analytics or
 * experience script must call `hasConsent(category)` before it loads, and listen to
 * `consentChangeEvent` to start (or, on a withdrawal, stop) later.
 * See docs/decisions/0012-legal-pages-and-consent.md.
 */

/** Dispatched on `window` after the visitor saves a choice; `detail` is the ConsentChoice. */
export const consentChangeEvent = "lumen:consentchange";

/**
 * Whether the visitor allowed a category. `necessary` is always true; the others are
 * false until the visitor opted in. Reads `document.cookie` unless a Cookie header is given
 * (on the server, pass the request's).
 */
export function hasConsent(category: ConsentCategory, cookieHeader?: string | null): boolean {
  const header =
    cookieHeader !== undefined
      ? cookieHeader
      : typeof document === "undefined"
        ? null
        : document.cookie;
  return grants(readConsent(header), category);
}

/** Stores a choice for a year and tells the page's listeners. Browser only. */
export function saveConsent(choice: Omit<ConsentChoice, "at">): ConsentChoice {
  const saved = { ...choice, at: Math.floor(Date.now() / 1000) };
  // biome-ignore lint/suspicious/noDocumentCookie: one small value; the Cookie Store API is not in every browser we serve.
  document.cookie = consentCookie(saved, window.location.protocol === "https:");
  window.dispatchEvent(new CustomEvent(consentChangeEvent, { detail: saved }));
  return saved;
}
