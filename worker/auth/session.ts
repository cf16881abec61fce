import { anonymousUser, type CurrentUser } from "../../core/account";

/**
 * The signed-in user of a request, from its session cookie. Placeholder until the
 * accounts work lands: everyone is anonymous.
 */
export async function resolveSession(
  _request: Request,
  _env: Env,
): Promise<{ user: CurrentUser; setCookie: string | null }> {
  return { user: anonymousUser, setCookie: null };
}
