import * as m from "../../core/paraglide/messages";
import { localizePath, signInErrorReasons } from "../../core/web/route-table";
import { AlertIcon } from "../components/icons";
import { AppLink } from "../lib/app-link";
import { screenMeta } from "../lib/seo";
import { useUi } from "../lib/ui-context";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/sign-in-error";

/** Each reason the Worker redirects here with (docs/decisions/0007-accounts.md). */
const reasons = {
  "missing-provider": m.page_sign_in_error_missing_provider,
  "invalid-provider": m.page_sign_in_error_invalid_provider,
  failed: m.page_sign_in_error_failed,
} as const;

export const meta = screenMeta(
  "signInError",
  m.page_sign_in_error_meta_title,
  m.page_sign_in_error_meta_description,
);

export default function SignInError({ params }: Route.ComponentProps) {
  const locale = useLocale();
  const ui = useUi();
  // The pages layout already answered 404 to any other reason.
  const reason = signInErrorReasons.find((known) => known === params.reason) ?? "failed";
  return (
    <section className="account-page container" data-testid="sign-in-error" data-reason={reason}>
      <span className="account-page-icon tone-danger">
        <AlertIcon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.page_sign_in_error_eyebrow()}</p>
      <h1 className="account-page-title">{m.page_sign_in_error_title()}</h1>
      <p className="account-page-text">{reasons[reason]()}</p>
      <div className="account-page-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => ui.openAuth({ isLogin: true, returnUrl: localizePath("home", locale) })}
        >
          {m.page_sign_in_error_try_again()}
        </button>
        <AppLink screen="home" locale={locale} className="button button-ghost">
          {m.errors_back_home()}
        </AppLink>
      </div>
    </section>
  );
}
