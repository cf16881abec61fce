import { data, type RouterContextProvider, redirect } from "react-router";
import {
  hasCompleteProfile,
  type ProfiledUser,
  profileIncompleteCode,
  type SignedInUser,
} from "../../core/accounts/account";
import { localeFromPath } from "../../core/locales/locales";
import { localizePath } from "../../core/web/route-table";
import { cloudflareContext } from "./load-context";

/** The page a request is for: React Router's data requests add `.data` and `_routes`. */
function pagePath(url: URL): string {
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Loaders of private screens call this first: an anonymous visitor is sent to the home
 * page of the path's language (spec section 2), which opens the login modal and, once
 * signed in, brings them back (`returnUrl`, see components/ui-provider.tsx).
 */
export function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): SignedInUser {
  const { user } = context.get(cloudflareContext);
  if (user.isAuthenticated) return user;
  const back = pagePath(new URL(request.url));
  const home = localizePath("home", localeFromPath(back));
  throw redirect(`${home}?returnUrl=${encodeURIComponent(back)}`);
}

/**
 * Loaders of the screens that show a score (result, certificate, report, checkout, the
 * tests list) call this first: besides being signed in, the account must have told its
 * date of birth. Otherwise the page is the profile-completion step (a 403 the pages' error
 * boundary shows as that form), and once it is done the page loads again and shows what
 * waited (docs/decisions/0022-register-and-profile-completion.md).
 */
export function requireProfile(
  context: Readonly<RouterContextProvider>,
  request: Request,
): ProfiledUser {
  const user = requireUser(context, request);
  if (hasCompleteProfile(user)) return user;
  throw data({ code: profileIncompleteCode }, { status: 403 });
}
