import { useLocation } from "react-router";
import { type Locale, localeFromPath } from "../../core/locales/locales";

/** The language of the page being shown, from its path. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
