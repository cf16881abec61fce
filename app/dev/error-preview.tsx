import { data } from "react-router";
import { cloudflareContext } from "../lib/load-context";
import type { Route } from "./+types/error-preview";

const previewable = new Set([402, 403, 500, 503]);

/** Development only: `/_dev/error/503` (or `/pt-br/_dev/error/503`) shows the 503 screen. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const status = Number(params.httpStatus);
  if (env.ENVIRONMENT !== "development" || !previewable.has(status)) {
    throw data(null, { status: 404 });
  }
  throw data(null, { status });
}

export default function DevError() {
  return null;
}
