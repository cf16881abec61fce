import { z } from "zod";
import { ageOn } from "./age";

export { isSafeReturnUrl } from "./return-url";

// zod compiles object parsers with `new Function` when it may; it probes first, and the
// site's CSP (no 'unsafe-eval') reports the probe as a violation though zod catches it.
// The Worker forbids eval too. Parse without compiling.
z.config({ jitless: true });

/**
 * The account forms' rules (spec section 5), shared by the forms and the API. Each
 * issue's message is a message key (messages/*.json); whoever shows it translates it.
 * See docs/decisions/0007-accounts.md.
 */

export const minimumAge = 16;
export const nameLength = { min: 3, max: 75 } as const;
export const passwordLength = { min: 8, max: 128 } as const;
export const emailMaxLength = 254;

/** Letters of any language, with the spaces, hyphens, apostrophes and dots names use. */
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

const requiredText = (key: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message: key }).min(1, key),
  );

export const emailField = requiredText("validation_email_required")
  .pipe(z.string().max(emailMaxLength, "validation_email_invalid"))
  .pipe(z.email("validation_email_invalid"));

/** The spec's password rules plus a maximum length; nothing is truncated. */
export const strongPassword = (requiredKey: string) =>
  z
    .string({ message: requiredKey })
    .min(1, requiredKey)
    .min(passwordLength.min, "validation_password_min")
    .max(passwordLength.max, "validation_password_max")
    .refine(
      (v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v),
      "validation_password_characters",
    );

/** Letters of any script; combining marks, spaces and punctuation are not counted. */
export function letterCount(value: string): number {
  return value.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * 3 to 75 letters (spec section 5): the minimum counts letters, so "A B" is too short;
 * the maximum bounds the whole trimmed text (75 characters), which is also what the
 * certificate and the header have room for.
 */
export const nameField = requiredText("validation_name_required")
  .pipe(z.string().refine((v) => letterCount(v) >= nameLength.min, "validation_name_min"))
  .pipe(z.string().max(nameLength.max, "validation_name_max"))
  .pipe(z.string().regex(namePattern, "validation_name_letters"));

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether a well-formed date of birth is of someone under the minimum age (16) on `today`. */
export function isUnderMinimumAge(dateOfBirth: string, today: Date): boolean {
  const age = isRealDate(dateOfBirth) ? ageOn(dateOfBirth, today) : null;
  return age !== null && age >= 0 && age < minimumAge;
}

/**
 * Required, a real day from 1900 to today, and (unless `ageRule` is off, for a server
 * that applies the 16+ rule itself) of someone aged 16 or over.
 */
export function dateOfBirthField(today: Date, { ageRule = true } = {}) {
  const field = requiredText("validation_birth_date_required")
    .refine(isRealDate, "validation_birth_date_invalid")
    .refine(
      (v) => !isRealDate(v) || (v >= "1900-01-01" && (ageOn(v, today) ?? -1) >= 0),
      "validation_birth_date_invalid",
    );
  if (!ageRule) return field;
  return field.refine((v) => !isUnderMinimumAge(v, today), "validation_birth_date_too_young");
}

export function signUpSchema(today: Date) {
  return z
    .object({
      name: nameField,
      email: emailField,
      dateOfBirth: dateOfBirthField(today),
      password: strongPassword("validation_password_required"),
      passwordConfirmation: strongPassword("validation_password_confirmation_required"),
      // The spec's sign-up is a multipart form, whose values are text: "true" remembers.
      // The modal shows no such field, so anything else is simply not remembered.
      rememberMe: z
        .unknown()
        .optional()
        .transform((value) => value === true || value === "true"),
    })
    .refine((v) => v.password === v.passwordConfirmation, {
      path: ["passwordConfirmation"],
      message: "validation_password_confirmation_mismatch",
    });
}

/**
 * The profile's editable fields (`PATCH /api/account/profile`, the profile-completion step
 * and the account page), with the sign-up's rules and messages. The API turns `ageRule`
 * off and applies the 16+ rule itself, because refusing someone under 16 also removes an
 * account that has no date of birth yet (docs/decisions/0022-register-and-profile-completion.md).
 */
export function profileSchema(today: Date, options: { ageRule?: boolean } = {}) {
  return z.object({ name: nameField, dateOfBirth: dateOfBirthField(today, options) });
}

export const signInSchema = z.object({
  email: requiredText("validation_email_required"),
  password: z
    .string({ message: "validation_password_required" })
    .min(1, "validation_password_required"),
  rememberMe: z.boolean({ message: "validation_remember_me_invalid" }).default(false),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const changePasswordSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, "validation_token_invalid"),
    password: strongPassword("validation_password_required"),
    passwordConfirmation: strongPassword("validation_password_confirmation_required"),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "validation_password_confirmation_mismatch",
  });

/** Field errors as message keys, in the shape the API answers and the forms show. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: Pick<z.core.$ZodError, "issues">): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "system");
    const list = fields[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    fields[field] = list;
  }
  return fields;
}
