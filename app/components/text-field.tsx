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
