import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { AppLink } from "../lib/app-link";
import { usePrivacyEmail } from "../lib/privacy-email";
import { useOpenCookiePreferences } from "./cookie-consent";
import { LogoMark } from "./logo";

export function SiteFooter({ locale }: { locale: Locale }) {
  const openCookiePreferences = useOpenCookiePreferences();
  const privacyEmail = usePrivacyEmail();
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
        <nav className="footer-links" aria-label={m.legal_footer_nav_label()}>
          <AppLink screen="privacyPolicy" locale={locale} data-testid="footer-privacy">
            {m.legal_privacy_link()}
          </AppLink>
          <AppLink screen="termsOfUse" locale={locale} data-testid="footer-terms">
            {m.legal_terms_link()}
          </AppLink>
          <button
            type="button"
            className="link-button footer-cookies"
            onClick={openCookiePreferences}
            data-testid="footer-cookies"
          >
            {m.cookies_title()}
          </button>
        </nav>
        {privacyEmail ? (
          <p className="footer-contact">
            {m.legal_contact_label()}{" "}
            <a href={`mailto:${privacyEmail}`} data-testid="footer-privacy-email">
              {privacyEmail}
            </a>
          </p>
        ) : null}
        <p className="footer-note">{m.site_footer_note()}</p>
        <p className="footer-rights">{m.site_footer_rights({ year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
