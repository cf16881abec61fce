import { data, Outlet } from "react-router";
import { isValidParam } from "../../core/web/route-table";
import { GeneralErrorBoundary } from "../components/general-error-boundary";
import { serviceUnavailableMiddleware } from "../lib/service-unavailable.server";
import type { Route } from "./+types/pages-layout";

/**
 * A screen whose parameters fail their check is a 404 (spec section 2). The route's
 * own params are checked, not the URL, so client-side data requests (`/x/y.data`)
 * are judged like the document request.
 */
const paramsMiddleware: Route.MiddlewareFunction = ({ params }, next) => {
  const invalid = Object.entries(params).some(([name, value]) => !isValidParam(name, value));
  if (invalid) throw data(null, { status: 404 });
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [
  serviceUnavailableMiddleware,
  paramsMiddleware,
];

export default function PagesLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
