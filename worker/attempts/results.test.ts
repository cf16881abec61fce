import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client } from "../../tests/worker/client";
import { answerKey, answerKeyVersion } from "../questions/answer-key.server";
import { previousAnswerKeys } from "../questions/previous-answer-keys.server";

/**
 * Scoring is lazy (a result is computed when its owner first sees it): a test taken on an
 * earlier question bank and first shown after a new one shipped is scored with the key of
 * its own bank (docs/decisions/0025).
 */

const v1 = "acc246bf366d";

/** A finished, not yet scored test of this user on `version`, every answer from `key`. */
async function unscoredAttempt(userId: string, version: string, key: Record<string, string>) {
  const id = crypto.randomUUID();
  const now = Date.now();
  const started = now - 15 * 60_000;
  const answers = Object.fromEntries(
    Object.entries(key).map(([code, letter]) => [code, { letter, at: started + 1000 }]),
  );
  await env.DB.prepare(
    `INSERT INTO test_attempts (id, user_id, secret_hash, status, started_at, deadline, finished_at,
       ended_by, question_bank_version, locale, answered_count, answers, created_at)
     VALUES (?, ?, 'x', 'finished', ?, ?, ?, 'finish', ?, 'en', 40, ?, ?)`,
  )
    .bind(
      id,
      userId,
      started,
      started + 20 * 60_000,
      now,
      version,
      JSON.stringify(answers),
      started,
    )
    .run();
  return id;
}

describe("scoring a test with the key of its own bank", () => {
  it("a test on the earlier bank, answered by its key, scores 40 of 40; the same letters on the current bank do not", async () => {
    const v1Key = previousAnswerKeys[v1];
    if (!v1Key) throw new Error("the v1 key is kept");
    expect(v1).not.toBe(answerKeyVersion);
    expect(v1Key).not.toEqual(answerKey);

    const client = new Client();
    expect((await client.signUp()).response.status).toBe(201);
    const me = (await (await client.fetch("/api/application-configuration")).json()) as {
      user: { id: string };
    };
    const result = async (id: string) =>
      (await (await client.fetch(`/api/tests/${id}/result`)).json()) as { rawTotal: number };

    const old = await unscoredAttempt(me.user.id, v1, v1Key);
    expect((await result(old)).rawTotal).toBe(40);
    const current = await unscoredAttempt(me.user.id, answerKeyVersion, v1Key);
    expect((await result(current)).rawTotal).toBeLessThan(40);
    const right = await unscoredAttempt(me.user.id, answerKeyVersion, answerKey);
    expect((await result(right)).rawTotal).toBe(40);
  });
});
