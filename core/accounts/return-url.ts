/**
 * A return URL is accepted only as a same-site relative path: one leading `/`, no
 * `//`, no backslash, no scheme, no control characters, also after decoding. Kept apart
 * from the form rules so a page can check one without loading zod.
 */
export function isSafeReturnUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return false;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return false;
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//")) return false;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return false;
    if (/^\/[^/]*:/.test(candidate)) return false;
  }
  const parsed = new URL(value, "https://same.invalid");
  return parsed.origin === "https://same.invalid";
}
