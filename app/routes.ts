import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { localeInfo, locales } from "../core/locales/locales";
import { routeModule, routePattern, servedScreens } from "../core/web/route-table";

/** Every served screen of the route table, once per language, with ids like `home.pt-br`. */
const pages = servedScreens.flatMap((screen) =>
  locales.map((locale) =>
    route(routePattern(screen, locale), routeModule(screen), { id: `${screen}.${locale}` }),
  ),
);

// Development only (404 in production): previews of the error screens in each language.
// Its parameter is not `code`: that name is a certificate code in the route table.
const errorPreviews = locales.map((locale) =>
  route(`${localeInfo[locale].prefix}/_dev/error/:httpStatus`, "routes/dev-error.tsx", {
    id: `dev-error.${locale}`,
  }),
);

export default [
  // One layout below the root catches page errors, so the document shell never remounts.
  layout("routes/pages-layout.tsx", [
    ...pages,
    ...errorPreviews,
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
