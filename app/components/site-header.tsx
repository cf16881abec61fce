import type { Locale } from "../../core/locales";
import * as m from "../../core/paraglide/messages";
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
            <button
              type="button"
              className="button button-ghost sign-in-button"
              onClick={() => ui.openAuth({ isLogin: true })}
              data-testid="sign-in-button"
            >
              <UserIcon width={18} height={18} />
              <span>{m.menu_sign_in()}</span>
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
