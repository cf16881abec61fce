import { data, type MiddlewareFunction } from "react-router";
import { cloudflareContext } from "./load-context";

/**
 * The pages' first middleware (routes/pages-layout.tsx): when the Worker could not serve
 * the request (docs/decisions/0029-dependency-failures.md), no loader runs and the page
 * is the 503 screen, 'Service Temporarily Unavailable!' with Try Again (spec section 8).
 */
export const serviceUnavailableMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  if (context.get(cloudflareContext).serviceUnavailable) throw data(null, { status: 503 });
  return next();
};
