import * as m from "../paraglide/messages";
import type { Locale } from "./locales";

type MessageFunction = (inputs?: Record<string, unknown>, options?: { locale?: Locale }) => string;
const messages = m as unknown as Record<string, MessageFunction | undefined>;

/** Text of a message key (as carried in field errors) in a language; unknown keys stay as they are. */
export function translate(
  key: string,
  locale: Locale,
  inputs: Record<string, unknown> = {},
): string {
  const message = messages[key];
  return message ? message(inputs, { locale }) : key;
}
