import * as m from "../../core/paraglide/messages";
import type { ZodForm } from "../lib/use-zod-form";

interface TextFieldProps<F extends string> {
  form: ZodForm<F>;
  name: F;
  label: string;
  hint?: string;
  type?: "text" | "email" | "password" | "date";
  autoComplete?: string;
  size: "xs" | "md";
  /** Receives focus when its view opens (after 100 ms, spec section 9). */
  autoFocusTarget?: boolean;
  min?: string;
  max?: string;
}

/** A labelled input with its hint and its error, both tied to it for assistive technology. */
export function TextField<F extends string>({
  form,
  name,
  label,
  hint,
  type = "text",
  autoComplete,
  size,
  autoFocusTarget,
  min,
  max,
}: TextFieldProps<F>) {
  const props = form.field(name);
  const error = form.error(name);
  const hintId = `${props.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? form.errorId(name) : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field" data-invalid={error ? "true" : undefined}>
      <label className="field-label" htmlFor={props.id}>
        {label}
      </label>
      <input
        {...props}
        className={`input input-${size}`}
        type={type}
        autoComplete={autoComplete}
        spellCheck={type === "text" ? undefined : false}
        autoCapitalize={type === "email" || type === "password" ? "none" : undefined}
        aria-describedby={describedBy || undefined}
        data-autofocus={autoFocusTarget ? "" : undefined}
        data-size={size}
        min={min}
        max={max}
      />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={form.errorId(name)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a caller says of a field whose name, label and autofill the field knows. */
type KnownFieldProps<F extends string, N extends string> = {
  form: ZodForm<F | N>;
  size: "xs" | "md";
  hint?: string;
  autoFocusTarget?: boolean;
};

/** The e-mail address as sign-in, sign-up and the forgotten password ask it. */
export function EmailField<F extends string>(props: KnownFieldProps<F, "email">) {
  const label = m.modal_email_label();
  return <TextField {...props} name="email" type="email" autoComplete="email" label={label} />;
}

/** The name as sign-up, the profile and its completion ask it. */
export function NameField<F extends string>(props: KnownFieldProps<F, "name">) {
  return <TextField {...props} name="name" autoComplete="name" label={m.modal_name_label()} />;
}

/**
 * A password field (`password` unless named otherwise); `current` is one the browser may
 * fill in, else one being chosen.
 */
export function PasswordField<F extends string>({
  name = "password",
  current,
  ...props
}: {
  form: ZodForm<F | "password">;
  name?: F | "password";
  label: string;
  size: "xs" | "md";
  current?: boolean;
  hint?: string;
}) {
  const autoComplete = current ? "current-password" : "new-password";
  return <TextField {...props} name={name} type="password" autoComplete={autoComplete} />;
}

/** A new password with the rule's hint, then the same again (sign-up, reset, account). */
export function NewPasswordFields<F extends string>(props: {
  form: ZodForm<F | "password" | "passwordConfirmation">;
  size: "xs" | "md";
  label: string;
  confirmationLabel: string;
}) {
  const { form, size } = props;
  return (
    <>
      <PasswordField form={form} label={props.label} hint={m.modal_password_hint()} size={size} />
      <PasswordField
        form={form}
        name="passwordConfirmation"
        label={props.confirmationLabel}
        size={size}
      />
    </>
  );
}

/** The date of birth as every account form asks it (spec section 5): a date since 1900. */
export function BirthDateField<F extends string>(props: {
  form: ZodForm<F | "dateOfBirth">;
  size: "xs" | "md";
}) {
  return (
    <TextField
      form={props.form}
      name="dateOfBirth"
      type="date"
      autoComplete="bday"
      label={m.modal_birth_date_label()}
      hint={m.validation_birth_date_prompt()}
      size={props.size}
      min="1900-01-01"
      max={new Date().toISOString().slice(0, 10)}
    />
  );
}

/** The submit button of an auth form; stays focusable while its request runs. */
export function SubmitButton({
  busy,
  size,
  children,
}: {
  busy: boolean;
  size: "xs" | "md";
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      className={`button button-primary button-block button-${size}`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      data-loading={busy ? "true" : undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
