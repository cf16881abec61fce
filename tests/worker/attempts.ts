import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { RunningAttempt } from "../../core/attempts/attempt";
import type { Arrival, SavedAnswer } from "../../core/attempts/attempt-rules";
import type { Letter } from "../../core/items/questions";
import { questionCodes } from "../../core/items/questions";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { attemptStub } from "../../worker/attempts/lookup";
import { formKey, parseForm } from "../../worker/forms/forms";
import type { Client } from "./client";

/**
 * Helpers for the timed-test worker tests. Time is moved inside the Durable Object's
 * storage (the clock's only authority) instead of waiting for it. Imported by tests only.
 */

export async function startTest(client: Client, body: unknown = {}) {
  const response = await client.fetch("/api/tests", { method: "POST", body });
  const state = (await response.json()) as RunningAttempt;
  return { response, state };
}

/** The key of an attempt's own form, read from D1 as the server keeps it (never sent). */
export async function formKeyOf(attemptId: string): Promise<Record<string, Letter>> {
  const [row] = await database(env.DB)
    .select({ form: testAttempts.form })
    .from(testAttempts)
    .where(eq(testAttempts.id, attemptId));
  const form = parseForm(row?.form);
  if (!form) throw new Error(`attempt ${attemptId} has no form`);
  return formKey(form);
}

export function answer(client: Client, attemptId: string, code: string, body: unknown) {
  return client.fetch(`/api/tests/${attemptId}/answers/${code}`, { method: "PUT", body });
}

/** Answers the first `count` questions with the given letter, as fast as the client can. */
export async function answerMany(client: Client, attemptId: string, count: number, letter = "A") {
  for (const code of questionCodes.slice(0, count)) {
    const response = await answer(client, attemptId, code, { letter });
    expect(response.status).toBe(200);
  }
}

interface StoredTimes {
  meta: { startedAt: number; deadline: number };
  answers: Record<string, SavedAnswer>;
  arrivals: Arrival[];
}

/** Reads and rewrites the attempt's times in its Durable Object's storage. */
export function editTimes(attemptId: string, edit: (stored: StoredTimes) => void): Promise<void> {
  return runInDurableObject(attemptStub(env, attemptId), (_instance, state) => {
    const kv = state.storage.kv;
    const stored = {
      meta: kv.get("meta") as StoredTimes["meta"],
      answers: (kv.get("answers") ?? {}) as StoredTimes["answers"],
      arrivals: (kv.get("arrivals") ?? []) as StoredTimes["arrivals"],
    };
    edit(stored);
    kv.put("meta", stored.meta);
    kv.put("answers", stored.answers);
    kv.put("arrivals", stored.arrivals);
  });
}

/**
 * As if `ms` had passed since the attempt started: every stored time moves back. Unlike
 * the dev clock control (`shiftClock`), the alarm is left where it was, so a test can run
 * it itself with `runDurableObjectAlarm`.
 */
export function elapse(attemptId: string, ms: number): Promise<void> {
  return editTimes(attemptId, ({ meta, answers, arrivals }) => {
    meta.startedAt -= ms;
    meta.deadline -= ms;
    for (const saved of Object.values(answers)) saved.at -= ms;
    for (const arrival of arrivals) arrival.at -= ms;
  });
}

/** Spreads the answers given so far `gapMs` apart, as a taker thinking about each one. */
export function paceAnswers(attemptId: string, gapMs: number): Promise<void> {
  return editTimes(attemptId, ({ meta, answers, arrivals }) => {
    const shift = (arrivals.length + 1) * gapMs;
    meta.startedAt -= shift;
    meta.deadline -= shift;
    arrivals.forEach((arrival, i) => {
      arrival.at = meta.startedAt + (i + 1) * gapMs;
      const saved = answers[arrival.code];
      if (saved) saved.at = arrival.at;
    });
  });
}

/** The attempt's D1 row, as the database holds it. */
export function attemptRow(attemptId: string) {
  return env.DB.prepare("select * from test_attempts where id = ?").bind(attemptId).first<{
    id: string;
    user_id: string | null;
    secret_hash: string;
    status: string;
    started_at: number;
    deadline: number;
    finished_at: number | null;
    ended_by: string | null;
    rejection_reason: string | null;
    question_bank_version: string;
    locale: string;
    country: string | null;
    answered_count: number;
    answers: string | null;
  }>();
}

/** Every key of a JSON value, at any depth. */
export function keysDeep(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, keys);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      keysDeep(item, keys);
    }
  }
  return keys;
}
