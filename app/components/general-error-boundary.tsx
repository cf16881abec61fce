import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { profileIncompleteCode } from "../../core/accounts/account";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { AppLink } from "../lib/app-link";
import { OnDemand } from "./on-demand";
import { profileCompletion } from "./profile-completion-loader";

/** The statuses with their own screen (spec section 8); anything else is 'unknown'. */
const screens = {
  402: {
    title: m.errors_402_title,
    description: m.errors_402_description,
    apology: m.errors_402_apology,
    message: m.errors_402_message,
  },
  403: {
    title: m.errors_403_title,
    description: m.errors_403_description,
    apology: m.errors_403_apology,
    message: m.errors_403_message,
  },
  500: {
    title: m.errors_500_title,
    description: m.errors_500_description,
    apology: m.errors_500_apology,
    message: m.errors_500_message,
  },
  503: {
    title: m.errors_503_title,
    description: m.errors_503_description,
    apology: m.errors_503_apology,
    message: m.errors_503_message,
  },
  unknown: {
    title: m.errors_unknown_title,
    description: m.errors_unknown_description,
    apology: m.errors_unknown_apology,
    message: m.errors_unknown_message,
  },
} as const;

/** A screen that shows a score, asked for by an account without a date of birth (require-user.server.ts). */
function isProfileIncomplete(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { code?: unknown } | null)?.code === profileIncompleteCode
  );
}

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The one error screen of the site: 404 shows the path; others explain and apologise. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const locale = localeFromPath(location.pathname);
  const status = errorStatus(error);

  if (!isRouteErrorResponse(error)) console.error(error);

  if (isProfileIncomplete(error)) {
    return (
      <>
        <title>{m.complete_title()}</title>
        <meta name="robots" content="noindex" />
        <OnDemand
          code={profileCompletion}
          props={{}}
          fallback={
            <section className="account-page container" aria-busy="true">
              <span className="spinner spinner-large" aria-hidden="true" />
            </section>
          }
        />
      </>
    );
  }

  if (status === 404) {
    const title = m.errors_not_found_title({ path: location.pathname + location.search });
    return (
      <section className="error-screen container" data-status={404}>
        <title>{title}</title>
        <meta name="description" content={m.errors_not_found_description()} />
        <meta name="robots" content="noindex" />
        <p className="error-code">{m.errors_code_label({ status: 404 })}</p>
        <h1 className="error-title">{title}</h1>
        <p className="error-description">{m.errors_not_found_description()}</p>
        <div className="error-actions">
          <AppLink screen="home" locale={locale} className="button button-primary">
            {m.errors_back_home()}
          </AppLink>
        </div>
      </section>
    );
  }

  const text = status in screens ? screens[status as keyof typeof screens] : screens.unknown;
  return (
    <section className="error-screen container" data-status={status}>
      <title>{text.title()}</title>
      <meta name="description" content={text.description()} />
      <meta name="robots" content="noindex" />
      <p className="error-code">{m.errors_code_label({ status })}</p>
      <h1 className="error-title">{text.title()}</h1>
      <p className="error-description">{text.description()}</p>
      <p className="error-apology">{text.apology()}</p>
      <p className="error-message">{text.message()}</p>
      <div className="error-actions">
        {status === 503 ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => window.location.reload()}
          >
            {m.errors_try_again()}
          </button>
        ) : null}
        <AppLink
          screen="home"
          locale={locale}
          className={status === 503 ? "button button-ghost" : "button button-primary"}
        >
          {m.errors_back_home()}
        </AppLink>
      </div>
    </section>
  );
}
