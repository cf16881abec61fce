import type { Locale } from "../locales/locales";

/**
 * The participation certificate's shared rules (docs/decisions/0010-certificates.md):
 * the public code's format, the name's limits, and how the date is written.
 */

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so a code read aloud or
 * copied from paper cannot be mistaken. 10 characters = 50 random bits.
 */
export const certificateCodeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const certificateCodeLength = 10;

/** A code as it appears in a verification URL (typed in lower case, it still matches). */
export const certificateCodePattern = /^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{10}$/;

/** The canonical (upper-case) form of a code typed by hand. */
export function normalizeCertificateCode(code: string): string {
  return code.toUpperCase();
}

/** A code from `bytes` random bytes (one per character; 256 is a multiple of 32, so unbiased). */
export function certificateCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < certificateCodeLength) throw new Error("certificate code: too few bytes");
  let code = "";
  for (let i = 0; i < certificateCodeLength; i++) {
    code += certificateCodeAlphabet[(bytes[i] as number) % certificateCodeAlphabet.length];
  }
  return code;
}

/** The longest name printed; longer ones (a Google profile) end with an ellipsis. */
export const certificateNameMax = 75;

/** The name as printed: whitespace collapsed, at most `certificateNameMax` characters. */
export function certificateName(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  const chars = Array.from(clean);
  if (chars.length <= certificateNameMax) return clean;
  return `${chars
    .slice(0, certificateNameMax - 1)
    .join("")
    .trimEnd()}…`;
}

/** The test's date in the certificate's language: "November 22, 2026", "22 de novembro de 2026". */
export function certificateDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "pt-br" ? "pt-BR" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(date);
}

/** The date as the verification API gives it: yyyy-mm-dd (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What the public verification of a code answers: nothing but these. */
export interface CertificateVerification {
  name: string;
  iqLabel: string;
  /** The 95 % interval's ends as labels ("≤55", "145+" at the ends: core/scoring/score-text.ts). */
  interval: { low: string; high: string };
  /** yyyy-mm-dd */
  date: string;
  /** The test's questions: a form of its own (its version) or a shared bank (its name). */
  questions: { kind: "form" | "bank"; version: string };
}

/** The certificate page's data (the owner's): the verification facts, the code and its link. */
export interface CertificateDetails extends CertificateVerification {
  code: string;
  /** The verification page's path in the request's language. */
  verifyPath: string;
}
