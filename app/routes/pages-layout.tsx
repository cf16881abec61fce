import { data, Outlet } from "react-router";
import { matchScreen } from "../../core/route-table";
import { GeneralErrorBoundary } from "../components/general-error-boundary";
import type { Route } from "./+types/pages-layout";

/** A screen whose parameters fail their schema is a 404 (spec section 2). */
const paramsMiddleware: Route.MiddlewareFunction = ({ request }, next) => {
  const match = matchScreen(new URL(request.url).pathname);
  if (match && !match.valid) throw data(null, { status: 404 });
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [paramsMiddleware];

export default function PagesLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
