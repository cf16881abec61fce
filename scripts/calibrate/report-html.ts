/**
 * calibration/report.html: one self-contained page (inline SVG, no script, no external
 * file) for a person to review before committing a norms table.
 */
import { escapeHtml } from "../../core/web/escape.ts";
import type { ItemReport, VersionReport } from "./analyse.ts";
import type { ModelsReport } from "./analyse-models.ts";
import { modelsSection } from "./report-models-html.ts";

export interface CalibrationReport {
  generatedAt: string;
  source: string;
  versions: VersionReport[];
  /** Versions with results but no answer key found. */
  skipped: { questionBankVersion: string; attempts: number; reason: string }[];
  /** The item models, from attempts on forms of their own; null when there are none to read. */
  models: ModelsReport | null;
}

const categoryColours: Record<string, string> = {
  SM: "#4e79a7",
  RA: "#f28e2b",
  RE: "#59a14f",
  RL: "#b07aa1",
};
const optionColours = {
  key: "#2e7d32",
  flagged: "#c62828",
  other: ["#90a4ae", "#b0bec5", "#cfd8dc"],
};

function fixed(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
}

/** Difficulty (x) against discrimination (y), one labelled dot per item. */
function scatter(items: readonly ItemReport[]): string {
  const fitted = items.filter((item) => item.irt);
  if (fitted.length === 0) return "";
  const width = 640;
  const height = 360;
  const pad = 44;
  const x = (b: number) => pad + ((Math.max(-4, Math.min(4, b)) + 4) / 8) * (width - 2 * pad);
  const y = (a: number) => height - pad - (Math.min(3, a) / 3) * (height - 2 * pad);
  const ticks = [-4, -2, 0, 2, 4]
    .map((t) => `<text x="${x(t)}" y="${height - pad + 16}" text-anchor="middle">${t}</text>`)
    .join("");
  const aTicks = [0, 1, 2, 3]
    .map((t) => `<text x="${pad - 8}" y="${y(t) + 4}" text-anchor="end">${t}</text>`)
    .join("");
  const dots = fitted
    .map((item) => {
      const { a, b } = item.irt as { a: number; b: number };
      const colour = categoryColours[item.code.slice(0, 2)] ?? "#666";
      const truth = item.truth
        ? `<line x1="${x(item.truth.b)}" y1="${y(item.truth.a)}" x2="${x(b)}" y2="${y(a)}" stroke="#bbb"/>`
        : "";
      return `${truth}<circle cx="${x(b)}" cy="${y(a)}" r="4" fill="${colour}"><title>${item.code}: a ${fixed(a)}, b ${fixed(b)}</title></circle><text x="${x(b) + 6}" y="${y(a) - 5}" font-size="9">${item.code}</text>`;
    })
    .join("");
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Item difficulty against discrimination">
<rect x="${pad}" y="${pad}" width="${width - 2 * pad}" height="${height - 2 * pad}" fill="none" stroke="#ccc"/>
${ticks}${aTicks}
<text x="${width / 2}" y="${height - 6}" text-anchor="middle">difficulty b (SD of takers)</text>
<text x="12" y="${height / 2}" transform="rotate(-90 12 ${height / 2})" text-anchor="middle">discrimination a</text>
${dots}</svg>`;
}

/** One stacked bar per item: the key's share, each distractor's, omissions. */
function distractorBars(items: readonly ItemReport[]): string {
  const rowHeight = 14;
  const label = 48;
  const barWidth = 480;
  const height = items.length * rowHeight + 20;
  const rows = items
    .map((item, i) => {
      let offset = label;
      let shade = 0;
      const y = 10 + i * rowHeight;
      const parts = item.options.map((option) => {
        const w = option.rate * barWidth;
        const colour = option.isKey
          ? optionColours.key
          : option.flagged
            ? optionColours.flagged
            : (optionColours.other[shade++ % 3] as string);
        const rect = `<rect x="${offset}" y="${y}" width="${w}" height="${rowHeight - 3}" fill="${colour}"><title>${item.code} ${option.letter}${option.isKey ? " (key)" : ""}: ${fixed(option.rate * 100, 1)}%, mean total ${fixed(option.meanTotal, 1)}</title></rect>`;
        const text =
          w > 14
            ? `<text x="${offset + 3}" y="${y + 9}" font-size="9" fill="#fff">${option.letter}</text>`
            : "";
        offset += w;
        return rect + text;
      });
      return `<text x="0" y="${y + 9}" font-size="10">${item.code}</text>${parts.join("")}`;
    })
    .join("");
  return `<svg viewBox="0 0 ${label + barWidth + 10} ${height}" width="${label + barWidth + 10}" height="${height}" role="img" aria-label="Share of takers choosing each option, per item">${rows}</svg>`;
}

/** The test information curve and the ability's standard error. */
function informationPlot(points: VersionReport["information"]): string {
  if (points.length === 0) return "";
  const width = 640;
  const height = 280;
  const pad = 44;
  const top = Math.max(...points.map((p) => p.information)) * 1.1;
  const x = (t: number) => pad + ((t + 4) / 8) * (width - 2 * pad);
  const y = (v: number) => height - pad - (v / top) * (height - 2 * pad);
  const path = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(p.theta).toFixed(1)},${y(p.information).toFixed(1)}`)
    .join("");
  const ticks = [-4, -3, -2, -1, 0, 1, 2, 3, 4]
    .map((t) => `<text x="${x(t)}" y="${height - pad + 16}" text-anchor="middle">${t}</text>`)
    .join("");
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Test information along the ability scale">
<rect x="${pad}" y="${pad}" width="${width - 2 * pad}" height="${height - 2 * pad}" fill="none" stroke="#ccc"/>${ticks}
<text x="${pad - 6}" y="${pad + 4}" text-anchor="end">${fixed(top, 1)}</text><text x="${pad - 6}" y="${height - pad}" text-anchor="end">0</text>
<path d="${path}" fill="none" stroke="#4e79a7" stroke-width="2"/>
<text x="${width / 2}" y="${height - 6}" text-anchor="middle">ability (SD of takers); peak information ${fixed(top / 1.1, 1)}, standard error there ${fixed(1 / Math.sqrt(top / 1.1))}</text>
</svg>`;
}

function itemTable(items: readonly ItemReport[]): string {
  const rows = items
    .map((item) => {
      const options = item.options
        .map((o) => {
          const mark = o.isKey ? "<b>" : o.flagged ? '<span class="flag">' : "";
          const end = o.isKey ? "</b>" : o.flagged ? "</span>" : "";
          return `${mark}${o.letter} ${fixed(o.rate * 100, 0)}% (${fixed(o.meanTotal, 1)}; r ${fixed(o.restCorrelation)})${end}`;
        })
        .join("<br>");
      const truth = item.truth
        ? `<td>${fixed(item.truth.a)}</td><td>${fixed(item.truth.b)}</td>`
        : "";
      const lowDiscrimination = item.restCorrelation < 0.2 ? ' class="flag"' : "";
      return `<tr><td>${item.code}</td><td>${item.key}</td><td>${fixed(item.p)}</td><td${lowDiscrimination}>${fixed(item.restCorrelation)}</td><td>${fixed(item.omitRate * 100, 1)}%</td><td>${fixed(item.irt?.a)}</td><td>${fixed(item.irt?.b)}</td>${truth}<td>${options}</td></tr>`;
    })
    .join("\n");
  const truthHead = items[0]?.truth ? "<th>true a</th><th>true b</th>" : "";
  return `<table><thead><tr><th>item</th><th>key</th><th>p right</th><th>r (rest)</th><th>omitted</th><th>a</th><th>b</th>${truthHead}<th>options: share (choosers' mean total; r with rest)</th></tr></thead><tbody>
${rows}</tbody></table>`;
}

function normsSection(version: VersionReport): string {
  const norms = version.norms;
  if (!norms) return "<p>No norms proposal (see the notes above).</p>";
  const bands = norms.ageBands;
  const head = bands
    .map(
      (band) =>
        `<th>${escapeHtml(band.id)}<br><small>${band.source}, ${band.takers}; mean ${fixed(band.meanAbility)}</small></th>`,
    )
    .join("");
  const rows = (norms.table[bands[0]?.id ?? ""] ?? [])
    .map((row) => {
      const cells = bands.map((band) => {
        const proposed = norms.table[band.id]?.[row.raw]?.iq;
        const current = norms.current.iq[band.id]?.[row.raw];
        return `<td>${proposed ?? "-"} <small>(${current ?? "-"})</small></td>`;
      });
      return `<tr><td>${row.raw}</td>${cells.join("")}</tr>`;
    })
    .join("");
  return `<p>Proposed <code>${escapeHtml(norms.normsVersion)}</code>: KR-20 ${fixed(norms.reliability, 3)}, SEM ${fixed(norms.sem, 1)} IQ points, 95% interval &plusmn;${norms.intervalHalfWidth}. Ability 0 is ${escapeHtml(norms.anchor)}. In brackets: the IQ of the current table <code>${escapeHtml(norms.current.normsVersion)}</code>. Written to <code>norms-v2-${escapeHtml(norms.questionBankVersion)}.json</code> for review; nothing is stored.</p>
<table><thead><tr><th>raw</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function versionSection(version: VersionReport): string {
  const categories = Object.entries(version.reliability.byCategory)
    .map(([category, r]) => `${category} ${fixed(r, 3)}`)
    .join(", ");
  const recovery = version.recovery
    ? `<p>Recovery of the simulated parameters: correlation of b ${fixed(version.recovery.bCorrelation, 3)}, mean absolute error of b ${fixed(version.recovery.bMeanAbsoluteError, 3)}, of a ${fixed(version.recovery.aMeanAbsoluteError, 3)} (grey lines: from the true to the fitted point).</p>`
    : "";
  const notes = version.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("");
  return `<section>
<h2>Question bank <code>${escapeHtml(version.questionBankVersion)}</code></h2>
<p>${version.results} finished attempts; mean total ${fixed(version.meanTotal, 1)} of ${version.items.length}. KR-20 ${fixed(version.reliability.total, 3)} (${categories}); SEM ${fixed(version.sem, 1)} IQ points.${version.fit ? ` 3PL fit (c = 1/4): ${version.fit.iterations} EM cycles, ${version.fit.converged ? "converged" : "not converged"}.` : ""}</p>
${notes ? `<ul class="notes">${notes}</ul>` : ""}${recovery}
<h3>Difficulty and discrimination</h3>${scatter(version.items) || "<p>No fit.</p>"}
<h3>Options chosen</h3><p>Green: the key; red: a distractor nobody chose or one that stronger takers do not avoid (its choosers' correlation with the rest score is not negative); grey: other distractors; the gap to the right: omitted.</p>${distractorBars(version.items)}
<h3>Test information</h3>${informationPlot(version.information) || "<p>No fit.</p>"}
<h3>Items</h3>${itemTable(version.items)}
<h3>Norms</h3>${normsSection(version)}
</section>`;
}

export function reportHtml(report: CalibrationReport): string {
  const skipped = report.skipped
    .map(
      (s) =>
        `<li><code>${escapeHtml(s.questionBankVersion)}</code>: ${s.attempts} attempts, ${escapeHtml(s.reason)}</li>`,
    )
    .join("");
  const body =
    report.versions.length || report.models
      ? [
          ...report.versions.map(versionSection),
          ...(report.models ? [modelsSection(report.models)] : []),
        ].join("\n")
      : "<p>No finished attempts to calibrate.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Calibration report</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ddd;padding:2px 6px;vertical-align:top;font-size:12px}
svg{display:block;margin:1rem 0;font-size:11px}.flag{color:#c62828}.notes{color:#8a5300}
</style></head><body>
<h1>Calibration report</h1>
<p>Source: ${escapeHtml(report.source)}; generated ${escapeHtml(report.generatedAt)}. Read-only: stored results are never changed (docs/decisions/0024-calibration.md).</p>
${skipped ? `<p>Skipped:</p><ul>${skipped}</ul>` : ""}
${body}
</body></html>
`;
}
