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
    const other = new Client();
    expect((await other.signUp()).response.status).toBe(201);
    const otherId = await userIdOf(other);
    // Results around 101 in Brazil, elsewhere and nowhere known, besides any other test's.
    const stored = [
      [95, "BR", userId],
      [101, "BR", userId],
      [101, "BR", userId],
      [120, "BR", userId],
      [99, "PT", userId],
      [101, "US", userId],
      [130, null, userId],
      [80, null, userId],
      [101, "BR", otherId],
      [90, "BR", otherId],
      [101, null, otherId],
    ] as const;
    const ids: string[] = [];
    for (const [iq, country, owner] of stored) {
      const attemptId = await unscoredAttempt(owner, answerKeyVersion, answerKey);
      ids.push(attemptId);
      await env.DB.prepare(
        `INSERT INTO test_results (attempt_id, user_id, finished_at, iq, iq_label, at_ceiling,
           interval_low, interval_high, band, raw_total, raw_by_category, norms_version, age_band,
           percentage_world, percentage_brazil, percentile_method_world, percentile_method_brazil,
           country, created_at)
         VALUES (?, ?, 0, ?, ?, 0, 0, 0, 'average', 0, '{}', 'n', 'a', 0, 0, 'model', 'model', ?, 0)`,
      )
        .bind(attemptId, owner, iq, String(iq), country)
        .run();
    }
    // The samples read the tallies the triggers keep; they must be what the results say.
    const expectTheResults = async () => {
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
      return samples;
    };
    const before = await expectTheResults();
    expect(before.country.total).toBeGreaterThanOrEqual(6);
    expect(before.country.equal).toBeGreaterThanOrEqual(3);
    expect(before.world.total).toBeGreaterThan(before.country.total);
    // A result removed, and one changed (a country learnt, another IQ): counted as they are.
    await env.DB.prepare("DELETE FROM test_results WHERE attempt_id = ?").bind(ids[1]).run();
    await env.DB.prepare("UPDATE test_results SET country = 'BR', iq = 100 WHERE attempt_id = ?")
      .bind(ids[6])
      .run();
    const changed = await expectTheResults();
    expect(changed.country.equal).toBe(before.country.equal - 1);
    expect(changed.country.below).toBe(before.country.below + 1);
    // An erased account (spec: the holder's rights): its results go by cascade, and so do
    // their tallies.
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(otherId).run();
    const erased = await expectTheResults();
    expect(erased.world.total).toBe(changed.world.total - 3);
    expect(erased.country.total).toBe(changed.country.total - 2);
  });
});
