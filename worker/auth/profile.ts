import { profileIncompleteCode } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import { errorResponse } from "../http/responses";

/**
 * The answer to a request for a score, certificate, report or checkout by an account
 * without a date of birth (a Google sign-up): 403 `profileIncomplete`, before anything
 * about the attempt is looked at, so it tells nothing about whose attempt an id is. The
 * pages show the profile-completion step instead
 * (docs/decisions/0022-register-and-profile-completion.md).
 */
export function profileIncomplete(locale: Locale): Response {
  return errorResponse(locale, 403, { code: profileIncompleteCode });
}
