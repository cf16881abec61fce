import { localeFromPath } from "../../core/locales";
import * as m from "../../core/paraglide/messages";
import { screens } from "../../core/route-table";
import { AppLink } from "../lib/app-link";
import { rootData } from "../lib/root-data";
import { pageMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/home";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  return pageMeta({
    baseUrl: rootData(matches).baseUrl,
    screen: "home",
    locale,
    title: m.home_meta_title({}, { locale }),
    description: m.home_meta_description({}, { locale }),
  });
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

export default function Home() {
  const locale = useLocale();
  // Until the test screen is served, the call to action leads to how the test works.
  const cta = screens.test.page
    ? { screen: "test" as const }
    : { screen: "home" as const, hash: "how-it-works" };
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{m.home_eyebrow()}</p>
          <h1 className="hero-title">{m.home_title()}</h1>
          <p className="hero-subtitle">{m.home_subtitle()}</p>
          <div className="hero-actions">
            <AppLink
              {...cta}
              locale={locale}
              className="button button-primary button-large"
              data-testid="cta"
            >
              {m.home_cta()}
            </AppLink>
            <p className="hero-note">{m.home_cta_note()}</p>
          </div>
          <dl className="hero-stats">
            <div>
              <dt>{m.home_stat_questions()}</dt>
              <dd>40</dd>
            </div>
            <div>
              <dt>{m.home_stat_minutes()}</dt>
              <dd>20</dd>
            </div>
            <div>
              <dt>{m.home_stat_categories()}</dt>
              <dd>4</dd>
            </div>
          </dl>
        </div>
        <HeroArt />
      </section>

      <section className="section" id="how-it-works" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section-title">
            {m.home_how_title()}
          </h2>
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
        </div>
      </section>

      <section className="section" aria-labelledby="areas-title">
        <div className="container">
          <h2 id="areas-title" className="section-title">
            {m.home_areas_title()}
          </h2>
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
        </div>
      </section>
    </>
  );
}

/** A decorative 3×3 pattern grid with one missing cell, echoing the test's matrices. */
function HeroArt() {
  const cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  return (
    <div className="hero-art" aria-hidden="true">
      <svg viewBox="0 0 300 300" role="presentation">
        {cells.map((cell) => {
          const x = (cell % 3) * 100 + 10;
          const y = Math.floor(cell / 3) * 100 + 10;
          const missing = cell === 8;
          const sides = 3 + (cell % 3);
          const radius = 14 + Math.floor(cell / 3) * 8;
          const points = Array.from({ length: sides }, (_, i) => {
            const angle = (Math.PI * 2 * i) / sides - Math.PI / 2;
            return `${x + 40 + radius * Math.cos(angle)},${y + 40 + radius * Math.sin(angle)}`;
          }).join(" ");
          return (
            <g key={cell}>
              <rect
                x={x}
                y={y}
                width="80"
                height="80"
                rx="14"
                className={missing ? "hero-art-missing" : "hero-art-cell"}
              />
              {missing ? (
                <text x={x + 40} y={y + 52} textAnchor="middle" className="hero-art-question">
                  ?
                </text>
              ) : (
                <polygon points={points} className="hero-art-shape" />
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
