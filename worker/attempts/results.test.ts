import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client } from "../../tests/worker/client";
import { countedWorker } from "../../tests/worker/counted-d1";
import { answerKey, answerKeyVersion } from "../questions/answer-key.server";
import { previousAnswerKeys } from "../questions/previous-answer-keys.server";
import { samplesFor } from "./results";

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

/** The signed-in client's user id. */
async function userIdOf(client: Client): Promise<string> {
  const configuration = await client.fetch("/api/application-configuration");
  return ((await configuration.json()) as { user: { id: string } }).user.id;
}

describe("the D1 a result costs", () => {
  it("the first view scores in 4 reads and 1 write, 5 round trips; a later one reads 3 times", async () => {
    const worker = countedWorker();
    const client = new Client(undefined, worker.send);
    expect((await client.signUp()).response.status).toBe(201);
    const id = await unscoredAttempt(await userIdOf(client), answerKeyVersion, answerKey);
    worker.counted();

    const first = await client.fetch(`/api/tests/${id}/result`);
    expect(first.status).toBe(200);
    // The session, the attempt, no stored result yet, both samples in one statement; the
    // result stored and given back by the same statement.
    expect(worker.counted()).toEqual({ reads: 4, writes: 1, roundTrips: 5 });
    const again = await client.fetch(`/api/tests/${id}/result`);
    // The session, the attempt, the stored result.
    expect(worker.counted()).toEqual({ reads: 3, writes: 0, roundTrips: 3 });
    const shown = (await again.json()) as { rawTotal: number };
    expect(shown).toEqual(await first.json());
    expect(shown.rawTotal).toBe(40);
  });

  it("the samples of the world and of one country, read in one statement, count what they should", async () => {
    const client = new Client();
    expect((await client.signUp()).response.status).toBe(201);
    const userId = await userIdOf(client);
    // Results around 101 in Brazil, elsewhere and nowhere known, besides any other test's.
    const stored = [
      [95, "BR"],
      [101, "BR"],
      [101, "BR"],
      [120, "BR"],
      [99, "PT"],
      [101, "US"],
      [130, null],
      [80, null],
    ] as const;
    for (const [iq, country] of stored) {
      const attemptId = await unscoredAttempt(userId, answerKeyVersion, answerKey);
      await env.DB.prepare(
        `INSERT INTO test_results (attempt_id, user_id, finished_at, iq, iq_label, at_ceiling,
           interval_low, interval_high, band, raw_total, raw_by_category, norms_version, age_band,
           percentage_world, percentage_brazil, percentile_method_world, percentile_method_brazil,
           country, created_at)
         VALUES (?, ?, 0, ?, ?, 0, 0, 0, 'average', 0, '{}', 'n', 'a', 0, 0, 'model', 'model', ?, 0)`,
      )
        .bind(attemptId, userId, iq, String(iq), country)
        .run();
    }
    const all = (
      await env.DB.prepare("SELECT iq, country FROM test_results").all<{
        iq: number;
        country: string | null;
      }>()
    ).results;
    const expected = (rows: typeof all) => ({
      total: rows.length,
      below: rows.filter((row) => row.iq < 101).length,
      equal: rows.filter((row) => row.iq === 101).length,
    });
    const samples = await samplesFor(env, 101, "BR");
    expect(samples).toEqual({
      world: expected(all),
      country: expected(all.filter((row) => row.country === "BR")),
    });
    expect(samples.country.total).toBeGreaterThanOrEqual(4);
    expect(samples.country.equal).toBeGreaterThanOrEqual(2);
    expect(samples.world.total).toBeGreaterThan(samples.country.total);
  });
});
