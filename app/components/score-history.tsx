import type { AttemptListRow } from "../../core/attempts/attempts-list";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { iqScale } from "../../core/scoring/norms-model";
import { scoreLabels } from "../../core/scoring/score-text";

/**
 * 'My IQ tests' history (issue 29.3): the finished tests' scores, oldest first, each with its
 * 95 % interval as a bar, on the scale's 55-145, and a short note on practice effects. Shown
 * from two finished tests on; the same facts are in a list for screen readers.
 */

type Finished = Extract<AttemptListRow, { status: "finished" }>;

/** The most recent tests drawn: a small chart stays readable. */
export const historyLimit = 10;

// Drawn in a small box, so its text stays legible when a phone shrinks it to 320 px.
const width = 480;
const height = 280;
const pad = { left: 56, right: 28, top: 18, bottom: 46 };
const gridLines = [70, 85, 100, 115, 130];

const y = (iq: number) =>
  pad.top +
  ((iqScale.ceiling - iq) / (iqScale.ceiling - iqScale.floor)) * (height - pad.top - pad.bottom);

function shortDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "pt-br" ? "pt-BR" : "en-US", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(date));
}

export function ScoreHistory({
  tests,
  locale,
}: {
  tests: readonly AttemptListRow[];
  locale: Locale;
}) {
  const finished = tests
    .filter((row): row is Finished => row.status === "finished")
    .slice(0, historyLimit)
    .reverse();
  if (finished.length < 2) return null;
  const step = (width - pad.left - pad.right) / (finished.length - 1);
  const x = (i: number) => pad.left + i * step;
  const points = finished.map((row, i) => ({ row, x: x(i), labels: scoreLabels(row) }));
  return (
    <section className="tests-history card" data-testid="tests-history">
      <h2 className="tests-history-title">{m.tests_history_title()}</h2>
      <figure className="tests-history-figure">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={m.tests_history_aria({ count: finished.length })}
          data-testid="tests-history-chart"
        >
          {gridLines.map((iq) => (
            <g key={iq}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y(iq)}
                y2={y(iq)}
                className={iq === 100 ? "tests-history-mean" : "tests-history-grid"}
              />
              <text x={pad.left - 10} y={y(iq) + 7} textAnchor="end" className="tests-history-axis">
                {iq}
              </text>
            </g>
          ))}
          <polyline
            className="tests-history-line"
            points={points.map((p) => `${p.x},${y(p.row.iq)}`).join(" ")}
          />
          {points.map(({ row, x: px }) => (
            <g key={row.id} data-testid="tests-history-point" data-iq={row.iq}>
              <line
                x1={px}
                x2={px}
                y1={y(row.interval.high)}
                y2={y(row.interval.low)}
                className="tests-history-interval"
              />
              <circle cx={px} cy={y(row.iq)} r={6} className="tests-history-dot" />
              <text x={px} y={height - 12} textAnchor="middle" className="tests-history-axis">
                {shortDate(row.date, locale)}
              </text>
            </g>
          ))}
        </svg>
        <ol className="visually-hidden">
          {points.map(({ row, labels }) => (
            <li key={row.id}>
              {m.tests_history_point({
                date: shortDate(row.date, locale),
                iq: labels.iq,
                interval: `${m.score_interval_caption()}: ${m.score_interval_range(labels)}`,
              })}
            </li>
          ))}
        </ol>
      </figure>
      <p className="tests-history-note" data-testid="tests-practice-note">
        {m.tests_practice_note()}
      </p>
    </section>
  );
}
