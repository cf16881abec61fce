import * as m from "../../core/paraglide/messages";
import type { Band } from "../../core/scoring/scoring";

/**
 * The IQ distribution (mean 100, SD 15) from 40 to 160 with the thresholds 55 and 145
 * (spec section 9) and, when given, the user's score marked on it. With `bands`, the area
 * under the curve is shaded by classification band (the home page).
 */
const width = 640;
const height = 220;
const top = 60;
const baseline = 180;
const min = 40;
const max = 160;

const x = (iq: number) => ((iq - min) / (max - min)) * width;
const density = (iq: number) => Math.exp(-(((iq - 100) / 15) ** 2) / 2);
const y = (iq: number) => baseline - density(iq) * (baseline - top);

/** The curve's paths, computed once each: the chart is drawn on every home page render. */
const curves = new Map<string, string>();

function curve(from: number, to: number): string {
  const key = `${from}-${to}`;
  let path = curves.get(key);
  if (path === undefined) {
    const points: string[] = [];
    for (let iq = from; iq <= to; iq += 1) points.push(`${x(iq).toFixed(1)},${y(iq).toFixed(1)}`);
    path = points.join(" L");
    curves.set(key, path);
  }
  return path;
}

/** The spec's bands over the chart's range, lowest first, with their shading. */
export const chartBands: readonly { band: Band; from: number; to: number; colour: string }[] = [
  { band: "very_below_average", from: min, to: 50, colour: "#4b3f8f" },
  { band: "slow", from: 50, to: 70, colour: "#5d56b8" },
  { band: "dullness", from: 70, to: 85, colour: "#6f7be0" },
  { band: "average", from: 85, to: 115, colour: "#8ea8ff" },
  { band: "above_average", from: 115, to: 130, colour: "#6fc4e0" },
  { band: "superior", from: 130, to: 145, colour: "#4fe0c2" },
  { band: "giftedness", from: 145, to: max, colour: "#b4f2dd" },
];

export function IqChart({
  iq,
  label,
  bands = false,
}: {
  iq?: number;
  label: string;
  bands?: boolean;
}) {
  const marked = iq === undefined ? undefined : Math.min(max - 2, Math.max(min + 2, iq));
  return (
    <svg
      className="iq-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid="iq-chart"
    >
      <defs>
        <linearGradient id="iq-chart-fill" x1="0" x2="1">
          <stop offset="0" stopColor="#8ea8ff" stopOpacity="0.28" />
          <stop offset="1" stopColor="#4fe0c2" stopOpacity="0.28" />
        </linearGradient>
        <linearGradient id="iq-chart-line" x1="0" x2="1">
          <stop offset="0" stopColor="#8ea8ff" />
          <stop offset="1" stopColor="#4fe0c2" />
        </linearGradient>
      </defs>
      <path
        d={`M${x(min)},${baseline} L${curve(min, max)} L${x(max)},${baseline} Z`}
        fill="#141c3a"
      />
      {bands ? (
        chartBands.map((b) => (
          <path
            key={b.band}
            data-band={b.band}
            d={`M${x(b.from)},${baseline} L${curve(b.from, b.to)} L${x(b.to)},${baseline} Z`}
            fill={b.colour}
            fillOpacity="0.45"
          />
        ))
      ) : (
        <path
          d={`M${x(55)},${baseline} L${curve(55, 145)} L${x(145)},${baseline} Z`}
          fill="url(#iq-chart-fill)"
        />
      )}
      <path d={`M${curve(min, max)}`} fill="none" stroke="url(#iq-chart-line)" strokeWidth="3" />
      <line x1="0" x2={width} y1={baseline} y2={baseline} stroke="#26325c" strokeWidth="2" />
      {[55, 70, 85, 100, 115, 130, 145].map((tick) => (
        <g key={tick} data-threshold={tick === 55 || tick === 145 ? tick : undefined}>
          <line
            x1={x(tick)}
            x2={x(tick)}
            y1={tick === 55 || tick === 145 ? top - 20 : baseline - 6}
            y2={baseline + 6}
            stroke={tick === 55 || tick === 145 ? "#7f8bb5" : "#26325c"}
            strokeDasharray={tick === 55 || tick === 145 ? "4 5" : undefined}
            strokeWidth="2"
          />
          <text
            x={x(tick)}
            y={baseline + 26}
            textAnchor="middle"
            fill={tick === 55 || tick === 145 ? "#e8ecff" : "#a3aed3"}
            fontSize="15"
            fontWeight={tick === 55 || tick === 145 ? 700 : 500}
          >
            {tick}
          </text>
        </g>
      ))}
      {marked === undefined ? null : (
        <g data-testid="iq-chart-marker" data-iq={iq}>
          <line
            x1={x(marked)}
            x2={x(marked)}
            y1={y(marked) - 30}
            y2={baseline}
            stroke="#4fe0c2"
            strokeWidth="3"
          />
          <circle
            cx={x(marked)}
            cy={y(marked)}
            r="8"
            fill="#0a0f1e"
            stroke="#4fe0c2"
            strokeWidth="4"
          />
          <text
            x={Math.min(width - 30, Math.max(30, x(marked)))}
            y={y(marked) - 38}
            textAnchor="middle"
            fill="#4fe0c2"
            fontSize="16"
            fontWeight="700"
          >
            {m.result_chart_you()}
          </text>
        </g>
      )}
    </svg>
  );
}
