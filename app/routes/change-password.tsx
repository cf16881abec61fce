import { useState } from "react";
import { changePasswordSchema } from "../../core/accounts/account-rules";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { CheckCircleIcon, KeyIcon } from "../components/icons";
import { SubmitButton, TextField } from "../components/text-field";
import { apiFetch } from "../lib/api";
import { loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { screenMeta } from "../lib/seo";
import { useApiErrorHandler, useUi } from "../lib/ui-context";
import { useLocale } from "../lib/use-locale";
import { useAuthFieldSize } from "../lib/use-media-query";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/change-password";

/** Is the reset link still usable? 200 yes, 410 used/expired/unknown (docs/decisions/0007). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadFromApi(context, {
    path: `/api/accounts/password-reset/${encodeURIComponent(params.token)}`,
    ok: (): { valid: boolean } => ({ valid: true }),
    // The page explains that the link no longer works, with a 200 like the form.
    expected: [{ status: 410, page: { valid: false }, pageStatus: 200 }],
  });
}

/** Token pages leak nothing through the Referer and are never cached (SECURITY.md 12). */
export function headers() {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export const meta = screenMeta(
  "changePassword",
  m.page_change_password_meta_title,
  m.page_change_password_meta_description,
);

type View = "form" | "changed" | "invalid";

export default function ChangePassword({ loaderData, params }: Route.ComponentProps) {
  const locale = useLocale();
  const ui = useUi();
  const size = useAuthFieldSize();
  const handleApiError = useApiErrorHandler();
  const [view, setView] = useState<View>(loaderData.valid ? "form" : "invalid");
  const [busy, setBusy] = useState(false);
  const form = useZodForm({
    fields: ["password", "passwordConfirmation"] as const,
    schema: () => changePasswordSchema,
    locale,
    hidden: { token: params.token },
  });

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await apiFetch("/api/accounts/change-password", {
      method: "POST",
      json: { token: params.token, ...form.values },
      locale,
    });
    setBusy(false);
    if (result.ok) setView("changed");
    else if (result.status === 410) setView("invalid");
    else handleApiError(result.error, { form, retry: () => void submit() });
  }

  if (view === "invalid") {
    return (
      <section className="account-page container" data-view="invalid">
        <span className="account-page-icon tone-warning">
          <KeyIcon width={30} height={30} />
        </span>
        <h1 className="account-page-title">{m.auth_invalid_request()}</h1>
        <p className="account-page-text">{m.page_invalid_token_text()}</p>
        <div className="account-page-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => ui.openAuth({ view: "forgotPassword" })}
          >
            {m.page_invalid_token_request()}
          </button>
          <AppLink screen="home" locale={locale} className="button button-ghost">
            {m.errors_back_home()}
          </AppLink>
        </div>
      </section>
    );
  }

  if (view === "changed") {
    return (
      <section className="account-page container" data-view="changed">
        <span className="account-page-icon tone-success">
          <CheckCircleIcon width={30} height={30} />
        </span>
        <h1 className="account-page-title">{m.page_password_changed_title()}</h1>
        <p className="account-page-text">{m.page_password_changed_text()}</p>
        <div className="account-page-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => ui.openAuth({ isLogin: true, returnUrl: localizePath("home", locale) })}
          >
            {m.page_password_changed_sign_in()}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="account-page container" data-view="form">
      <span className="account-page-icon tone-info">
        <KeyIcon width={30} height={30} />
      </span>
      <h1 className="account-page-title">{m.page_change_password_title()}</h1>
      <p className="account-page-text">{m.page_change_password_text()}</p>
      <form className="auth-form account-page-form" noValidate onSubmit={submit}>
        <TextField
          form={form}
          name="password"
          type="password"
          autoComplete="new-password"
          label={m.page_change_password_new_label()}
          hint={m.modal_password_hint()}
          size={size}
        />
        <TextField
          form={form}
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          label={m.page_change_password_confirmation_label()}
          size={size}
        />
        <SubmitButton busy={busy} size={size}>
          {m.page_change_password_submit()}
        </SubmitButton>
      </form>
    </section>
  );
}
