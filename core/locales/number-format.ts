/**
 * Number formats, built once per language and options. Building an `Intl.NumberFormat`
 * costs far more than using one, and a page render used to build one per figure it showed
 * (the home page's distribution: one per band), which showed in its CPU profile
 * (docs/decisions/0026-shared-page-copies.md). The options come from our code, so the
 * kept formats are few.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  iso: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${iso}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(iso, options);
    formats.set(key, format);
  }
  return format;
}
