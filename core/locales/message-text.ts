import type { Locale } from "./locales";

/**
 * A compiled message that takes no inputs, as kept in a lookup table. Tables reference
 * each message statically (`m.some_key`) instead of looking keys up by name, so the
 * client bundle carries only the messages a page can show, not the whole catalogue
 * in both languages (docs/decisions/0015-home-performance.md).
 */
export type Text = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** The text of `key` in a table, or undefined when the table has no such key. */
export function lookUp(
  table: Readonly<Record<string, Text>>,
  key: string,
  locale: Locale,
): string | undefined {
  return Object.hasOwn(table, key) ? table[key]?.({}, { locale }) : undefined;
}
