import type { Locale } from "../../core/locales";
import * as m from "../../core/paraglide/messages";
import { AppLink } from "../lib/app-link";
import { LanguageSwitcher } from "./language-switcher";
import { LogoMark } from "./logo";

export function SiteHeader({ locale }: { locale: Locale }) {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <AppLink screen="home" locale={locale} className="brand" aria-label={m.site_home_link()}>
          <LogoMark />
          <span className="brand-name">{m.site_name()}</span>
        </AppLink>
        <div className="site-menu">
          {/* The accounts issue adds 'My tests' and sign in / sign out here. */}
          <LanguageSwitcher locale={locale} />
        </div>
      </div>
    </header>
  );
}
