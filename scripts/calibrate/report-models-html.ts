/**
 * The report's section for the item models (docs/decisions/0040-calibrating-item-models.md):
 * what was read, the proposed weights and per-model a beside the current ones with their
 * standard errors, the precision against the number of attempts, and (synthetic runs) how
 * well the truth came back. Tables only; no script, nothing fetched.
 */
import { escapeHtml } from "../../core/web/escape.ts";
import { type ModelsReport, seBound } from "./analyse-models.ts";

function fixed(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
}

const categoryColours: Record<string, string> = {
  SM: "#4e79a7",
  RA: "#f28e2b",
  RE: "#59a14f",
  RL: "#b07aa1",
};

/**
 * Every estimated weight and intercept: against its current value (against its true value
 * in a synthetic run), with its 95 % interval; on the diagonal, nothing changed.
 */
function weightsPlot(report: ModelsReport): string {
  const truth = new Map(
    (report.recovery?.weights ?? []).map((w) => [`${w.category} ${w.name}`, w.truth]),
  );
  const points = report.categories.flatMap((c) =>
    c.weights
      .filter((w) => w.status === "estimated" && w.se !== null)
      .map((w) => ({
        label: `${c.category} ${w.name}`,
        category: c.category,
        x: report.recovery ? truth.get(`${c.category} ${w.name}`) : (w.current ?? undefined),
        y: w.estimate,
        se: w.se as number,
      }))
      .filter((p): p is typeof p & { x: number } => p.x !== undefined),
  );
  if (points.length === 0) return "";
  const values = points.flatMap((p) => [p.x, p.y - 1.96 * p.se, p.y + 1.96 * p.se]);
  const low = Math.floor(Math.min(...values));
  const high = Math.ceil(Math.max(...values));
  const size = 420;
  const pad = 44;
  const scale = (v: number) =>
    pad + ((Math.max(low, Math.min(high, v)) - low) / (high - low)) * (size - 2 * pad);
  const y = (v: number) => size - scale(v);
  const ticks = Array.from({ length: high - low + 1 }, (_, i) => low + i)
    .map(
      (t) =>
        `<text x="${scale(t)}" y="${size - pad + 16}" text-anchor="middle">${t}</text><text x="${pad - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`,
    )
    .join("");
  const marks = points
    .map((p) => {
      const colour = categoryColours[p.category] ?? "#666";
      return `<line x1="${scale(p.x)}" y1="${y(p.y - 1.96 * p.se)}" x2="${scale(p.x)}" y2="${y(p.y + 1.96 * p.se)}" stroke="${colour}" stroke-opacity="0.5"/><circle cx="${scale(p.x)}" cy="${y(p.y)}" r="3" fill="${colour}"><title>${escapeHtml(p.label)}: ${fixed(p.x)} -> ${fixed(p.y)} (SE ${fixed(p.se)})</title></circle>`;
    })
    .join("");
  const against = report.recovery ? "true value" : "current value";
  const legend = Object.entries(categoryColours)
    .map(
      ([c, colour], i) =>
        `<text x="${pad + 8}" y="${pad + 14 + i * 14}" fill="${colour}">${c}</text>`,
    )
    .join("");
  return `<svg viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="Estimated weights against their ${against}">
<rect x="${pad}" y="${pad}" width="${size - 2 * pad}" height="${size - 2 * pad}" fill="none" stroke="#ccc"/>${ticks}
<line x1="${scale(low)}" y1="${y(low)}" x2="${scale(high)}" y2="${y(high)}" stroke="#bbb" stroke-dasharray="4 3"/>
${legend}${marks}
<text x="${size / 2}" y="${size - 6}" text-anchor="middle">${against} (logits)</text>
<text x="12" y="${size / 2}" transform="rotate(-90 12 ${size / 2})" text-anchor="middle">estimate, 95 % interval</text>
</svg>`;
}

function recoverySection(report: ModelsReport): string {
  const r = report.recovery;
  if (!r) return "";
  const truth = new Map(r.weights.map((w) => [`${w.category} ${w.name}`, w.truth]));
  const rows = r.weights
    .map(
      (w) =>
        `<tr><td>${w.category}</td><td>${escapeHtml(w.name)}</td><td>${fixed(w.truth)}</td><td>${fixed(w.estimate)}</td><td>${fixed(w.se)}</td></tr>`,
    )
    .join("");
  return `<h3>Recovery of the simulated truth</h3>
<p>Feature weights: correlation ${fixed(r.weightCorrelation, 3)} with the true ones (${fixed(r.perturbationCorrelation, 3)} over what the simulation added to the current weights), mean absolute error ${fixed(r.weightMeanAbsoluteError, 3)}; weights and intercepts within 1.96 standard errors of the truth: ${fixed(r.weightCoverage * 100, 0)} %. Per-model a: correlation ${fixed(r.discriminationCorrelation, 3)}, mean absolute error ${fixed(r.discriminationMeanAbsoluteError, 3)}, within 1.96 SE ${fixed(r.discriminationCoverage * 100, 0)} %. Every answered cell's b: correlation ${fixed(r.cellBCorrelation, 3)}, mean absolute error ${fixed(r.cellBMeanAbsoluteError, 3)}. Takers' abilities (EAP): correlation ${fixed(r.abilityCorrelation, 3)}. True values of aliased weights are carried by the weights they are a combination of.</p>
<details><summary>Every estimated weight against its true value (${truth.size})</summary><table><thead><tr><th>category</th><th>weight</th><th>true</th><th>estimate</th><th>SE</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

function precisionSection(report: ModelsReport): string {
  const runs = report.precisionByTakers ?? (report.precision ? [report.precision] : []);
  if (runs.length === 0) return "";
  const rows = runs
    .map(
      (p) =>
        `<tr><td>${p.takers}</td><td>${p.weightsEstimated}</td><td>${fixed(p.largestWeightSe, 3)} <small>${escapeHtml(p.largestWeight ?? "")}</small></td><td>${fixed(p.medianWeightSe, 3)}</td><td>${fixed(p.largestDiscriminationSe, 3)}</td></tr>`,
    )
    .join("");
  const needed = report.attemptsNeeded
    ? `<p>Every estimated weight's standard error falls under ${seBound} logits with <b>${report.attemptsNeeded.takers}</b> attempts on forms (${report.attemptsNeeded.how === "measured" ? "measured" : "extrapolated from the largest sample, the error shrinking as 1/&radic;N"}).</p>`
    : "";
  return `<h3>Precision against the number of attempts</h3>
<table><thead><tr><th>attempts</th><th>weights estimated</th><th>largest SE of a weight</th><th>median SE</th><th>largest SE of an a</th></tr></thead><tbody>${rows}</tbody></table>${needed}`;
}

function categoryTables(report: ModelsReport): string {
  const truthOf = new Map(
    (report.recovery?.weights ?? []).map((w) => [`${w.category} ${w.name}`, w.truth]),
  );
  const trueA = new Map((report.recovery?.discriminations ?? []).map((d) => [d.model, d.truth]));
  const synthetic = Boolean(report.recovery);
  const proposed = new Map(
    (report.parameters?.categories ?? []).flatMap((c) =>
      c.weights.map((w) => [`${c.category} ${w.name}`, w.proposed]),
    ),
  );
  return report.categories
    .map((c) => {
      const weights = c.weights
        .map((w) => {
          const key = `${c.category} ${w.name}`;
          const status =
            w.status === "estimated"
              ? ""
              : `<span class="flag">${w.status === "absent" ? "absent" : `aliased with ${escapeHtml((w.aliasedWith ?? []).join(" + "))}`}: kept</span>`;
          // How many standard errors the estimate lies from the current value (before the
          // anchor's shift): beyond 2, the data disagree with the stated weight.
          const z =
            w.status === "estimated" && w.se && w.current !== null
              ? (w.estimate - w.current) / w.se
              : null;
          const zCell = z === null ? "-" : Math.abs(z) > 2 ? `<b>${fixed(z, 1)}</b>` : fixed(z, 1);
          return `<tr><td>${escapeHtml(w.name)}</td><td>${fixed(w.current)}</td><td>${fixed(proposed.get(key))}</td><td>${fixed(w.se)}</td><td>${zCell}</td>${synthetic ? `<td>${fixed(truthOf.get(key))}</td>` : ""}<td>${w.responses}</td><td>${status}</td></tr>`;
        })
        .join("");
      const models = c.discriminations
        .map(
          (d) =>
            `<tr><td>${escapeHtml(d.model)}</td><td>${fixed(d.current)}</td><td>${fixed(d.estimate)}</td><td>${fixed(d.se)}</td>${synthetic ? `<td>${fixed(trueA.get(d.model))}</td>` : ""}<td>${d.responses}</td><td>${fixed(d.observed, 3)}</td><td>${fixed(d.expected, 3)}</td></tr>`,
        )
        .join("");
      const truthHead = synthetic ? "<th>true</th>" : "";
      return `<h3>${c.category}: ${c.responses} answers, ${c.cells} cells (model and radicals)</h3>
<table><thead><tr><th>weight</th><th>current</th><th>proposed</th><th>SE</th><th>change / SE</th>${truthHead}<th>answers with it</th><th></th></tr></thead><tbody>${weights}</tbody></table>
<table><thead><tr><th>model</th><th>current a</th><th>proposed a</th><th>SE</th>${truthHead}<th>answers</th><th>share right</th><th>expected</th></tr></thead><tbody>${models}</tbody></table>`;
    })
    .join("\n");
}

function normsTable(report: ModelsReport): string {
  const norms = report.norms;
  if (!norms) return "<p>No norms proposal (see the notes above).</p>";
  const current = new Map(norms.current.ageBands.map((b) => [b.id, b.meanAbility]));
  const rows = norms.ageBands
    .map(
      (b) =>
        `<tr><td>${escapeHtml(b.id)}</td><td>${fixed(b.meanAbility)}</td><td>${b.source}, ${b.takers}</td><td>${fixed(current.get(b.id))}</td></tr>`,
    )
    .join("");
  return `<p>Proposed <code>${escapeHtml(norms.normsVersion)}</code> with <code>${escapeHtml(norms.parametersVersion)}</code>: each age band's mean ability, the EAP prior and the zero of IQ 100 when scoring a form (ADR 0038). Ability 0 is ${escapeHtml(norms.anchor)}. Current: <code>${escapeHtml(norms.current.normsVersion)}</code>.</p>
<table><thead><tr><th>age band</th><th>proposed mean</th><th>source, takers</th><th>current mean</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function modelsSection(report: ModelsReport): string {
  const notes = report.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("");
  const rejected = report.rejected
    .map((r) => `<li>${r.attempts} attempts left out: ${escapeHtml(r.reason)}</li>`)
    .join("");
  const counts = (tally: Record<string, number>) =>
    Object.entries(tally)
      .map(([version, n]) => `${escapeHtml(version)} ${n}`)
      .join(", ");
  const versions = [counts(report.formVersions), counts(report.parameterVersions)]
    .filter(Boolean)
    .join("; drawn with parameters ");
  const parameters = report.parameters
    ? `<p>Proposed <code>${escapeHtml(report.parameters.parametersVersion)}</code>, written to <code>parameters-${escapeHtml(report.parameters.parametersVersion)}.json</code> for review beside the current <code>${escapeHtml(report.parameters.currentParametersVersion)}</code>; nothing is stored. Ability 0 is ${escapeHtml(report.parameters.anchor)}: every intercept moved by ${fixed(report.parameters.interceptShift, 3)}.</p>`
    : "";
  return `<section>
<h2>Item models <code>${escapeHtml(report.label)}</code> (LLTM)</h2>
<p>${report.results} finished attempts on forms of their own${versions ? ` (${versions})` : ""}. b = intercept + sum of weight &times; count of each design feature, one a per item model, c = 1/4.${report.fit ? ` Fit: ${report.fit.iterations} EM cycles, ${report.fit.converged ? "converged" : "not converged"}.` : ""}</p>
${rejected ? `<ul class="notes">${rejected}</ul>` : ""}${notes ? `<ul class="notes">${notes}</ul>` : ""}${parameters}
<h3>Weights and intercepts estimated</h3>${weightsPlot(report)}
${recoverySection(report)}${precisionSection(report)}
${categoryTables(report)}
<h3>Norms for forms</h3>${normsTable(report)}
</section>`;
}
