import * as m from "../../core/paraglide/messages";
import { ShieldIcon } from "../components/icons";
import { AppLink } from "../lib/app-link";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";

export const meta = screenMeta(
  "invalidReturnUrl",
  m.page_invalid_return_url_meta_title,
  m.page_invalid_return_url_meta_description,
);

/** Where an unsafe returnUrl ends (SECURITY.md 16): nothing happens, the way home is offered. */
export default function InvalidReturnUrl() {
  const locale = useLocale();
  return (
    <section className="account-page container" data-testid="invalid-return-url">
      <span className="account-page-icon tone-danger">
        <ShieldIcon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.page_invalid_return_url_eyebrow()}</p>
      <h1 className="account-page-title">{m.page_invalid_return_url_title()}</h1>
      <p className="account-page-text">{m.page_invalid_return_url_text()}</p>
      <p className="account-page-hint">{m.page_invalid_return_url_hint()}</p>
      <div className="account-page-actions">
        <AppLink screen="home" locale={locale} className="button button-primary">
          {m.errors_back_home()}
        </AppLink>
      </div>
    </section>
  );
}
