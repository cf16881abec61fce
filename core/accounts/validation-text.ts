import type { Locale } from "../locales/locales";
import { lookUp, type Text } from "../locales/message-text";
import * as m from "../paraglide/messages";

/**
 * The texts of the message keys the shared form rules (account-rules.ts) report, for the
 * forms that check them in the browser. A test proves every key the rules use is here.
 */
export const validationTexts: Readonly<Record<string, Text>> = {
  validation_name_required: m.validation_name_required,
  validation_name_min: m.validation_name_min,
  validation_name_max: m.validation_name_max,
  validation_name_letters: m.validation_name_letters,
  validation_birth_date_required: m.validation_birth_date_required,
  validation_birth_date_invalid: m.validation_birth_date_invalid,
  validation_birth_date_too_young: m.validation_birth_date_too_young,
  validation_email_required: m.validation_email_required,
  validation_email_invalid: m.validation_email_invalid,
  validation_password_required: m.validation_password_required,
  validation_password_min: m.validation_password_min,
  validation_password_max: m.validation_password_max,
  validation_password_characters: m.validation_password_characters,
  validation_password_confirmation_required: m.validation_password_confirmation_required,
  validation_password_confirmation_mismatch: m.validation_password_confirmation_mismatch,
  validation_remember_me_invalid: m.validation_remember_me_invalid,
  validation_token_invalid: m.validation_token_invalid,
};

/** A rule's message key in a language; an unknown key reads as a generic "not valid". */
export function validationText(key: string, locale: Locale): string {
  return lookUp(validationTexts, key, locale) ?? m.validation_invalid({}, { locale });
}
