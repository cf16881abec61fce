import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { localeInfo, locales } from "../core/locales/locales";
import { routeModule, routePattern, servedScreens } from "../core/web/route-table";

/** Every served screen of the route table, once per language, with ids like `home.pt-br`. */
const pages = servedScreens.flatMap((screen) =>
  locales.map((locale) =>
    route(routePattern(screen, locale), routeModule(screen), { id: `${screen}.${locale}` }),
  ),
);

// DEVELOPMENT WING (docs/decisions/0035-development-wing.md): previews of the error screens
// in each language, the one page route that app/dev/ adds. Registered in every build (one
// build serves `npm start` and production); its loader answers 404 outside development.
// Its parameter is not `code`: that name is a certificate code in the route table.
const errorPreviews = locales.map((locale) =>
  route(`${localeInfo[locale].prefix}/_dev/error/:httpStatus`, "dev/error-preview.tsx", {
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
