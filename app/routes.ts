import { type RouteConfig, route } from "@react-router/dev/routes";
import { localeInfo, locales } from "../core/locales";
import { routeModule, routePattern, servedScreens } from "../core/route-table";

/** Every served screen of the route table, once per language, with ids like `home.pt-br`. */
const pages = servedScreens.flatMap((screen) =>
  locales.map((locale) =>
    route(routePattern(screen, locale), routeModule(screen), { id: `${screen}.${locale}` }),
  ),
);

export default [
  ...pages,
  // Development only (404 in production): previews of the error screens in each language.
  ...locales.map((locale) =>
    route(`${localeInfo[locale].prefix}/_dev/error/:status`, "routes/dev-error.tsx", {
      id: `dev-error.${locale}`,
    }),
  ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
