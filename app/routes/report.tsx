import { data } from "react-router";
import { type EbookSlug, ebookSlugs } from "../../core/ebooks/catalogue";
import { type Locale, localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { IssuedCoupon } from "../../core/payments/checkout";
import { ebookTitles } from "../../core/payments/payment-text";
import { formatRefundDeadline, type RefundOffer } from "../../core/payments/refund";
import type { ReportBody } from "../../core/report/api";
import type { Block, ReportSection } from "../../core/report/shape";
import { AnswerReview } from "../components/answer-review";
import { BookIcon, ClockIcon, DownloadIcon, LockIcon, PrinterIcon } from "../components/icons";
import { CouponList } from "../components/issued-coupons";
import { ReportScores } from "../components/report-scores";
import { callApi, failure, inLanguage } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireProfile } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import { useHydrated, useTimeZone } from "../lib/use-time-zone";
import type { Route } from "./+types/report";
import "../payments.css";
import "../report.css";

type ReportPage =
  | {
      kind: "ready";
      sections: ReportSection<string>[];
      coupons: IssuedCoupon[];
      refund: RefundOffer | null;
    }
  | { kind: "paymentRequired" | "paymentPending" };

/**
 * The premium report, owner only. It opens only for an approved payment (SECURITY.md 15):
 * otherwise the spec's 402 pages, with the way to pay or to follow the payment. The API
 * gives the report already in the page's language (core/report); this page lays it out.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireProfile(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const answer = await callApi<ReportBody>(context, {
    path: `/api/tests/${encodeURIComponent(params.id)}/report`,
    init: inLanguage(locale),
  });
  if (answer.ok) {
    const { report, coupons, refund = null } = answer.body;
    return data<ReportPage>({ kind: "ready", sections: report.sections, coupons, refund });
  }
  if (
    answer.status === 402 &&
    (answer.code === "paymentRequired" || answer.code === "paymentPending")
  ) {
    return data<ReportPage>({ kind: answer.code }, { status: 402 });
  }
  // Another user's test, an unknown one, or one not finished: the 404 page.
  if (answer.status === 404) throw data(null, { status: 404 });
  throw failure(answer.status);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("report", m.report_meta_title, m.report_meta_description);

export default function Report({ loaderData, params }: Route.ComponentProps) {
  const locale = useLocale();
  const attempt = { id: params.id };
  if (loaderData.kind === "ready") {
    return (
      <ReportView
        attemptId={params.id}
        sections={loaderData.sections}
        coupons={loaderData.coupons}
        refund={loaderData.refund}
        locale={locale}
      />
    );
  }
  return (
    <NotReady kind={loaderData.kind}>
      {loaderData.kind === "paymentRequired" ? (
        <>
          <AppLink
            screen="checkout"
            locale={locale}
            params={attempt}
            className="button button-primary"
            data-testid="report-go-to-payment"
          >
            {m.errors_modal_402_button()}
          </AppLink>
          <AppLink screen="result" locale={locale} params={attempt} className="button button-ghost">
            {m.report_back_result()}
          </AppLink>
        </>
      ) : (
        <AppLink
          screen="tests"
          locale={locale}
          className="button button-primary"
          data-testid="report-tests-link"
        >
          {m.report_tests_link()}
        </AppLink>
      )}
    </NotReady>
  );
}

/** The report's 402 screens: not bought yet, or bought and the payment still on its way. */
const notReady = {
  paymentRequired: {
    testId: "report-402",
    Icon: LockIcon,
    title: m.errors_402_title,
    text: m.report_required_text,
  },
  paymentPending: {
    testId: "report-pending",
    Icon: ClockIcon,
    title: m.errors_402_message,
    text: m.report_pending_text,
  },
} as const;

function NotReady({ kind, children }: { kind: keyof typeof notReady; children: React.ReactNode }) {
  const { testId, Icon, title, text } = notReady[kind];
  return (
    <section className="error-screen container" data-status={402} data-testid={testId}>
      <span className="account-page-icon tone-warning">
        <Icon width={30} height={30} />
      </span>
      <p className="error-code">{m.errors_code_label({ status: 402 })}</p>
      <h1 className="error-title">{title()}</h1>
      <p className="error-description">{text()}</p>
      <div className="error-actions">{children}</div>
    </section>
  );
}

/** `skill:SM` is a fine id, but an awkward anchor and CSS selector: `skill-SM`. */
const anchorOf = (id: string) => id.replace(":", "-");

/**
 * The report's downloads (docs/decisions/0021-pdfs.md): API paths that answer only the
 * buyer. The page names its language; after hydration, the reader's time zone too, for
 * the dates printed in the PDF.
 */
function useFileLink(attemptId: string, locale: Locale): (file: string) => string {
  const timeZone = useTimeZone();
  return (file) => {
    const query = new URLSearchParams({ lang: locale });
    if (timeZone !== "UTC") query.set("tz", timeZone);
    return `/api/tests/${encodeURIComponent(attemptId)}/${file}?${query}`;
  };
}

function ReportView({
  attemptId,
  sections,
  coupons,
  refund,
  locale,
}: {
  attemptId: string;
  sections: ReportSection<string>[];
  coupons: IssuedCoupon[];
  refund: RefundOffer | null;
  locale: Locale;
}) {
  const hydrated = useHydrated();
  const fileLink = useFileLink(attemptId, locale);
  const [cover, ...rest] = sections;
  return (
    <article className="report container" data-testid="report-page">
      <div className="report-actions">
        <AppLink screen="tests" locale={locale} className="button button-ghost button-xs">
          {m.report_tests_link()}
        </AppLink>
        {hydrated ? (
          <button
            type="button"
            className="button button-ghost button-xs"
            onClick={() => window.print()}
            data-testid="report-print"
          >
            <PrinterIcon width={16} height={16} />
            {m.report_print()}
          </button>
        ) : null}
        <AppLink
          screen="method"
          locale={locale}
          className="button button-ghost button-xs"
          data-testid="report-method-link"
        >
          {m.method_link()}
        </AppLink>
        <a
          className="button button-primary button-xs"
          href={fileLink("report.pdf")}
          download
          data-testid="report-pdf"
        >
          <DownloadIcon width={16} height={16} />
          {m.report_download_pdf()}
        </a>
      </div>
      {cover ? <Cover section={cover} /> : null}
      {rest.map((section) => (
        <section
          key={section.id}
          id={anchorOf(section.id)}
          data-section={section.id}
          className="report-section"
          aria-labelledby={`${anchorOf(section.id)}-title`}
        >
          <h2 id={`${anchorOf(section.id)}-title`} className="report-section-title">
            {section.title}
          </h2>
          {section.blocks.map((block, index) => (
            // Blocks are a fixed list per section: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ReportBlock key={index} block={block} />
          ))}
          {section.id === "thanks" && coupons.length > 0 ? (
            <div className="report-coupons" data-testid="issued-coupons">
              <CouponList coupons={coupons} locale={locale} />
            </div>
          ) : null}
        </section>
      ))}
      <AnswerReview attemptId={attemptId} locale={locale} />
      <Ebooks fileLink={fileLink} locale={locale} />
      {refund ? <ChangeOfMind refund={refund} locale={locale} /> : null}
    </article>
  );
}

/** Seven days to change your mind (issue 30.6): the refund's confirm page, until when. */
function ChangeOfMind({ refund, locale }: { refund: RefundOffer; locale: Locale }) {
  return (
    <section
      className="report-refund"
      aria-labelledby="report-refund-title"
      data-testid="report-refund"
    >
      <h2 id="report-refund-title" className="report-refund-title">
        {m.report_refund_title()}
      </h2>
      <p>{m.report_refund_text({ date: formatRefundDeadline(refund.until, locale) })}</p>
      <AppLink
        screen="refund"
        locale={locale}
        params={{ paymentId: refund.paymentId }}
        className="button button-ghost button-xs"
        data-testid="report-refund-link"
      >
        {m.report_refund_link()}
      </AppLink>
    </section>
  );
}

/** The four bonus e-books: a download each, named by its title for screen readers. */
function Ebooks({ fileLink, locale }: { fileLink: (file: string) => string; locale: Locale }) {
  return (
    <section
      className="report-ebooks"
      aria-labelledby="report-ebooks-title"
      data-testid="report-ebooks"
    >
      <h2 id="report-ebooks-title" className="report-section-title">
        {m.report_ebooks_title()}
      </h2>
      <p className="report-text">{m.report_ebooks_text()}</p>
      <ul className="report-ebook-list">
        {ebookSlugs.map((slug, index) => (
          <EbookCard
            key={slug}
            slug={slug}
            number={index + 1}
            fileLink={fileLink}
            locale={locale}
          />
        ))}
      </ul>
    </section>
  );
}

function EbookCard({
  slug,
  number,
  fileLink,
  locale,
}: {
  slug: EbookSlug;
  number: number;
  fileLink: (file: string) => string;
  locale: Locale;
}) {
  const title = ebookTitles[slug]({}, { locale });
  return (
    <li className="report-ebook" data-ebook={slug}>
      <span className="report-ebook-cover" aria-hidden="true">
        <BookIcon width={20} height={20} />
        <span className="report-ebook-number">{String(number).padStart(2, "0")}</span>
      </span>
      <span className="report-ebook-title">{title}</span>
      <a
        className="button button-ghost button-xs report-ebook-link"
        href={fileLink(`ebooks/${slug}.pdf`)}
        download
      >
        <DownloadIcon width={16} height={16} />
        {m.report_ebook_download()}
        <span className="visually-hidden">: {title}</span>
      </a>
    </li>
  );
}

/** The cover: the page's h1, with the reader's IQ, range and band as its figures. */
function Cover({ section }: { section: ReportSection<string> }) {
  return (
    <section
      id={anchorOf(section.id)}
      data-section={section.id}
      className="report-cover"
      aria-labelledby="report-title"
    >
      <p className="eyebrow report-eyebrow">{m.report_eyebrow()}</p>
      <h1 id="report-title" className="report-title">
        {section.title}
      </h1>
      {section.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of blocks
        <ReportBlock key={index} block={block} />
      ))}
    </section>
  );
}

function ReportBlock({ block }: { block: Block<string> }) {
  switch (block.kind) {
    case "heading":
      return <h3 className="report-subtitle">{block.text}</h3>;
    case "paragraph":
      return <p className="report-text">{block.text}</p>;
    case "list":
      return (
        <ul className="report-list">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "figures":
      return (
        <dl className="report-figures">
          {block.items.map((item) => (
            <div key={item.label} className="report-figure">
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      );
    case "scores":
      return <ReportScores rows={block.rows} />;
  }
}
