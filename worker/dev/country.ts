/**
 * The edge's country stood in for (docs/decisions/0043-a-certificate-worth-sharing.md): in
 * development there is no edge, so `X-Dev-Country` names the country a request comes from
 * (the browser tests of the offer in reais seen from Brazil). Production never reads it.
 */

export const devCountryHeader = "X-Dev-Country";

/** The two-letter country `X-Dev-Country` names, in development only; else null. */
export function devCountry(request: Request, env: Pick<Env, "ENVIRONMENT">): string | null {
  if (env.ENVIRONMENT !== "development") return null;
  const named = request.headers.get(devCountryHeader);
  return named && /^[A-Z]{2}$/.test(named) ? named : null;
}
