import * as m from "../../core/paraglide/messages";
import type { ScoreRow } from "../../core/report/shape";

/**
 * The report's four area scores as a bar chart drawn on the server: correct answers out of
 * 10, one bar per area, the average taker of the reader's age band marked on each. The
 * rows' sentences are its text alternative, and are shown under it as well.
 */
const width = 300;
const rowHeight = 58;
const barTop = 24;
const barHeight = 14;
const maxScore = 10;

const xOf = (score: number) => (Math.min(Math.max(score, 0), maxScore) / maxScore) * width;

export function ReportScores({ rows }: { rows: ScoreRow<string>[] }) {
  const height = rows.length * rowHeight;
  const alternative = [m.report_chart_label(), ...rows.map((row) => row.text)].join(" ");
  return (
    <figure className="report-scores" data-testid="report-scores">
      <svg
        className="report-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={alternative}
        data-testid="report-chart"
      >
        {rows.map((row, index) => {
          const top = index * rowHeight;
          const average = xOf(row.averageTaker);
          return (
            <g key={row.category} data-category={row.category} data-versus={row.versus}>
              <text className="report-chart-name" x={0} y={top + 16}>
                {row.name}
              </text>
              <text className="report-chart-value" x={width} y={top + 16} textAnchor="end">
                {`${row.raw}/${maxScore}`}
              </text>
              <rect
                className="report-chart-track"
                x={0}
                y={top + barTop}
                width={width}
                height={barHeight}
                rx={barHeight / 2}
              />
              {row.raw > 0 ? (
                <rect
                  className={`report-chart-bar report-chart-bar-${row.versus}`}
                  x={0}
                  y={top + barTop}
                  width={Math.max(xOf(row.raw), barHeight)}
                  height={barHeight}
                  rx={barHeight / 2}
                />
              ) : null}
              <line
                className="report-chart-average"
                x1={average}
                x2={average}
                y1={top + barTop - 5}
                y2={top + barTop + barHeight + 5}
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="report-scores-caption">
        <span className="report-legend">
          <span className="report-legend-item">
            <span className="report-legend-bar" aria-hidden="true" />
            {m.report_chart_you()}
          </span>
          <span className="report-legend-item">
            <span className="report-legend-average" aria-hidden="true" />
            {m.report_chart_average()}
          </span>
        </span>
        <ul className="report-scores-texts">
          {rows.map((row) => (
            <li key={row.category}>{row.text}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
