import { useState } from "react";
import { useRevalidator } from "react-router";
import { accountRemovedCode, type ProfileUpdated } from "../../core/accounts/account";
import { isUnderMinimumAge, profileSchema } from "../../core/accounts/account-rules";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { apiFetch } from "../lib/api";
import { useApiErrorHandler, useUi } from "../lib/ui-context";
import { useCurrentUser } from "../lib/use-current-user";
import { useLocale } from "../lib/use-locale";
import { useAuthFieldSize } from "../lib/use-media-query";
import { useZodForm } from "../lib/use-zod-form";
import { AccountPageSection } from "./account-page-section";
import { AlertIcon, UserIcon } from "./icons";
import { BirthDateField, NameField, SubmitButton } from "./text-field";

/**
 * The profile-completion step (docs/decisions/0022-register-and-profile-completion.md):
 * shown in place of a score, certificate, report or checkout to an account without a date
 * of birth (a Google sign-up). It asks for the date of birth, and the name as the
 * certificate will print it, with the sign-up's rules. Once saved, the page loads again and
 * shows what waited. Someone under 16 sees the sign-up's message and the account is removed.
 * Downloaded only when shown (it brings zod and the form rules, ADR 0015).
 */
export default function ProfileCompletion() {
  const locale = useLocale();
  const ui = useUi();
  const size = useAuthFieldSize();
  const user = useCurrentUser();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<"removed" | "signedOut" | null>(null);
  const form = useZodForm({
    fields: ["name", "dateOfBirth"] as const,
    schema: () => profileSchema(new Date()),
    locale,
    initial: { name: user.name ?? "" },
  });

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy) return;
    // Under 16 shows the sign-up's message on the field like any rule, but is still sent:
    // the server then removes the account, so nothing is kept about a minor.
    const tooYoungOnly = profileSchema(new Date())
      .safeParse(form.values)
      .error?.issues.every((issue) => issue.message === "validation_birth_date_too_young");
    if (!form.validate() && !tooYoungOnly) return;
    setBusy(true);
    const result = await apiFetch<ProfileUpdated>("/api/account/profile", {
      method: "PATCH",
      json: form.values,
      locale,
    });
    if (result.ok) {
      ui.notify({ tone: "success", message: m.complete_saved() });
      // The page's loaders run again with the completed profile: what waited appears.
      await revalidator.revalidate();
      setBusy(false);
      return;
    }
    setBusy(false);
    if (result.status === 400 && isUnderMinimumAge(form.values.dateOfBirth, new Date())) {
      setRefused(result.error.code === accountRemovedCode ? "removed" : "signedOut");
      return;
    }
    handleApiError(result.error, { form, retry: () => void submit() });
  }

  if (refused) {
    return (
      <AccountPageSection
        icon={<AlertIcon width={28} height={28} />}
        tone="warning"
        title={m.validation_birth_date_too_young()}
        text={refused === "removed" ? m.complete_removed_text() : m.complete_signed_out_text()}
        testId="profile-refused"
      >
        <div className="account-page-actions">
          {/* A full page load: the header must forget the account that ended. */}
          <a className="button button-primary" href={localizePath("home", locale)}>
            {m.errors_back_home()}
          </a>
        </div>
      </AccountPageSection>
    );
  }

  return (
    <AccountPageSection
      icon={<UserIcon width={28} height={28} />}
      tone="info"
      overline={m.complete_eyebrow()}
      title={m.complete_title()}
      text={m.complete_text()}
      testId="profile-completion"
    >
      <form className="auth-form account-page-form" noValidate onSubmit={submit}>
        <NameField form={form} size={size} hint={m.complete_name_hint()} />
        <BirthDateField form={form} size={size} />
        <p className="auth-note">{m.complete_age_note()}</p>
        <SubmitButton busy={busy} size={size}>
          {m.complete_submit()}
        </SubmitButton>
      </form>
    </AccountPageSection>
  );
}
