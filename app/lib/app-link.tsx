import type { ComponentProps } from "react";
import { Link } from "react-router";
import type { Locale } from "../../core/locales/locales";
import { localizePath, type Params, type Screen } from "../../core/web/route-table";

type AppLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  screen: Screen;
  locale: Locale;
  params?: Params;
  /** A query string, with its `?`. */
  search?: string;
  hash?: string;
};

/** A link to a screen of the route table, in a language, with the 'page' transition. */
export function AppLink({ screen, locale, params, search, hash, ...props }: AppLinkProps) {
  const to = localizePath(screen, locale, params) + (search ?? "") + (hash ? `#${hash}` : "");
  return <Link to={to} viewTransition {...props} />;
}
