/**
 * From stored rows to one response set per question bank version
 * (docs/decisions/0024-calibration.md). Each version is calibrated with its own key:
 * a result is never read against another version's items.
 */
import type { Letter } from "../../core/items/questions.ts";
import { letters, type ResponseSet } from "./classical.ts";

/** A finished attempt as the query returns it. */
export interface StoredAttempt {
  version: string;
  /** JSON `{ code: { letter, at } }` (db/schema.ts, test_attempts.answers). */
  answers: string;
  /** The stored result's age band; null when the attempt has no result (never signed in). */
  ageBand: string | null;
}

export type AnswerKeys = ReadonlyMap<string, Readonly<Record<string, Letter>>>;

export interface Grouped {
  sets: Map<string, ResponseSet>;
  /** Versions with results but no known key, with how many attempts. */
  withoutKey: Map<string, number>;
}

/**
 * Only finished attempts, in stored order; `rowid` pages through them. `withoutForms`: once
 * test_attempts has the `form` column, attempts that took a form of their own are left to
 * the model calibration (scripts/calibrate/forms.ts).
 */
export function finishedAttemptsSql(
  afterRowid: number,
  limit: number,
  withoutForms = false,
): string {
  if (!Number.isSafeInteger(afterRowid) || !Number.isSafeInteger(limit))
    throw new Error("not whole numbers");
  return `SELECT a.rowid AS rowid, a.question_bank_version AS version, a.answers AS answers, r.age_band AS ageBand
FROM test_attempts a LEFT JOIN test_results r ON r.attempt_id = a.id
WHERE a.status = 'finished' AND a.answers IS NOT NULL${withoutForms ? " AND a.form IS NULL" : ""} AND a.rowid > ${afterRowid}
ORDER BY a.rowid LIMIT ${limit}`;
}

function chosenLetter(value: unknown): Letter | null {
  const letter = (value as { letter?: unknown } | null)?.letter;
  return letters.includes(letter as Letter) ? (letter as Letter) : null;
}

export function groupByVersion(attempts: readonly StoredAttempt[], keys: AnswerKeys): Grouped {
  const sets = new Map<string, ResponseSet>();
  const withoutKey = new Map<string, number>();
  for (const attempt of attempts) {
    const key = keys.get(attempt.version);
    if (!key) {
      withoutKey.set(attempt.version, (withoutKey.get(attempt.version) ?? 0) + 1);
      continue;
    }
    let set = sets.get(attempt.version);
    if (!set) {
      const items = Object.keys(key);
      set = { items, key: items.map((code) => key[code] as Letter), takers: [] };
      sets.set(attempt.version, set);
    }
    let answers: Record<string, unknown> = {};
    try {
      answers = JSON.parse(attempt.answers) as Record<string, unknown>;
    } catch {
      // An unreadable answers column reads as no answers: it scored 0 as well.
    }
    set.takers.push({
      ageBand: attempt.ageBand ?? "unknown",
      choices: set.items.map((code) => chosenLetter(answers[code])),
    });
  }
  return { sets, withoutKey };
}

/** The version and key written in a worker/questions/answer-key.server.ts text. */
export function parseAnswerKeyModule(
  text: string,
): { version: string; key: Record<string, Letter> } | null {
  const version = /answerKeyVersion\s*=\s*"([^"]+)"/.exec(text)?.[1];
  const body = /answerKey\s*:[^=]*=\s*(\{[\s\S]*?\})\s*;/.exec(text)?.[1];
  if (!version || !body) return null;
  try {
    return { version, key: JSON.parse(body) as Record<string, Letter> };
  } catch {
    return null;
  }
}
