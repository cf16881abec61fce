import { useLocation } from "react-router";
import { isSafeReturnUrl } from "../../core/accounts/return-url";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { withoutCampaignParameters } from "../../core/web/campaign";
import { matchScreen } from "../../core/web/route-table";
import { AppLink } from "../lib/app-link";
import { useUi } from "../lib/ui-context";
import { useCurrentUser } from "../lib/use-current-user";
import { AccountMenu } from "./account-menu";
import { UserIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { LogoMark } from "./logo";

export function SiteHeader({ locale }: { locale: Locale }) {
  const user = useCurrentUser();
  const ui = useUi();
  const location = useLocation();
  // Campaign tags stay behind: the page is the same without them (its shared copy).
  const here = location.pathname + withoutCampaignParameters(location.search);
  // The Register page for signed-out visitors, coming back here; not on that page itself.
  const onRegisterPage = matchScreen(location.pathname)?.screen === "register";
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <AppLink screen="home" locale={locale} className="brand" aria-label={m.site_home_link()}>
          <LogoMark />
          <span className="brand-name">{m.site_name()}</span>
        </AppLink>
        <div className="site-menu">
          <LanguageSwitcher locale={locale} />
          {user.isAuthenticated ? (
            <AccountMenu user={user} locale={locale} />
          ) : (
            <>
              <button
                type="button"
                className="button button-ghost sign-in-button"
                onClick={() => ui.openAuth({ isLogin: true })}
                data-testid="sign-in-button"
              >
                <UserIcon width={18} height={18} />
                <span>{m.menu_sign_in()}</span>
              </button>
              {onRegisterPage ? null : (
                <AppLink
                  screen="register"
                  locale={locale}
                  search={isSafeReturnUrl(here) ? `?returnUrl=${encodeURIComponent(here)}` : ""}
                  className="button button-primary sign-up-link"
                  data-testid="sign-up-link"
                >
                  {m.register_header_link()}
                </AppLink>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
