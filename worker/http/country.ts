import { devCountry } from "../dev";

/**
 * The country the edge saw the request come from (`request.cf.country`), or null. In
 * development, where there is no edge, `X-Dev-Country` names it (worker/dev/country.ts).
 */
export function requestCountry(request: Request, env: Pick<Env, "ENVIRONMENT">): string | null {
  const named = devCountry(request, env);
  if (named) return named;
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" ? country : null;
}
