import "../certificate.css";
import { useRouteLoaderData } from "react-router";
import type { CertificateDetails } from "../../core/attempts/certificate";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { CertificateShare } from "../components/certificate-share";
import { NoResult } from "../components/no-result";
import { loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireProfile } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/certificate";

type LoaderResult = { kind: "certificate"; details: CertificateDetails } | { kind: "invalid" };

/**
 * The participation certificate of a finished attempt, owner only (SECURITY.md 14): an
 * anonymous visitor is sent home to sign in; anyone else's id, an unknown one, or an
 * attempt without a result (running, rejected) is the invalid-test page with a 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireProfile(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromApi(context, {
    path: `/api/certificates/${encodeURIComponent(params.id)}`,
    init: { headers: { i18n: locale } },
    ok: (details: CertificateDetails): LoaderResult => ({ kind: "certificate", details }),
    expected: [{ status: 404, page: { kind: "invalid" } }],
  });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta(
  "certificate",
  m.certificate_meta_title,
  m.certificate_meta_description,
);

export default function Certificate({ loaderData, params }: Route.ComponentProps) {
  const locale = useLocale();
  const root = useRouteLoaderData("root") as { baseUrl?: string } | undefined;
  if (loaderData.kind !== "certificate")
    return <NoResult kind="invalid" testId="certificate-invalid" />;
  const { details } = loaderData;
  const image = `/api/certificates/${params.id}.png?lang=${locale}`;
  const verifyUrl = `${(root?.baseUrl ?? "").replace(/\/$/, "")}${details.verifyPath}`;
  return (
    <section className="certificate-page container" data-testid="certificate">
      <div className="certificate-intro">
        <p className="eyebrow">{m.certificate_eyebrow()}</p>
        <h1 className="certificate-title">{m.certificate_page_title()}</h1>
        <p className="certificate-text">{m.certificate_page_text()}</p>
      </div>
      <figure className="certificate-sheet">
        <img
          src={image}
          width={1600}
          height={1131}
          alt={m.certificate_image_alt({ name: details.name, iq: details.iqLabel })}
          data-testid="certificate-image"
        />
      </figure>
      <CertificateShare
        code={details.code}
        iqLabel={details.iqLabel}
        date={details.date}
        verifyUrl={verifyUrl}
      />
      <div className="certificate-actions">
        <a
          className="button button-ghost"
          href={`${image}&download=1`}
          download
          data-testid="certificate-download"
        >
          {m.certificate_download()}
        </a>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => window.print()}
          data-testid="certificate-print"
        >
          {m.certificate_print()}
        </button>
        <AppLink
          screen="result"
          locale={locale}
          params={{ id: params.id }}
          className="button button-ghost"
        >
          {m.certificate_back_to_result()}
        </AppLink>
      </div>
      <p className="certificate-verify">
        <span>{m.certificate_verify_link()}</span>{" "}
        <a href={details.verifyPath} data-testid="certificate-verify-link">
          {verifyUrl}
        </a>
      </p>
    </section>
  );
}
