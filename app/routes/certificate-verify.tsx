import "../certificate.css";
import type { CertificateVerification } from "../../core/attempts/certificate";
import { certificateDate } from "../../core/attempts/certificate";
import {
  sharedCertificateImagePath,
  sharedCertificateImageSize,
} from "../../core/attempts/certificate-sharing";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { AlertIcon, CheckCircleIcon, SearchIcon } from "../components/icons";
import { loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { rootData } from "../lib/root-data";
import { screenMeta, withShareCard } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/certificate-verify";

type LoaderResult =
  | { kind: "found"; code: string; certificate: CertificateVerification }
  | { kind: "notFound"; code: string }
  | { kind: "withdrawn"; code: string };

/**
 * Public: anyone holding a certificate's code can check it is genuine. It shows the name,
 * the IQ and the date, as printed, and nothing else (docs/decisions/0010-certificates.md).
 * A certificate whose account was deleted says it was withdrawn, without the name
 * (docs/decisions/0023-holder-rights.md).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const code = params.code.toUpperCase();
  return loadFromApi(context, {
    path: `/api/certificates/verify/${encodeURIComponent(code)}`,
    ok: (certificate: CertificateVerification): LoaderResult => ({
      kind: "found",
      code,
      certificate,
    }),
    expected: [
      { status: 404, page: { kind: "notFound", code } },
      { status: 410, code: "certificateWithdrawn", page: { kind: "withdrawn", code } },
    ],
  });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

const verifyMeta = screenMeta(
  "certificateVerify",
  m.certificate_verify_meta_title,
  m.certificate_verify_meta_description,
);

/**
 * A verified certificate's link shows it when shared: its title, and the public image
 * without the age line (docs/decisions/0043-a-certificate-worth-sharing.md).
 */
export function meta(args: Route.MetaArgs) {
  const tags = verifyMeta(args);
  const data = args.loaderData;
  if (data?.kind !== "found") return tags;
  const locale = localeFromPath(args.location.pathname);
  const options = { locale };
  const { name, iqLabel, date } = data.certificate;
  const base = rootData(args.matches).baseUrl.replace(/\/$/, "");
  return withShareCard(tags, {
    title: m.certificate_shared_title({ name, iq: iqLabel }, options),
    description: m.certificate_shared_description(
      { date: certificateDate(new Date(`${date}T12:00:00Z`), locale) },
      options,
    ),
    image: `${base}${sharedCertificateImagePath(data.code, locale)}`,
    ...sharedCertificateImageSize,
    alt: m.certificate_image_alt({ name, iq: iqLabel }, options),
  });
}

/** A code that verifies nothing: unknown, or withdrawn with its account. */
function Unverified({ kind, code }: { kind: "notFound" | "withdrawn"; code: string }) {
  const locale = useLocale();
  const withdrawn = kind === "withdrawn";
  const Icon = withdrawn ? AlertIcon : SearchIcon;
  return (
    <section
      className="account-page container"
      data-testid={withdrawn ? "certificate-withdrawn" : "certificate-not-found"}
    >
      <span className="account-page-icon tone-warning">
        <Icon width={30} height={30} />
      </span>
      <h1 className="account-page-title">
        {withdrawn ? m.delete_certificate_withdrawn_title() : m.certificate_not_found_title()}
      </h1>
      <p className="account-page-text">
        {withdrawn
          ? m.delete_certificate_withdrawn_text({ code })
          : m.certificate_not_found_text({ code })}
      </p>
      {withdrawn && <p className="notice">{m.delete_certificate_withdrawn_notice()}</p>}
      <div className="account-page-actions">
        <AppLink screen="home" locale={locale} className="button button-primary">
          {m.certificate_take_test()}
        </AppLink>
      </div>
    </section>
  );
}

export default function CertificateVerify({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  if (loaderData.kind !== "found")
    return <Unverified kind={loaderData.kind} code={loaderData.code} />;
  const { certificate, code } = loaderData;
  return (
    <section className="account-page container" data-testid="certificate-verified">
      <span className="account-page-icon tone-success">
        <CheckCircleIcon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.certificate_verify_eyebrow()}</p>
      <h1 className="account-page-title">{m.certificate_verify_title()}</h1>
      <p className="account-page-text">{m.certificate_verify_text({ code })}</p>
      <dl className="verify-facts card">
        <div>
          <dt>{m.certificate_verify_name()}</dt>
          <dd data-testid="verify-name">{certificate.name}</dd>
        </div>
        <div>
          <dt>{m.certificate_verify_iq()}</dt>
          <dd data-testid="verify-iq">{certificate.iqLabel}</dd>
        </div>
        <div>
          <dt>{m.score_interval_caption()}</dt>
          <dd data-testid="verify-interval">{m.score_interval_range(certificate.interval)}</dd>
        </div>
        <div>
          <dt>{m.certificate_verify_date()}</dt>
          <dd data-testid="verify-date">
            {certificateDate(new Date(`${certificate.date}T12:00:00Z`), locale)}
          </dd>
        </div>
        <div>
          <dt>{m.certificate_verify_questions()}</dt>
          <dd data-testid="verify-questions">
            {certificate.questions.kind === "form"
              ? m.certificate_verify_questions_form({ version: certificate.questions.version })
              : m.certificate_verify_questions_bank({ version: certificate.questions.version })}
          </dd>
        </div>
      </dl>
      <p className="notice">{m.certificate_verify_notice()}</p>
      <p className="account-page-text">
        <AppLink screen="method" locale={locale} data-testid="verify-method-link">
          {m.method_link()}
        </AppLink>
      </p>
    </section>
  );
}
