import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { ProfileUpdated } from "../../core/accounts/account";
import {
  type AccountView,
  accountPasswordSchema,
  deleteConfirmation,
  reauthenticateSchema,
} from "../../core/accounts/account-rights";
import { profileSchema } from "../../core/accounts/account-rules";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { Avatar } from "../components/account-menu";
import { Dialog } from "../components/dialog";
import {
  AlertIcon,
  CheckCircleIcon,
  CloseIcon,
  DownloadIcon,
  GoogleIcon,
  KeyIcon,
  LogOutIcon,
  MailIcon,
  ShieldIcon,
  UserIcon,
} from "../components/icons";
import { BirthDateField, SubmitButton, TextField } from "../components/text-field";
import { apiFetch } from "../lib/api";
import { callApi, failure } from "../lib/api-loader.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useApiErrorHandler, useUi } from "../lib/ui-context";
import { useFormSubmit } from "../lib/use-form-submit";
import { useLocale } from "../lib/use-locale";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/account";
import "../account-page.css";

/**
 * The account holder's page (issue 14; LGPD art. 18, SECURITY.md 34): see and correct the
 * profile, change the password, see how they sign in, sign out everywhere, download
 * everything held about them, and delete the account. Export and deletion ask for the
 * password again (or Google, for an account without one) first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const answer = await callApi<AccountView>(context, { path: "/api/account" });
  if (!answer.ok) throw failure(answer.status);
  return { account: answer.body, user };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("account", m.accountpage_meta_title, m.accountpage_meta_description);

export default function Account({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { account, user } = loaderData;
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Deleted locale={locale} />;
  return (
    <div className="account container" data-testid="account-page">
      <header className="account-head">
        <Avatar user={{ ...user, name: account.name }} large />
        <div>
          <h1 className="account-title">{m.accountpage_title()}</h1>
          <p className="account-lead">{m.accountpage_intro()}</p>
        </div>
      </header>
      <div className="account-grid">
        <ProfileCard account={account} locale={locale} />
        <div className="account-column">
          <MethodsCard account={account} />
          <SessionsCard locale={locale} />
        </div>
        <PasswordCard account={account} locale={locale} />
        <DataCard account={account} locale={locale} onDeleted={() => setDeleted(true)} />
      </div>
    </div>
  );
}

function Card({
  id,
  icon,
  title,
  children,
  tone = "info",
}: {
  id: string;
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  tone?: "info" | "danger";
}) {
  return (
    <section
      className={`account-card account-card-${tone}`}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`} className="account-card-title">
        <span className={`account-card-icon tone-${tone === "danger" ? "warning" : "info"}`}>
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileCard({ account, locale }: { account: AccountView; locale: Locale }) {
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
    <Card
      id="account-profile"
      icon={<UserIcon width={20} height={20} />}
      title={m.accountpage_profile_title()}
    >
      <p className="account-text">{m.accountpage_profile_text()}</p>
      <form className="auth-form account-form" noValidate onSubmit={submit}>
        <TextField
          form={form}
          name="name"
          autoComplete="name"
          label={m.modal_name_label()}
          size="md"
        />
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
    </Card>
  );
}

function PasswordCard({ account, locale }: { account: AccountView; locale: Locale }) {
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
    <Card
      id="account-password"
      icon={<KeyIcon width={20} height={20} />}
      title={m.accountpage_password_title()}
    >
      {account.hasPassword ? (
        <>
          <p className="account-text">{m.accountpage_password_text()}</p>
          <form className="auth-form account-form" noValidate onSubmit={submit}>
            <TextField
              form={form}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              label={m.accountpage_password_current()}
              size="md"
            />
            <TextField
              form={form}
              name="password"
              type="password"
              autoComplete="new-password"
              label={m.accountpage_password_new()}
              hint={m.modal_password_hint()}
              size="md"
            />
            <TextField
              form={form}
              name="passwordConfirmation"
              type="password"
              autoComplete="new-password"
              label={m.accountpage_password_confirmation()}
              size="md"
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
    </Card>
  );
}

function MethodsCard({ account }: { account: AccountView }) {
  return (
    <Card
      id="account-methods"
      icon={<ShieldIcon width={20} height={20} />}
      title={m.accountpage_methods_title()}
    >
      <ul className="account-methods">
        <li data-method="password" data-active={account.hasPassword}>
          <MailIcon width={18} height={18} aria-hidden="true" />
          <span className="account-method-name">{m.accountpage_method_password()}</span>
          <span className="account-method-state">
            {account.hasPassword ? m.accountpage_method_on() : m.accountpage_method_off()}
          </span>
        </li>
        <li data-method="google" data-active={account.google !== null}>
          <GoogleIcon width={18} height={18} aria-hidden="true" />
          <span className="account-method-name">{m.accountpage_method_google()}</span>
          <span className="account-method-state">
            {account.google
              ? m.accountpage_method_google_as({ email: account.google.email })
              : m.accountpage_method_off()}
          </span>
        </li>
      </ul>
    </Card>
  );
}

/** Every session ends, this one too: the page then reloads at home, signed out. */
function SessionsCard({ locale }: { locale: Locale }) {
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    const result = await apiFetch("/api/account/sign-out-everywhere", { method: "POST", locale });
    if (result.ok) {
      window.location.assign(localizePath("home", locale));
      return;
    }
    setBusy(false);
    handleApiError(result.error, { retry: () => void signOutEverywhere() });
  }
  return (
    <Card
      id="account-sessions"
      icon={<LogOutIcon width={20} height={20} />}
      title={m.accountpage_sessions_title()}
    >
      <p className="account-text">{m.accountpage_sessions_text()}</p>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => void signOutEverywhere()}
        disabled={busy}
        data-testid="sign-out-everywhere"
      >
        {m.accountpage_sessions_button()}
      </button>
    </Card>
  );
}

type Pending = "export" | "delete" | null;

function DataCard({
  account,
  locale,
  onDeleted,
}: {
  account: AccountView;
  locale: Locale;
  onDeleted(): void;
}) {
  // Until when this session may export and delete: from the page's data, then from the
  // re-authentication's own answer.
  const [until, setUntil] = useState(() =>
    account.reauthenticatedUntil === null ? 0 : Date.parse(account.reauthenticatedUntil),
  );
  const fresh = () => until > Date.now();
  const [asking, setAsking] = useState<Pending>(null);
  // Back from Google's re-authentication for a deletion: the dialog opens again.
  const [confirming, setConfirming] = useState(
    () =>
      typeof window !== "undefined" &&
      new URLSearchParams(window.location.search).get("then") === "delete",
  );

  function exportData() {
    // A plain navigation: the browser saves the attachment with its own file name.
    window.location.assign("/api/account/export");
  }

  function start(action: "export" | "delete") {
    if (action === "delete") setConfirming(true);
    else if (fresh()) exportData();
    else setAsking("export");
  }

  return (
    <Card
      id="account-data"
      icon={<DownloadIcon width={20} height={20} />}
      title={m.accountpage_data_title()}
    >
      <p className="account-text">{m.accountpage_data_text()}</p>
      <div className="account-data-action">
        <p className="account-text">{m.accountpage_export_text()}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => start("export")}
          data-testid="export-data"
        >
          <DownloadIcon width={18} height={18} />
          {m.accountpage_export_button()}
        </button>
      </div>
      <div className="account-danger">
        <p className="account-text">{m.accountpage_delete_text()}</p>
        <button
          type="button"
          className="button button-danger"
          onClick={() => start("delete")}
          data-testid="delete-account"
        >
          {m.accountpage_delete_button()}
        </button>
      </div>
      {asking ? (
        <ReauthDialog
          account={account}
          locale={locale}
          onClose={() => setAsking(null)}
          onDone={(reauthenticatedUntil) => {
            setUntil(Date.parse(reauthenticatedUntil));
            const next = asking;
            setAsking(null);
            if (next === "export") exportData();
          }}
        />
      ) : null}
      {confirming ? (
        <DeleteDialog
          account={account}
          locale={locale}
          ready={fresh()}
          onClose={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      ) : null}
    </Card>
  );
}

/** The password again (or Google, for an account without one) before export or deletion. */
function ReauthDialog({
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

function PasswordCheck({
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
      <TextField
        form={form}
        name="password"
        type="password"
        autoComplete="current-password"
        label={m.accountpage_reauth_password()}
        size="md"
      />
      <SubmitButton busy={busy} size="md">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

function DialogHead({
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

/** Names what deletion does, then asks for the password once more and deletes. */
function DeleteDialog({
  account,
  locale,
  ready,
  onClose,
  onDeleted,
}: {
  account: AccountView;
  locale: Locale;
  /** Re-authenticated a moment ago: no password asked again. */
  ready: boolean;
  onClose(): void;
  onDeleted(): void;
}) {
  const titleId = useId();
  const listId = useId();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await apiFetch("/api/account/delete", {
      json: { confirm: deleteConfirmation },
      locale,
    });
    setBusy(false);
    if (result.ok) onDeleted();
    else handleApiError(result.error, { retry: () => void remove() });
  }

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      describedBy={listId}
      role="alertdialog"
      className="modal"
      data-testid="delete-dialog"
    >
      <div className="modal-panel account-dialog account-dialog-danger">
        <DialogHead titleId={titleId} title={m.accountpage_delete_title()} onClose={onClose} />
        <ul id={listId} className="account-consequences">
          <li>{m.accountpage_delete_li1()}</li>
          <li>{m.accountpage_delete_li2()}</li>
          <li>{m.accountpage_delete_li3()}</li>
          <li>{m.accountpage_delete_li4()}</li>
        </ul>
        <p className="account-text account-warning">
          <AlertIcon width={18} height={18} />
          {m.accountpage_delete_confirm_text()}
        </p>
        {ready ? (
          <button
            type="button"
            className="button button-danger button-block"
            onClick={() => void remove()}
            disabled={busy}
            data-testid="delete-confirm"
          >
            {m.accountpage_delete_submit()}
          </button>
        ) : (
          <PasswordCheck
            account={account}
            locale={locale}
            onDone={() => void remove()}
            submitLabel={m.accountpage_delete_submit()}
            then="delete"
          />
        )}
      </div>
    </Dialog>
  );
}

function Deleted({ locale }: { locale: Locale }) {
  return (
    <section className="account-page container" data-testid="account-deleted">
      <span className="account-page-icon tone-success">
        <CheckCircleIcon width={30} height={30} />
      </span>
      <h1 className="account-page-title">{m.accountpage_deleted_title()}</h1>
      <p className="account-page-text">{m.accountpage_deleted_text()}</p>
      <div className="account-page-actions">
        {/* A full load: the session is gone, the header must say so. */}
        <a className="button button-primary" href={localizePath("home", locale)}>
          {m.errors_back_home()}
        </a>
      </div>
    </section>
  );
}
