import { useRouteLoaderData } from "react-router";
import { anonymousUser, type CurrentUser } from "../../core/accounts/account";

/** The user the root loader resolved from the session (anonymous when the root failed). */
export function useCurrentUser(): CurrentUser {
  const data = useRouteLoaderData("root") as { user?: CurrentUser } | undefined;
  return data?.user ?? anonymousUser;
}
