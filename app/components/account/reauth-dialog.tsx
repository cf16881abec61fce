import { useId } from "react";
import { type AccountView, reauthenticateSchema } from "../../../core/accounts/account-rights";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { localizePath } from "../../../core/web/route-table";
import { apiFetch } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useZodForm } from "../../lib/use-zod-form";
import { Dialog } from "../dialog";
import { CloseIcon, GoogleIcon } from "../icons";
import { PasswordField, SubmitButton } from "../text-field";

/** The password again (or Google, for an account without one) before export or deletion. */
export function ReauthDialog({
  account,
  locale,
  onClose,
  onDone,
}: {
  account: AccountView;
  locale: Locale;
  onClose(): void;
  onDone(reauthenticatedUntil: string): void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      describedBy={textId}
      className="modal"
      data-testid="reauth-dialog"
    >
      <div className="modal-panel account-dialog">
        <DialogHead titleId={titleId} title={m.accountpage_reauth_title()} onClose={onClose} />
        <p id={textId} className="account-text">
          {account.hasPassword ? m.accountpage_reauth_text() : m.accountpage_reauth_google_text()}
        </p>
        <PasswordCheck
          account={account}
          locale={locale}
          onDone={onDone}
          submitLabel={m.accountpage_reauth_submit()}
          then="export"
        />
      </div>
    </Dialog>
  );
}

export function PasswordCheck({
  account,
  locale,
  onDone,
  submitLabel,
  then,
}: {
  account: AccountView;
  locale: Locale;
  onDone(reauthenticatedUntil: string): void;
  submitLabel: string;
  /** Where Google brings an account without a password back to. */
  then?: string;
}) {
  const form = useZodForm({
    fields: ["password"] as const,
    schema: () => reauthenticateSchema,
    locale,
  });
  const { busy, submit } = useFormSubmit(
    form,
    () =>
      apiFetch<{ reauthenticatedUntil: string }>("/api/account/reauthenticate", {
        json: form.values,
        locale,
      }),
    (data) => onDone(data.reauthenticatedUntil),
  );

  if (!account.hasPassword) {
    const back = `${localizePath("account", locale)}${then ? `?then=${then}` : ""}`;
    const href = `/api/accounts/login?provider=Google&reauth=1&returnUrl=${encodeURIComponent(back)}`;
    return (
      <a className="button button-google button-block" href={href} data-testid="reauth-google">
        <GoogleIcon width={18} height={18} />
        {m.accountpage_reauth_google()}
      </a>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <PasswordField form={form} current label={m.accountpage_reauth_password()} size="md" />
      <SubmitButton busy={busy} size="md">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

export function DialogHead({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: string;
  onClose(): void;
}) {
  return (
    <div className="account-dialog-head">
      <h2 id={titleId} className="account-dialog-title">
        {title}
      </h2>
      <button
        type="button"
        className="icon-button"
        onClick={onClose}
        aria-label={m.accountpage_cancel()}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}
