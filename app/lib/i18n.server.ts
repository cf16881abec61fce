import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "../../core/locales/locales";
import { setServerLocaleReader } from "./i18n";

const storage = new AsyncLocalStorage<Locale>();
setServerLocaleReader(() => storage.getStore());

/** Runs a request (and the streaming render it starts) with its language. */
export function runWithLocale<T>(locale: Locale, fn: () => T): T {
  return storage.run(locale, fn);
}
