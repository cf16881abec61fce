import { useState } from "react";
import { linkedInAddToProfileUrl } from "../../core/attempts/certificate-sharing";
import * as m from "../../core/paraglide/messages";

/**
 * The owner's ways to share a certificate (docs/decisions/0043-a-certificate-worth-sharing.md):
 * the device's share sheet (the Web Share API) where the browser has one, else the
 * verification link copied; and LinkedIn's add-to-profile form, filled with what the
 * verification page already shows.
 */
export function CertificateShare(props: {
  code: string;
  iqLabel: string;
  /** The test's day, `YYYY-MM-DD`. */
  date: string;
  /** The verification page's absolute URL. */
  verifyUrl: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function share() {
    const data = {
      title: m.certificate_title(),
      text: m.certificate_share_text({ iq: props.iqLabel }),
      url: props.verifyUrl,
    };
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
      } catch {
        // Closed without sharing, or refused: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(props.verifyUrl);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  const linkedIn = linkedInAddToProfileUrl({
    name: m.certificate_linkedin_name(),
    organizationName: m.site_name(),
    issued: props.date,
    certUrl: props.verifyUrl,
    code: props.code,
  });
  return (
    <div className="certificate-share">
      <button
        type="button"
        className="button button-primary"
        onClick={share}
        data-testid="certificate-share"
      >
        {m.certificate_share()}
      </button>
      <a
        className="button button-ghost"
        href={linkedIn}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="certificate-linkedin"
      >
        {m.certificate_linkedin()}
      </a>
      <p className="certificate-share-status" role="status" data-testid="certificate-share-status">
        {status === "copied" ? m.certificate_link_copied() : null}
        {status === "failed" ? m.certificate_copy_failed() : null}
      </p>
    </div>
  );
}
