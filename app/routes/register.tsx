import { redirect, useRevalidator } from "react-router";
import type { SignedInUser } from "../../core/accounts/account";
import { isSafeReturnUrl } from "../../core/accounts/return-url";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { SignUpView } from "../components/sign-up-view";
import { cloudflareContext } from "../lib/load-context";
import { screenMeta } from "../lib/seo";
import { useUi, welcomeToast } from "../lib/ui-context";
import { useAuthFieldSize } from "../lib/use-media-query";
import type { Route } from "./+types/register";

/**
 * The Register screen (spec section 2; docs/decisions/0022-register-and-profile-completion.md):
 * the login modal's sign-up view on a page of its own, Google first, leading back to
 * `?returnUrl=` (a same-site path, SECURITY.md 16; anything else is the invalid-return-URL
 * page) or to the home page. Someone already signed in is sent there at once, which is
 * also how a sign-up here ends: the page's data is read again, now signed in.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const returnUrl = url.searchParams.get("returnUrl");
  if (returnUrl !== null && !isSafeReturnUrl(returnUrl)) {
    throw redirect(localizePath("invalidReturnUrl", locale));
  }
  const back = returnUrl ?? localizePath("home", locale);
  if (context.get(cloudflareContext).user.isAuthenticated) throw redirect(back);
  return { returnUrl: back };
}

export const meta = screenMeta("register", m.register_meta_title, m.register_meta_description);

export default function Register({ loaderData }: Route.ComponentProps) {
  const ui = useUi();
  const size = useAuthFieldSize();
  const revalidator = useRevalidator();
  const { returnUrl } = loaderData;

  async function signedUp(user: SignedInUser) {
    ui.notify(welcomeToast("signup", user));
    // Signed in now: the loader sends the browser on to the return URL, and the header
    // (the root's data) shows the account.
    await revalidator.revalidate();
  }

  return (
    <section className="account-page register-page container" data-testid="register">
      <div className="register-intro">
        <p className="account-page-eyebrow">{m.register_eyebrow()}</p>
        <h1 className="account-page-title">{m.modal_signup_title()}</h1>
        <p className="account-page-text">{m.register_text()}</p>
        <ul className="register-benefits">
          <li>{m.register_benefit_score()}</li>
          <li>{m.register_benefit_certificate()}</li>
          <li>{m.register_benefit_history()}</li>
        </ul>
      </div>
      <div className="account-page-form register-form">
        <SignUpView
          returnPath={returnUrl}
          size={size}
          onSignedUp={(user) => void signedUp(user)}
          onSwitchToLogin={() => ui.openAuth({ isLogin: true, returnUrl })}
        />
      </div>
    </section>
  );
}
