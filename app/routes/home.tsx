import "../home.css";
import * as m from "../../core/paraglide/messages";
import { screens } from "../../core/web/route-table";
import { ServerHtml } from "../components/server-html";
import { AppLink } from "../lib/app-link";
import { codeOnDemand } from "../lib/code-on-demand";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";

export const meta = screenMeta("home", m.home_meta_title, m.home_meta_description);

/**
 * What the page shows below its first screen (how it works, the chart, the map, the lists,
 * the FAQ) is static, and its code and texts are most of the page's: the page the server
 * sends keeps the server's HTML of it (components/server-html.tsx), and its code is
 * downloaded only when a client-side navigation renders it (docs/decisions/0028-first-load.md).
 */
const sections = codeOnDemand({
  name: "The home page's sections",
  download: (): Promise<typeof import("../components/home-sections") | undefined> =>
    import("../components/home-sections"),
  pick: (module) => module.default,
});

/** The server renders the sections at once: their module is loaded before the page renders. */
export async function loader() {
  await sections.load();
  return null;
}

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
          <p className="hero-claim" data-testid="claim-countries">
            <GlobeIcon />
            {m.home_claim_countries()}
          </p>
        </div>
        <HeroArt />
      </section>
      <ServerHtml id="home-more" code={sections} props={{ locale }} />
    </>
  );
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="hero-claim-icon">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
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
