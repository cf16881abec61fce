import type { Locale } from "../../core/locales";
import * as m from "../../core/paraglide/messages";
import { AppLink } from "../lib/app-link";
import { LogoMark } from "./logo";

export function SiteFooter({ locale }: { locale: Locale }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <AppLink
          screen="home"
          locale={locale}
          className="brand brand-small"
          aria-label={m.site_home_link()}
        >
          <LogoMark />
          <span className="brand-name">{m.site_name()}</span>
        </AppLink>
        <p className="footer-note">{m.site_footer_note()}</p>
        <p className="footer-rights">{m.site_footer_rights({ year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
