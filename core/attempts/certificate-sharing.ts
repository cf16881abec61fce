/**
 * Sharing a certificate (docs/decisions/0043-a-certificate-worth-sharing.md): LinkedIn's
 * add-to-profile link for a certification, and the public image a shared link shows.
 */

/** What LinkedIn's form is filled with: all of it already public on the verification page. */
export interface LinkedInCertification {
  /** The certification's name as the profile lists it. */
  name: string;
  organizationName: string;
  /** The test's day, `YYYY-MM-DD` (UTC), as the verification page gives it. */
  issued: string;
  /** The verification page's absolute URL. */
  certUrl: string;
  code: string;
}

/**
 * LinkedIn's "Add to profile" link for a certification (startTask=CERTIFICATION_NAME):
 * the form opens filled; nothing is sent to LinkedIn until the member saves it. No
 * expiry: a participation certificate does not expire.
 */
export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  const [year = "", month = ""] = certification.issued.split("-");
  const query = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: certification.name,
    organizationName: certification.organizationName,
    issueYear: year,
    issueMonth: String(Number(month)),
    certUrl: certification.certUrl,
    certId: certification.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** The shared image of a certificate (no age line), in a language. */
export function sharedCertificateImagePath(code: string, locale: string): string {
  return `/api/certificates/shared/${encodeURIComponent(code)}.png?lang=${locale}`;
}

/** The shared image's size, for `og:image:width`/`height`. */
export const sharedCertificateImageSize = { width: 1600, height: 1131 } as const;
