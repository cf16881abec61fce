import type { ReactNode } from "react";
import { nationalIq } from "../../core/content/data/national-iq";
import { famousEntries, testimonials } from "../../core/content/home-content";
import { mapBins, noDataColour } from "../../core/content/iq-map-scale";
import type { Locale } from "../../core/locales/locales";
import type { Text } from "../../core/locales/message-text";
import { numberFormat } from "../../core/locales/number-format";
import * as m from "../../core/paraglide/messages";
import { bandName } from "../../core/scoring/band-text";
import { normalCdf } from "../../core/scoring/normal";
import { AppLink } from "../lib/app-link";
import { useNonce } from "../lib/nonce";
import { chartBands, IqChart } from "./iq-chart";

/**
 * The home page below its first screen: how the test works, the areas, the chart, the
 * map, the famous list, the testimonials and the FAQ. Static content, downloaded apart
 * from the page and only after a client-side navigation: on the page the server sent,
 * the browser keeps the server's HTML (routes/home.tsx, docs/decisions/0028-first-load.md).
 * Its styles are in home.css, which the home route imports.
 */
/** The FAQ (spec: how it works, time, price, score, report, diagnosis, age, data). */
const faqTexts = {
  how: { q: m.home_faq_how_q, a: m.home_faq_how_a },
  time: { q: m.home_faq_time_q, a: m.home_faq_time_a },
  free: { q: m.home_faq_free_q, a: m.home_faq_free_a },
  score: { q: m.home_faq_score_q, a: m.home_faq_score_a },
  report: { q: m.home_faq_report_q, a: m.home_faq_report_a },
  diagnosis: { q: m.home_faq_diagnosis_q, a: m.home_faq_diagnosis_a },
  who: { q: m.home_faq_who_q, a: m.home_faq_who_a },
  data: { q: m.home_faq_data_q, a: m.home_faq_data_a },
} satisfies Record<string, { q: Text; a: Text }>;
type FaqId = keyof typeof faqTexts;
const faqs = Object.keys(faqTexts) as FaqId[];

const faqQuestion = (id: FaqId, locale: Locale) => faqTexts[id].q({}, { locale });
const faqAnswer = (id: FaqId, locale: Locale) => faqTexts[id].a({}, { locale });

/** schema.org FAQPage with the questions and answers shown on the page, word for word. */
export function faqJsonLd(locale: Locale) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale === "en" ? "en" : "pt-BR",
    mainEntity: faqs.map((id) => ({
      "@type": "Question",
      name: faqQuestion(id, locale),
      acceptedAnswer: { "@type": "Answer", text: faqAnswer(id, locale) },
    })),
  };
}

const areas = [
  { code: "SM", title: m.home_area_sm_title, text: m.home_area_sm_text },
  { code: "RA", title: m.home_area_ra_title, text: m.home_area_ra_text },
  { code: "RE", title: m.home_area_re_title, text: m.home_area_re_text },
  { code: "RL", title: m.home_area_rl_title, text: m.home_area_rl_text },
];

const steps = [
  { title: m.home_step1_title, text: m.home_step1_text },
  { title: m.home_step2_title, text: m.home_step2_text },
  { title: m.home_step3_title, text: m.home_step3_text },
];

export default function HomeSections({ locale }: { locale: Locale }) {
  return (
    <>
      <HomeSection id="how-it-works" title={m.home_how_title()}>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title()} className="card step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title()}</h3>
              <p>{step.text()}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      <HomeSection id="areas" title={m.home_areas_title()}>
        <ul className="areas">
          {areas.map((area) => (
            <li key={area.code} className="card area">
              <span className="area-code" aria-hidden="true">
                {area.code}
              </span>
              <h3>{area.title()}</h3>
              <p>{area.text()}</p>
            </li>
          ))}
        </ul>
        <p className="notice">{m.home_notice()}</p>
      </HomeSection>

      <DistributionSection locale={locale} />
      <MapSection locale={locale} />
      <FamousSection locale={locale} />
      <TestimonialsSection locale={locale} />
      <FaqSection locale={locale} />
    </>
  );
}

const percent = (locale: Locale, share: number) =>
  numberFormat(locale === "en" ? "en-US" : "pt-BR", {
    style: "percent",
    maximumFractionDigits: share < 0.01 ? 2 : 1,
  }).format(share);

function bandRange(from: number, to: number, first: boolean, last: boolean) {
  if (first) return `≤ ${to - 1}`;
  if (last) return `≥ ${from}`;
  return `${from}–${to - 1}`;
}

function DistributionSection({ locale }: { locale: Locale }) {
  return (
    <HomeSection id="distribution" title={m.home_chart_title()} lead={m.home_chart_text()}>
      <div className="card chart-card">
        <IqChart label={m.home_chart_aria()} bands />
        <h3 className="visually-hidden">{m.home_chart_bands_title()}</h3>
        <ul className="band-legend" data-testid="band-legend">
          {chartBands
            .map((b, index) => {
              const first = index === 0;
              const last = index === chartBands.length - 1;
              const share =
                normalCdf(last ? Number.POSITIVE_INFINITY : (b.to - 100) / 15) -
                normalCdf(first ? Number.NEGATIVE_INFINITY : (b.from - 100) / 15);
              return { ...b, first, last, share };
            })
            .reverse()
            .map((b) => (
              <li key={b.band}>
                <span className="swatch" style={{ background: b.colour }} aria-hidden="true" />
                <span className="band-range">{bandRange(b.from, b.to, b.first, b.last)}</span>
                <span className="band-name">{bandName[b.band]({}, { locale })}</span>
                <span className="band-share">
                  {m.home_chart_share({ share: percent(locale, b.share) })}
                </span>
              </li>
            ))}
        </ul>
      </div>
    </HomeSection>
  );
}

const brazil = nationalIq.find((row) => row.iso3 === "BRA");

function MapSection({ locale }: { locale: Locale }) {
  const number = numberFormat(locale === "en" ? "en-US" : "pt-BR", {
    maximumFractionDigits: 1,
  });
  return (
    <HomeSection
      id="world-map"
      title={m.home_map_title()}
      lead={m.home_map_text({ value: brazil ? number.format(brazil.iq) : "?" })}
    >
      <figure className="card map-card">
        <img
          src="/images/world-iq-map.svg"
          alt={m.home_map_alt()}
          width="1000"
          height="442"
          loading="lazy"
          decoding="async"
          className="world-map"
          data-testid="world-map"
        />
        <figcaption>
          <p className="map-legend-title" id="map-legend-title">
            {m.home_map_legend()}
          </p>
          <ul className="map-legend" aria-labelledby="map-legend-title" data-testid="map-legend">
            {mapBins.map((bin, index) => (
              <li key={bin.colour} data-colour={bin.colour}>
                <span className="swatch" style={{ background: bin.colour }} aria-hidden="true" />
                {index === 0
                  ? `< ${bin.max}`
                  : index === mapBins.length - 1
                    ? `≥ ${bin.min}`
                    : `${bin.min}–${bin.max - 1}`}
              </li>
            ))}
            <li data-colour={noDataColour}>
              <span className="swatch" style={{ background: noDataColour }} aria-hidden="true" />
              {m.home_map_no_data()}
            </li>
          </ul>
          <div className="map-note" data-testid="map-note">
            <p className="map-note-title">{m.home_map_note_title()}</p>
            <p>{m.home_map_note()}</p>
            <p className="map-source">{m.home_map_source()}</p>
          </div>
        </figcaption>
      </figure>
    </HomeSection>
  );
}

function FamousSection({ locale }: { locale: Locale }) {
  return (
    <HomeSection id="famous" title={m.home_famous_title()} lead={m.home_famous_text()}>
      <ol className="famous" data-testid="famous-list">
        {famousEntries.map((entry) => (
          <li key={entry.id} className="famous-entry" data-score={entry.score}>
            <div className="famous-person">
              <span className="famous-name">{entry.name({}, { locale })}</span>
              <span className="famous-role">{entry.role({}, { locale })}</span>
            </div>
            <div className="famous-score" title={m.home_famous_score({ score: entry.score })}>
              <span className="famous-iq">{entry.score}</span>
              <span className="famous-estimated" data-testid="estimated">
                {m.home_famous_estimated()}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

function TestimonialsSection({ locale }: { locale: Locale }) {
  return (
    <HomeSection
      id="testimonials"
      title={m.home_testimonials_title()}
      lead={m.home_testimonials_note()}
    >
      <ul className="testimonials" data-testid="testimonials">
        {testimonials.map((t) => (
          <li key={t.id} className="card testimonial" data-score={t.score}>
            <p
              className="stars"
              role="img"
              aria-label={m.home_testimonials_stars({ score: t.score })}
            >
              {"★".repeat(t.score)}
              <span className="star-off">{"★".repeat(5 - t.score)}</span>
            </p>
            <blockquote>
              <p>{t.text({}, { locale })}</p>
            </blockquote>
            <p className="testimonial-name">{t.name}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

function FaqSection({ locale }: { locale: Locale }) {
  // A data block, never executed; it carries the nonce anyway so that every script of the
  // page does (the CSP check of e2e/pages.test.ts). "<" is escaped so no text can end it.
  const nonce = useNonce();
  const jsonLd = JSON.stringify(faqJsonLd(locale)).replace(/</g, "\\u003c");
  return (
    <HomeSection id="faq" title={m.home_faq_title()} narrow>
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of our own messages, "<" escaped
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <div className="faq" data-testid="faq">
        {faqs.map((id) => (
          <details key={id} className="faq-item">
            <summary>{faqQuestion(id, locale)}</summary>
            <div className="faq-answer">
              <p>{faqAnswer(id, locale)}</p>
              {id === "data" ? (
                <p>
                  <AppLink screen="privacyPolicy" locale={locale}>
                    {m.home_faq_data_link()}
                  </AppLink>
                </p>
              ) : null}
              {id === "score" ? (
                <p>
                  <AppLink screen="method" locale={locale} data-testid="faq-method-link">
                    {m.method_link()}
                  </AppLink>
                </p>
              ) : null}
            </div>
          </details>
        ))}
      </div>
    </HomeSection>
  );
}

/** A home section: its anchor, its title (which names it for screen readers) and a lead. */
function HomeSection({
  id,
  title,
  lead,
  narrow = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="section" id={id} aria-labelledby={`${id}-title`}>
      <div className={narrow ? "container container-narrow" : "container"}>
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {lead ? <p className="section-lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
