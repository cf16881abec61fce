import { readCookie } from "../../core/locales/language";

/**
 * The question a browser was on in its running test, kept in a small cookie so that the
 * page rendered after a reload opens on that question at once (the server renders it;
 * nothing jumps after hydration). Not a secret: an attempt id and an index.
 */

// Browsers already hold cookies by this name: renaming it would forget their place.
const cookieName = "test_position";
const oneDay = 24 * 60 * 60;

export function readAttemptPosition(
  cookieHeader: string | null,
  attemptId: string,
  count: number,
): number | null {
  const value = readCookie(cookieHeader, cookieName);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (value.slice(0, dot) !== attemptId) return null;
  const index = Number(value.slice(dot + 1));
  return Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

export function writeAttemptPosition(attemptId: string, index: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small value; the Cookie Store API is not in every browser we serve.
  document.cookie = `${cookieName}=${attemptId}.${index}; Path=/; Max-Age=${oneDay}; SameSite=Lax`;
}
