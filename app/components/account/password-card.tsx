import type { AccountView } from "../../../core/accounts/account-rights";
import { accountPasswordSchema } from "../../../core/accounts/account-rights";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { apiFetch } from "../../lib/api";
import { useUi } from "../../lib/ui-context";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useZodForm } from "../../lib/use-zod-form";
import { KeyIcon } from "../icons";
import { NewPasswordFields, PasswordField, SubmitButton } from "../text-field";
import { AccountCard } from "./account-card";

/** A new password against the current one; an account signed in by Google only has none. */
export function PasswordCard({ account, locale }: { account: AccountView; locale: Locale }) {
  const ui = useUi();
  const form = useZodForm({
    fields: ["currentPassword", "password", "passwordConfirmation"] as const,
    schema: () => accountPasswordSchema,
    locale,
  });
  const { busy, submit } = useFormSubmit(
    form,
    () => apiFetch("/api/account/password", { json: form.values, locale }),
    () => {
      form.reset();
      ui.notify({ tone: "success", message: m.accountpage_password_changed() });
    },
  );

  return (
    <AccountCard id="account-password" icon={KeyIcon} title={m.accountpage_password_title()}>
      {account.hasPassword ? (
        <>
          <p className="account-text">{m.accountpage_password_text()}</p>
          <form className="auth-form account-form" noValidate onSubmit={submit}>
            <PasswordField
              form={form}
              name="currentPassword"
              current
              label={m.accountpage_password_current()}
              size="md"
            />
            <NewPasswordFields
              form={form}
              size="md"
              label={m.accountpage_password_new()}
              confirmationLabel={m.accountpage_password_confirmation()}
            />
            <SubmitButton busy={busy} size="md">
              {m.accountpage_password_submit()}
            </SubmitButton>
          </form>
        </>
      ) : (
        <p className="account-text" data-testid="account-no-password">
          {m.accountpage_password_none()}
        </p>
      )}
    </AccountCard>
  );
}
