import { useRevalidator } from "react-router";
import type { ProfileUpdated } from "../../../core/accounts/account";
import type { AccountView } from "../../../core/accounts/account-rights";
import { profileSchema } from "../../../core/accounts/account-rules";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { apiFetch } from "../../lib/api";
import { useUi } from "../../lib/ui-context";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useZodForm } from "../../lib/use-zod-form";
import { UserIcon } from "../icons";
import { BirthDateField, NameField, SubmitButton } from "../text-field";
import { AccountCard } from "./account-card";

/** The name and date of birth, corrected in place; the e-mail is shown, not edited. */
export function ProfileCard({ account, locale }: { account: AccountView; locale: Locale }) {
  const ui = useUi();
  const revalidator = useRevalidator();
  const form = useZodForm({
    fields: ["name", "dateOfBirth"] as const,
    schema: () => profileSchema(new Date()),
    locale,
    initial: { name: account.name, dateOfBirth: account.dateOfBirth ?? "" },
  });
  const { busy, submit } = useFormSubmit(
    form,
    () =>
      apiFetch<ProfileUpdated>("/api/account/profile", {
        method: "PATCH",
        json: form.values,
        locale,
      }),
    async () => {
      ui.notify({ tone: "success", message: m.accountpage_profile_saved() });
      await revalidator.revalidate();
    },
  );

  return (
    <AccountCard id="account-profile" icon={UserIcon} title={m.accountpage_profile_title()}>
      <p className="account-text">{m.accountpage_profile_text()}</p>
      <form className="auth-form account-form" noValidate onSubmit={submit}>
        <NameField form={form} size="md" />
        <BirthDateField form={form} size="md" />
        <p className="account-field-static">
          <span className="account-field-label">{m.accountpage_email_label()}</span>
          <span className="account-field-value" data-testid="account-email">
            {account.email}
          </span>
        </p>
        <p className="account-note">{m.accountpage_profile_certificates_note()}</p>
        <SubmitButton busy={busy} size="md">
          {m.accountpage_profile_save()}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
