import { useState } from "react";
import { changePasswordSchema } from "../../core/accounts/account-rules";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { AccountPageSection } from "../components/account-page-section";
import { CheckCircleIcon, KeyIcon } from "../components/icons";
import { NewPasswordFields, SubmitButton } from "../components/text-field";
import { apiFetch } from "../lib/api";
import { loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { screenMeta } from "../lib/seo";
import { useUi } from "../lib/ui-context";
import { useFormSubmit } from "../lib/use-form-submit";
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
  const [view, setView] = useState<View>(loaderData.valid ? "form" : "invalid");
  const form = useZodForm({
    fields: ["password", "passwordConfirmation"] as const,
    schema: () => changePasswordSchema,
    locale,
    hidden: { token: params.token },
  });
  const { busy, submit } = useFormSubmit(
    form,
    () =>
      apiFetch("/api/accounts/change-password", {
        method: "POST",
        json: { token: params.token, ...form.values },
        locale,
      }),
    () => setView("changed"),
    (failure) => {
      if (failure.status !== 410) return false;
      setView("invalid");
      return true;
    },
  );

  if (view === "invalid") {
    return (
      <AccountPageSection
        icon={<KeyIcon width={30} height={30} />}
        tone="warning"
        title={m.auth_invalid_request()}
        text={m.page_invalid_token_text()}
        view="invalid"
      >
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
      </AccountPageSection>
    );
  }

  if (view === "changed") {
    return (
      <AccountPageSection
        icon={<CheckCircleIcon width={30} height={30} />}
        tone="success"
        title={m.page_password_changed_title()}
        text={m.page_password_changed_text()}
        view="changed"
      >
        <div className="account-page-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => ui.openAuth({ isLogin: true, returnUrl: localizePath("home", locale) })}
          >
            {m.page_password_changed_sign_in()}
          </button>
        </div>
      </AccountPageSection>
    );
  }

  return (
    <AccountPageSection
      icon={<KeyIcon width={30} height={30} />}
      tone="info"
      title={m.page_change_password_title()}
      text={m.page_change_password_text()}
      view="form"
    >
      <form className="auth-form account-page-form" noValidate onSubmit={submit}>
        <NewPasswordFields
          form={form}
          size={size}
          label={m.page_change_password_new_label()}
          confirmationLabel={m.page_change_password_confirmation_label()}
        />
        <SubmitButton busy={busy} size={size}>
          {m.page_change_password_submit()}
        </SubmitButton>
      </form>
    </AccountPageSection>
  );
}
