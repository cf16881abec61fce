import { readCookie } from "../locales/language";

/**
 * The visitor's cookie choice (LGPD, SECURITY.md 34), kept in the first-party cookie
 * `consent` so the server knows it too: `v1.e0.a1.1795400000` = version 1, experience
 * improvement refused, analytics accepted, chosen at that Unix time (seconds). Anything
 * else, including an older version, reads as no choice: the visitor is asked again.
 * See docs/decisions/0012-legal-pages-and-consent.md.
 */

export const consentCookieName = "consent";
/** Bump when the categories or their purposes change: earlier choices are then asked again. */
export const consentVersion = 1;
export const consentMaxAgeSeconds = 365 * 24 * 60 * 60;

/** `necessary` is always granted; the optional categories need the visitor's opt-in. */
export const consentCategories = ["necessary", "experience", "analytics"] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type OptionalCategory = Exclude<ConsentCategory, "necessary">;

export interface ConsentChoice {
  experience: boolean;
  analytics: boolean;
  /** When the choice was made, in Unix seconds. */
  at: number;
}

const pattern = /^v(\d{1,4})\.e([01])\.a([01])\.(\d{1,12})$/;

/** Marks the page's root element when the browser holds a choice of this version. */
export const consentChosenAttribute = "data-consent-chosen";

/**
 * A script for the page's head (docs/decisions/0026-shared-page-copies.md): a page may be
 * a copy shared by every anonymous visitor, rendered without knowing their choice, so
 * before the first paint the browser itself marks the root element when it holds a
 * readable choice, and a rule (`consentChosenStyle`) hides the cookie banner until the
 * page's script takes over.
 */
export const consentChosenScript = `if(/(?:^|;\\s*)${consentCookieName}=v${consentVersion}\\.e[01]\\.a[01]\\.\\d{1,12}(?:;|$)/.test(document.cookie))document.documentElement.setAttribute("${consentChosenAttribute}","")`;

/** The rule that goes with `consentChosenScript`. */
export const consentChosenStyle = `html[${consentChosenAttribute}] .cookie-banner{display:none}`;

export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const match = pattern.exec(value);
  if (!match || Number(match[1]) !== consentVersion) return null;
  return { experience: match[2] === "1", analytics: match[3] === "1", at: Number(match[4]) };
}

export function serializeConsent(choice: ConsentChoice): string {
  const flag = (on: boolean) => (on ? "1" : "0");
  return `v${consentVersion}.e${flag(choice.experience)}.a${flag(choice.analytics)}.${Math.floor(choice.at)}`;
}

/** The choice carried by a Cookie header, or null when there is none (or it is unreadable). */
export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  return parseConsent(readCookie(cookieHeader ?? null, consentCookieName));
}

/** Whether a category may be used under a choice: strictly necessary always, others only by opt-in. */
export function grants(choice: ConsentChoice | null, category: ConsentCategory): boolean {
  if (category === "necessary") return true;
  return choice?.[category] === true;
}

/** The Set-Cookie / document.cookie string of a choice: one year, whole site, SameSite=Lax. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  const parts = [
    `${consentCookieName}=${serializeConsent(choice)}`,
    "Path=/",
    `Max-Age=${consentMaxAgeSeconds}`,
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
