import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { ProfiledUser } from "../../core/accounts/account";
import type { ScoredResult } from "../../core/attempts/attempt";
import type { Letter } from "../../core/items/questions";
import type { AreaAbilities } from "../../core/scoring/area-abilities";
import { bankAbilities } from "../../core/scoring/bank-abilities";
import { scoreForm } from "../../core/scoring/form-scoring";
import type { Ability } from "../../core/scoring/irt";
import { iqScale } from "../../core/scoring/norms-model";
import {
  type Band,
  percentileAgainst,
  populationMeans,
  type ResultSample,
  scoreAttempt,
} from "../../core/scoring/scoring";
import { database } from "../../db/client";
import { resultTallies, testResults } from "../../db/schema";
import { parseForm } from "../forms/forms";
import { answerKey, answerKeyVersion } from "../questions/answer-key.server";
import { previousAnswerKeys } from "../questions/previous-answer-keys.server";
import type { AttemptRow } from "./lookup";

/**
 * A finished attempt's result (docs/decisions/0008-timed-test.md): scored the first time
 * its signed-in owner asks, stored, and from then on answered as stored, whatever changes
 * later (date of birth, norms, the scoring code).
 */

type ResultRow = typeof testResults.$inferSelect;

/** A form's stored abilities; a bank's read from its area totals. */
function abilitiesOf(row: ResultRow): AreaAbilities {
  const rawByCategory = JSON.parse(row.rawByCategory) as ScoredResult["rawByCategory"];
  if (row.ability) {
    const stored = JSON.parse(row.ability) as Ability & {
      byCategory: AreaAbilities["byCategory"];
    };
    return { overall: { theta: stored.theta, se: stored.se }, byCategory: stored.byCategory };
  }
  return bankAbilities(rawByCategory, row.ageBand);
}

function toTestResult(row: ResultRow): ScoredResult {
  return {
    id: row.attemptId,
    finishedAt: new Date(row.finishedAt).toISOString(),
    iq: row.iq,
    iqLabel: row.iqLabel,
    atCeiling: row.atCeiling,
    atFloor: row.iq <= iqScale.floor,
    interval: { low: row.intervalLow, high: row.intervalHigh },
    band: row.band as Band,
    rawTotal: row.rawTotal,
    rawByCategory: JSON.parse(row.rawByCategory) as ScoredResult["rawByCategory"],
    normsVersion: row.normsVersion,
    ageBand: row.ageBand,
    percentageWorld: row.percentageWorld,
    percentageBrazil: row.percentageBrazil,
    percentileMethod: {
      world: row.percentileMethodWorld,
      brazil: row.percentileMethodBrazil,
    },
    abilities: abilitiesOf(row),
  };
}

function storedResult(env: Env, attemptId: string): Promise<ResultRow | undefined> {
  return database(env.DB)
    .select()
    .from(testResults)
    .where(eq(testResults.attemptId, attemptId))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * How many results the tally rows `where` selects (all without it) count below `iq`, and
 * exactly `iq`.
 */
function tallies(iq: number, where?: SQL) {
  const resultsWhere = (condition: SQL | undefined) =>
    sql<number>`coalesce(sum(case when ${condition} then ${resultTallies.results} else 0 end), 0)`;
  const within = (condition: SQL) => (where ? and(where, condition) : condition);
  return {
    total: where ? resultsWhere(where) : sql<number>`coalesce(sum(${resultTallies.results}), 0)`,
    below: resultsWhere(within(lt(resultTallies.iq, iq))),
    equal: resultsWhere(within(eq(resultTallies.iq, iq))),
  };
}

const sample = (total: unknown, below: unknown, equal: unknown): ResultSample => ({
  total: Number(total ?? 0),
  below: Number(below ?? 0),
  equal: Number(equal ?? 0),
});

/**
 * This site's stored results below and equal to `iq`, everywhere and in one country: one
 * statement, one round trip to D1. It reads the tallies of results by country and IQ
 * (`result_tallies`, kept by triggers on `test_results`): at most a row per country and
 * IQ, however many results there are.
 */
export async function samplesFor(
  env: Env,
  iq: number,
  country: string,
): Promise<{ world: ResultSample; country: ResultSample }> {
  const world = tallies(iq);
  const local = tallies(iq, eq(resultTallies.country, country));
  const [row] = await database(env.DB)
    .select({
      total: world.total,
      below: world.below,
      equal: world.equal,
      countryTotal: local.total,
      countryBelow: local.below,
      countryEqual: local.equal,
    })
    .from(resultTallies);
  return {
    world: sample(row?.total, row?.below, row?.equal),
    country: sample(row?.countryTotal, row?.countryBelow, row?.countryEqual),
  };
}

/** The letters given, from the answers the Durable Object handed to D1 at finalisation. */
export function lettersOf(row: AttemptRow): Record<string, Letter> {
  const saved = row.answers ? (JSON.parse(row.answers) as Record<string, { letter: Letter }>) : {};
  const letters: Record<string, Letter> = {};
  for (const [code, answer] of Object.entries(saved)) letters[code] = answer.letter;
  return letters;
}

/**
 * The key of the bank the attempt was taken on: scoring is lazy, so a test finished before
 * a new bank shipped is still scored with its own (docs/decisions/0025).
 */
export function keyFor(attempt: Pick<AttemptRow, "id" | "questionBankVersion">) {
  if (attempt.questionBankVersion === answerKeyVersion) return answerKey;
  const previous = previousAnswerKeys[attempt.questionBankVersion];
  if (previous) return previous;
  console.warn(
    `tests: attempt=${attempt.id} used bank ${attempt.questionBankVersion}, which has no kept key; scored with ${answerKeyVersion}`,
  );
  return answerKey;
}

/**
 * The result of a finished attempt owned by `owner`: stored, or scored and stored now.
 * Only an owner with a date of birth is scored (its age band is part of the score).
 */
export async function resultOf(
  env: Env,
  attempt: AttemptRow & { finishedAt: number },
  owner: ProfiledUser,
): Promise<ScoredResult> {
  const stored = await storedResult(env, attempt.id);
  if (stored) return toTestResult(stored);
  const form = parseForm(attempt.form);
  const taken = {
    answers: lettersOf(attempt),
    dateOfBirth: owner.dateOfBirth,
    testDate: new Date(attempt.finishedAt),
  };
  // A form of its own is scored by IRT from its own items (ADR 0038); banks v1 and v2 by
  // their raw total through the norms, with their own key (ADR 0009, ADR 0025).
  const formScore = form ? scoreForm({ ...taken, items: form.items }) : null;
  const scored = formScore ?? scoreAttempt({ ...taken, key: keyFor(attempt) });
  // Brazil and the world: the model until this site has enough results (PSYCHOMETRICS.md).
  const samples = await samplesFor(env, scored.iq, "BR");
  const world = percentileAgainst(scored.iq, populationMeans.world, samples.world);
  const brazil = percentileAgainst(scored.iq, populationMeans.brazil, samples.country);
  // Two first requests may race: the primary key keeps the first, both answer it (the
  // second reads it, having inserted nothing).
  const [inserted] = await database(env.DB)
    .insert(testResults)
    .values({
      attemptId: attempt.id,
      userId: owner.id,
      finishedAt: attempt.finishedAt,
      iq: scored.iq,
      iqLabel: scored.iqLabel,
      atCeiling: scored.atCeiling,
      intervalLow: scored.interval.low,
      intervalHigh: scored.interval.high,
      band: scored.band,
      rawTotal: scored.rawTotal,
      rawByCategory: JSON.stringify(scored.rawByCategory),
      normsVersion: scored.normsVersion,
      ageBand: scored.ageBand,
      scoringVersion: formScore?.scoringVersion ?? null,
      parameterVersion: formScore ? attempt.parameterVersion : null,
      ability: formScore
        ? JSON.stringify({
            ...formScore.ability,
            byCategory: formScore.abilityByCategory,
            unclampedInterval: formScore.unclampedInterval,
          })
        : null,
      percentageWorld: world.percentage,
      percentageBrazil: brazil.percentage,
      percentileMethodWorld: world.method,
      percentileMethodBrazil: brazil.method,
      country: attempt.country,
      createdAt: Date.now(),
    })
    .onConflictDoNothing({ target: testResults.attemptId })
    .returning();
  const saved = inserted ?? (await storedResult(env, attempt.id));
  if (!saved) throw new Error(`tests: result of attempt=${attempt.id} was not stored`);
  console.log(`tests: scored attempt=${attempt.id} user=${owner.id}`);
  return toTestResult(saved);
}
