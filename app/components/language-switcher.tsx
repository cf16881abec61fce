import { Link, useLocation } from "react-router";
import { type Locale, localeInfo, locales } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { withoutCampaignParameters } from "../../core/web/campaign";
import { switchLocalePath } from "../../core/web/route-table";
import { FlagAvatar } from "./flag-avatar";

const labels: Record<Locale, { label: () => string; short: () => string; name: () => string }> = {
  en: { label: m.language_en_label, short: m.language_en_short, name: m.language_en_name },
  "pt-br": {
    label: m.language_pt_br_label,
    short: m.language_pt_br_short,
    name: m.language_pt_br_name,
  },
};

/** Both languages side by side; each leads to the same screen in that language. */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const location = useLocation();
  // Campaign tags stay behind: the page is the same without them (its shared copy).
  const here = location.pathname + withoutCampaignParameters(location.search);
  return (
    <nav className="language-switcher" aria-label={m.language_switcher_label()}>
      {locales.map((target) => {
        const text = labels[target];
        return (
          <Link
            key={target}
            to={target === locale ? here : switchLocalePath(here, target)}
            hrefLang={localeInfo[target].iso}
            lang={localeInfo[target].iso}
            aria-current={target === locale ? "true" : undefined}
            aria-label={text.name()}
            className="language-option"
            data-locale={target}
            viewTransition
          >
            <FlagAvatar flag={localeInfo[target].flag} />
            <span className="language-short" aria-hidden="true">
              {text.short()}
            </span>
            <span className="language-label" aria-hidden="true">
              {text.label()}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
