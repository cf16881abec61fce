/**
 * From stored form attempts to the answers the model calibration reads
 * (docs/decisions/0040-calibrating-item-models.md). An attempt that took its own form
 * stores it in `test_attempts.form` (the JSON of core/items/pool/form.ts's `Form`); each of
 * its items names its instance (model, radicals, seed) and its key. The calibration needs
 * only the cell (model and radicals: every instance of it has the same parameters) and
 * whether the answer was the key. A row that cannot be read whole is left out and counted
 * with its reason, never half read.
 */
import type { Category } from "../../core/items/model.ts";
import type { ItemModel, Radicals } from "../../core/items/pool/item-model.ts";
import type { Letter } from "../../core/items/questions.ts";
import { letters } from "./classical.ts";
import type { DesignCell, ModelResponses, ModelTaker } from "./lltm-design.ts";

/** A finished form attempt as the query returns it. */
export interface StoredFormAttempt {
  /** JSON of a `Form`. */
  form: string;
  /** JSON `{ code: { letter, at } }`. */
  answers: string;
  ageBand: string | null;
  /** The parameters' version the form was priced with (`test_attempts.parameter_version`). */
  parameterVersion: string | null;
}

/**
 * test_attempts' columns, to know whether it has `form` yet (the migration that adds it):
 * a PRAGMA D1 documents as supported, read-only.
 */
export const columnsSql = "PRAGMA table_info(test_attempts)";

/** Finished attempts that took a form of their own; `rowid` pages through them. */
export function finishedFormAttemptsSql(afterRowid: number, limit: number): string {
  if (!Number.isSafeInteger(afterRowid) || !Number.isSafeInteger(limit))
    throw new Error("not whole numbers");
  return `SELECT a.rowid AS rowid, a.form AS form, a.answers AS answers, r.age_band AS ageBand,
  a.parameter_version AS parameterVersion
FROM test_attempts a LEFT JOIN test_results r ON r.attempt_id = a.id
WHERE a.status = 'finished' AND a.form IS NOT NULL AND a.answers IS NOT NULL AND a.rowid > ${afterRowid}
ORDER BY a.rowid LIMIT ${limit}`;
}

export interface ParsedForms {
  data: ModelResponses;
  /** Attempts left out, by reason. */
  rejected: { reason: string; attempts: number }[];
  /** Attempts read, by the form's version and by the parameters' version it was drawn with. */
  formVersions: Record<string, number>;
  parameterVersions: Record<string, number>;
}

class Unreadable extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string, unreadable: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Unreadable(unreadable);
  }
}

/** The radicals, checked against the model's domains: every radical, each value in its domain. */
function checkedRadicals(model: ItemModel, value: unknown): Radicals {
  if (!isRecord(value)) throw new Unreadable(`radicals of ${model.id} are not an object`);
  const names = Object.keys(model.radicals);
  const given = Object.keys(value);
  const fits =
    given.length === names.length &&
    names.every((name) =>
      (model.radicals[name] as readonly unknown[]).includes(value[name] as unknown),
    );
  if (!fits) throw new Unreadable(`radicals outside the domains of ${model.id}`);
  return value as Radicals;
}

export function parseFormAttempts(
  attempts: readonly StoredFormAttempt[],
  modelById: (id: string) => ItemModel | undefined,
): ParsedForms {
  const cells: DesignCell[] = [];
  const cellIndex = new Map<string, number>();
  const takers: ModelTaker[] = [];
  const rejected = new Map<string, number>();
  const formVersions: Record<string, number> = {};
  const parameterVersions: Record<string, number> = {};
  for (const attempt of attempts) {
    try {
      const form = parseJson(attempt.form, "the form is not JSON");
      const answers = parseJson(attempt.answers, "the answers are not JSON");
      if (!isRecord(answers)) throw new Unreadable("the answers are not an object");
      if (!isRecord(form) || !Array.isArray(form.items) || form.items.length === 0)
        throw new Unreadable("the form has no items");
      const responses = form.items.map((item: unknown) => {
        if (!isRecord(item) || typeof item.code !== "string" || !isRecord(item.instance))
          throw new Unreadable("a form item without its code or instance");
        const id = item.instance.model;
        const model = typeof id === "string" ? modelById(id) : undefined;
        if (!model) throw new Unreadable(`unknown item model ${String(id)}`);
        if (!(letters as readonly unknown[]).includes(item.key))
          throw new Unreadable("a form item without a key letter");
        if (item.code.slice(0, 2) !== model.category)
          throw new Unreadable(`${item.code} holds a model of another category`);
        const radicals = checkedRadicals(model, item.instance.radicals);
        const name = `${model.id}|${JSON.stringify(Object.entries(radicals).sort())}`;
        let cell = cellIndex.get(name);
        if (cell === undefined) {
          cells.push({
            category: model.category as Category,
            model: model.id,
            design: model.design(radicals),
          });
          cell = cells.length - 1;
          cellIndex.set(name, cell);
        }
        // An item left unanswered scores 0, as the scoring counts it.
        const chosen = (answers[item.code] as { letter?: unknown } | undefined)?.letter;
        return { cell, right: chosen === (item.key as Letter) };
      });
      const version = typeof form.version === "string" ? form.version : "unknown";
      formVersions[version] = (formVersions[version] ?? 0) + 1;
      const priced = attempt.parameterVersion ?? "unknown";
      parameterVersions[priced] = (parameterVersions[priced] ?? 0) + 1;
      takers.push({ ageBand: attempt.ageBand ?? "unknown", responses });
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      rejected.set(error.message, (rejected.get(error.message) ?? 0) + 1);
    }
  }
  // Cells made by rejected rows stay in the list; no taker answers them, so the fit ignores them.
  return {
    data: { cells, takers },
    rejected: [...rejected].map(([reason, count]) => ({ reason, attempts: count })),
    formVersions,
    parameterVersions,
  };
}
