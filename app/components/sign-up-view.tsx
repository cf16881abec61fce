import { useRef, useState } from "react";
import type { SignedInUser } from "../../core/accounts/account";
import { signUpSchema } from "../../core/accounts/account-rules";
import * as m from "../../core/paraglide/messages";
import { apiFetch } from "../lib/api";
import { useFormSubmit } from "../lib/use-form-submit";
import { useLocale } from "../lib/use-locale";
import { useViewAutofocus } from "../lib/use-view-autofocus";
import { useZodForm } from "../lib/use-zod-form";
import { GoogleIcon, MailIcon } from "./icons";
import {
  BirthDateField,
  EmailField,
  NameField,
  NewPasswordFields,
  SubmitButton,
} from "./text-field";

/**
 * The sign-up view (spec sections 2 and 4), shared by the login modal and the Register
 * page (docs/decisions/0022-register-and-profile-completion.md): Google first, an 'or'
 * divider and a sign-up button that reveals the form with name, e-mail, date of birth,
 * password and its confirmation, checked by the sign-up's rules.
 */
export function SignUpView({
  returnPath,
  size,
  onSignedUp,
  onSwitchToLogin,
  footer,
}: {
  /** Where Google sends the browser back to (checked with isSafeReturnUrl by the caller). */
  returnPath: string;
  size: "xs" | "md";
  onSignedUp(user: SignedInUser): void;
  onSwitchToLogin(): void;
  /** Below the switch to sign-in (the modal's link to the Register page). */
  footer?: React.ReactNode;
}) {
  const locale = useLocale();
  const [expanded, setExpanded] = useState(false);
  const form = useZodForm({
    fields: ["name", "email", "dateOfBirth", "password", "passwordConfirmation"] as const,
    schema: () => signUpSchema(new Date()),
    locale,
  });
  const formElement = useRef<HTMLFormElement>(null);

  // The revealed form focuses its first field, unless someone is already typing in it.
  useViewAutofocus(formElement, expanded, expanded);

  const { busy, submit } = useFormSubmit(
    form,
    () =>
      apiFetch<{ user: SignedInUser }>("/api/accounts/sign-up", {
        method: "POST",
        json: form.values,
        locale,
      }),
    (data) => onSignedUp(data.user),
  );

  return (
    <>
      <a
        className={`button button-google button-block button-${size}`}
        href={googleSignInHref(returnPath)}
      >
        <GoogleIcon />
        <span>{m.modal_google_signup()}</span>
      </a>
      <Divider />
      {expanded ? (
        <form
          ref={formElement}
          className="auth-form"
          noValidate
          onSubmit={submit}
          data-testid="sign-up-form"
        >
          <NameField form={form} size={size} autoFocusTarget />
          <EmailField form={form} size={size} />
          <BirthDateField form={form} size={size} />
          <NewPasswordFields
            form={form}
            size={size}
            label={m.modal_password_label()}
            confirmationLabel={m.modal_password_confirmation_label()}
          />
          <p className="auth-note">{m.modal_terms()}</p>
          <SubmitButton busy={busy} size={size}>
            {m.modal_signup_submit()}
          </SubmitButton>
        </form>
      ) : (
        <button
          type="button"
          className={`button button-ghost button-block button-${size}`}
          onClick={() => setExpanded(true)}
        >
          <MailIcon width={20} height={20} />
          <span>{m.modal_signup_email()}</span>
        </button>
      )}
      <p className="auth-switch">
        {m.modal_switch_to_login_prompt()}{" "}
        <button type="button" className="link-button" onClick={onSwitchToLogin}>
          {m.modal_switch_to_login()}
        </button>
      </p>
      {footer}
    </>
  );
}

/** Google sign-in (and sign-up), coming back to `returnPath` (spec section 7). */
export function googleSignInHref(returnPath: string): string {
  return `/api/accounts/login?provider=Google&returnUrl=${encodeURIComponent(returnPath)}`;
}

export function Divider() {
  return (
    <div className="auth-divider">
      <span>{m.modal_or()}</span>
    </div>
  );
}
