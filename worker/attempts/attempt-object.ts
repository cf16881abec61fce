import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import type { AttemptStatus } from "../../core/attempts/attempt";
import {
  type Arrival,
  judgeAttempt,
  type RejectionReason,
  type SavedAnswer,
} from "../../core/attempts/attempt-rules";
import { drawFormWithDrafts, type Form } from "../../core/items/pool/form";
import { formImage, publicForm } from "../../core/items/pool/public-form";
import { type ReviewItem, reviewItems, reviewWithImages } from "../../core/items/pool/review";
import type { Letter, PublicQuestion } from "../../core/items/questions";
import { database } from "../../db/client";
import { testAttempts } from "../../db/schema";
import { withD1Counting } from "../dev";
import { formSeed, imageNaming } from "../forms/item-secret";
import {
  type AccessDecision,
  type AttemptAccess,
  type AttemptCredentials,
  decideAccess,
  rememberingSession,
  withOwnerSession,
} from "./access";

/**
 * One timed test attempt (docs/decisions/0008-timed-test.md; SECURITY.md 25-27): the
 * clock and the answers. Everything lives in storage, nothing in memory, and the
 * Durable Object's clock is the only one that counts. Addressed by the attempt id.
 *
 * The alarm is set at deadline + grace: answers in flight within the grace still land,
 * and then the attempt is finalised with what was saved. Finalising is idempotent: the
 * outcome is decided once and kept in storage, the D1 row is written with a conditional
 * update, so finish, a late alarm and a retried alarm all end in the same place.
 *
 * It also decides who owns the attempt for the answer and finish routes, so that saving an
 * answer costs no D1 round trip (docs/decisions/0027-answer-path-without-d1.md): its
 * `access` mirrors the D1 row's cookie hash and owner (written at start, changed only by a
 * claim, which D1 confirms first) and remembers the owner's sessions. What it cannot
 * decide alone it hands back to the Worker (`askSession`, `askD1`).
 */

interface Meta {
  attemptId: string;
  startedAt: number;
  deadline: number;
  durationMs: number;
  graceMs: number;
}

interface Ending {
  status: Exclude<AttemptStatus, "in_progress">;
  reason: RejectionReason | null;
  endedBy: "finish" | "time";
  finishedAt: number;
  /** The outcome reached D1. */
  recorded: boolean;
}

export interface AttemptSnapshot {
  status: AttemptStatus;
  remainingMs: number;
  durationMs: number;
  answers: Record<string, Letter>;
  startedAt: number;
  deadline: number;
  endedBy: Ending["endedBy"] | null;
  /**
   * The form's questions as the page shows them, when asked for; null for an attempt on
   * bank v2 (started before forms, docs/decisions/0039-forms-served-and-scored.md).
   */
  questions?: PublicQuestion[] | null;
}

export type AnswerOutcome =
  | { ok: true; answered: number; remainingMs: number }
  | { ok: false; code: "timeUp" | "testFinished" | "notStarted" };

export type FinishResult =
  | { ok: true; status: Ending["status"]; endedBy: Ending["endedBy"] }
  | { ok: false; code: "notStarted" };

/** What an owner's request got done, or why the object did not act (access.ts). */
export type OwnerAction<T> =
  | { access: "owner"; result: T }
  | { access: Exclude<AccessDecision, "owner"> };

/** Who starts the attempt: the cookie's secret hash, and the account and session if signed in. */
export interface StartAccess {
  secretHash: string;
  ownerId: string | null;
  sessionId: string | null;
}

/** A started attempt: its clock, and its form (null for one started on bank v2). */
export interface StartedAttempt {
  startedAt: number;
  deadline: number;
  form: Form | null;
  questions: PublicQuestion[] | null;
}

/** A retried client or a changed mind may send many answers; the audit log keeps this many. */
const maxArrivals = 500;
/** When writing the outcome to D1 fails, the alarm tries again this much later. */
const recordRetryMs = 10_000;
/** Storage is dropped this long after the outcome reached D1 (D1 keeps the answers). */
export const retentionMs = 7 * 24 * 60 * 60 * 1000;

export class TestAttempt extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    // The bench counts this object's D1 statements too (development only).
    super(ctx, withD1Counting(env));
  }

  private get kv() {
    return this.ctx.storage.kv;
  }

  private meta(): Meta | undefined {
    return this.kv.get<Meta>("meta");
  }

  private answers(): Record<string, SavedAnswer> {
    return this.kv.get<Record<string, SavedAnswer>>("answers") ?? {};
  }

  private ending(): Ending | undefined {
    return this.kv.get<Ending>("ending");
  }

  /** None for an attempt started before ADR 0027, and once storage is gone. */
  private access(): AttemptAccess | undefined {
    return this.meta() ? this.kv.get<AttemptAccess>("access") : undefined;
  }

  /**
   * Starts the clock once and draws the attempt's own form (issue 28,
   * docs/decisions/0039-forms-served-and-scored.md): its seed is an HMAC of the attempt id
   * under the item secret, and no item whose content hash is in `seen` (the person's
   * earlier forms) comes back. The form is drawn here, not in the Worker: the Durable
   * Object's CPU allowance takes the 40 verified draws. It keeps the form, the page's view
   * of it and every image (served by `image`), and hands the form back for D1. A repeated
   * call answers the first start.
   */
  async start(
    init: { attemptId: string; durationMs: number; graceMs: number },
    starter: StartAccess,
    seen: readonly string[],
  ): Promise<StartedAttempt> {
    const existing = this.meta();
    if (existing) {
      return {
        startedAt: existing.startedAt,
        deadline: existing.deadline,
        form: this.kv.get<Form>("form") ?? null,
        questions: this.kv.get<PublicQuestion[]>("questions") ?? null,
      };
    }
    const drawn = drawFormWithDrafts(formSeed(this.env, init.attemptId), new Set(seen));
    const { questions, images } = publicForm(drawn, imageNaming(this.env, init.attemptId));
    const startedAt = Date.now();
    const meta: Meta = { ...init, startedAt, deadline: startedAt + init.durationMs };
    const anonymous: AttemptAccess = {
      secretHash: starter.secretHash,
      ownerId: null,
      ownerSessions: [],
      claimPending: false,
    };
    const access =
      starter.ownerId === null
        ? anonymous
        : withOwnerSession(anonymous, starter.ownerId, starter.sessionId);
    this.ctx.storage.transactionSync(() => {
      this.kv.put("meta", meta);
      this.kv.put("access", access);
      this.kv.put("status", "in_progress" satisfies AttemptStatus);
      this.kv.put("answers", {});
      this.kv.put("arrivals", []);
      this.kv.put("form", drawn.form);
      this.kv.put("questions", questions);
      for (const [token, svg] of images) this.kv.put(`image:${token}`, svg);
    });
    await this.ctx.storage.setAlarm(meta.deadline + meta.graceMs);
    return { startedAt, deadline: meta.deadline, form: drawn.form, questions };
  }

  /**
   * The answer review of a finished form (issue 29.2): rebuilt from the stored form, here
   * because its 40 builds take the Durable Object's CPU allowance, not the Worker's. Needs
   * no storage: it works after the object's storage is gone.
   */
  async review(
    attemptId: string,
    form: Form,
    answers: Record<string, Letter>,
  ): Promise<ReviewItem[]> {
    return reviewItems(form, answers, imageNaming(this.env, attemptId));
  }

  /** The review with the SVG of every image it names, by URL (the report's PDF draws them). */
  async reviewWithImages(
    attemptId: string,
    form: Form,
    answers: Record<string, Letter>,
  ): Promise<{ items: ReviewItem[]; images: Record<string, string> }> {
    return reviewWithImages(form, answers, imageNaming(this.env, attemptId));
  }

  /**
   * One image of a stored form made again from its instance, once this object's storage of
   * the images is gone (worker/forms/item-images.ts): the build's CPU is the object's.
   */
  async imageFromForm(attemptId: string, form: Form, token: string): Promise<string | null> {
    return formImage(form, token, imageNaming(this.env, attemptId));
  }

  /**
   * One image of the form by its token (worker/forms/item-images.ts), while the storage
   * lasts; null for a token it does not have.
   */
  async image(token: string): Promise<string | null> {
    return this.meta() ? (this.kv.get<string>(`image:${token}`) ?? null) : null;
  }

  /** The attempt as its owner may see it; finalised first when its time is over. */
  async state(options: { questions?: boolean } = {}): Promise<AttemptSnapshot | null> {
    const meta = this.meta();
    if (!meta) return null;
    const now = Date.now();
    let ending: Ending | null | undefined = this.ending();
    if (!ending && now > meta.deadline + meta.graceMs) ending = await this.finalise("time", now);
    else if (ending && !ending.recorded) ending = await this.finalise(ending.endedBy, now);
    if (ending === null) return null;
    const letters: Record<string, Letter> = {};
    for (const [code, answer] of Object.entries(this.answers())) letters[code] = answer.letter;
    return {
      status: ending?.status ?? "in_progress",
      remainingMs: ending ? 0 : Math.max(0, meta.deadline - now),
      durationMs: meta.durationMs,
      answers: letters,
      startedAt: meta.startedAt,
      deadline: meta.deadline,
      endedBy: ending?.endedBy ?? null,
      ...(options.questions
        ? { questions: this.kv.get<PublicQuestion[]>("questions") ?? null }
        : {}),
    };
  }

  /**
   * Decides whether the request owns the attempt (access.ts) and, when it does, acts. A
   * session the Worker resolved and found to be the owner's, in the browser holding the
   * cookie, is remembered: its next requests need no session read.
   */
  private async asOwner<T>(
    credentials: AttemptCredentials,
    act: () => Promise<T>,
  ): Promise<OwnerAction<T>> {
    const access = this.access();
    const decision = decideAccess(access, credentials);
    if (decision !== "owner") return { access: decision };
    const remembered = access && rememberingSession(access, credentials);
    if (remembered) this.kv.put("access", remembered);
    return { access: "owner", result: await act() };
  }

  /**
   * The answer route (ADR 0027): saves the answer for its owner. `input` is null when the
   * request's code or letter was refused: the Worker still needs to know whether to answer
   * 404 (not the owner) or 400.
   */
  answerAsOwner(
    credentials: AttemptCredentials,
    input: { code: string; letter: Letter } | null,
  ): Promise<OwnerAction<AnswerOutcome | null>> {
    return this.asOwner(credentials, async () =>
      input ? this.answer(input.code, input.letter) : null,
    );
  }

  /** The finish route (ADR 0027): finishes the attempt for its owner. */
  finishAsOwner(credentials: AttemptCredentials): Promise<OwnerAction<FinishResult>> {
    return this.asOwner(credentials, () => this.finish());
  }

  /**
   * A claim is about to be written to D1 (claim.ts): until it is confirmed, requests
   * that carry a session are decided from D1. Nothing to do once someone owns it.
   */
  async claimStarting(): Promise<void> {
    const access = this.access();
    if (access && access.ownerId === null) this.kv.put("access", { ...access, claimPending: true });
  }

  /**
   * D1 says `ownerId` owns the attempt (claimed now, or before) and `sessionId` is theirs,
   * in the browser holding the cookie.
   */
  async ownerConfirmed(ownerId: string, sessionId: string | null): Promise<void> {
    const access = this.access();
    if (access) this.kv.put("access", withOwnerSession(access, ownerId, sessionId));
  }

  /** Saves (or changes) one answer while the clock, plus the grace, allows it. */
  async answer(code: string, letter: Letter): Promise<AnswerOutcome> {
    const meta = this.meta();
    if (!meta) return { ok: false, code: "notStarted" };
    const now = Date.now();
    const ending = this.ending();
    if (ending) return { ok: false, code: ending.endedBy === "time" ? "timeUp" : "testFinished" };
    if (now > meta.deadline + meta.graceMs) {
      const ended = await this.finalise("time", now);
      return { ok: false, code: ended ? "timeUp" : "notStarted" };
    }
    const answers = this.answers();
    // The same letter again (a client retrying) is no new answer: nothing to log.
    if (answers[code]?.letter !== letter) {
      answers[code] = { letter, at: now };
      const arrivals = this.kv.get<Arrival[]>("arrivals") ?? [];
      this.ctx.storage.transactionSync(() => {
        this.kv.put("answers", answers);
        if (arrivals.length < maxArrivals)
          this.kv.put("arrivals", [...arrivals, { code, at: now }]);
      });
    }
    return {
      ok: true,
      answered: Object.keys(answers).length,
      remainingMs: Math.max(0, meta.deadline - now),
    };
  }

  /** The taker sends the test. Past deadline + grace it counts as ended by time. */
  async finish(): Promise<FinishResult> {
    const meta = this.meta();
    if (!meta) return { ok: false, code: "notStarted" };
    const now = Date.now();
    const over = now > meta.deadline + meta.graceMs;
    const ending = await this.finalise(over ? "time" : "finish", now);
    if (!ending) return { ok: false, code: "notStarted" };
    return { ok: true, status: ending.status, endedBy: ending.endedBy };
  }

  /**
   * Development only (worker/dev/attempt-clock.ts): as if `ms` had passed, every stored time
   * moves back. Refused once the attempt has ended.
   */
  async shiftClock(ms: number): Promise<boolean> {
    const meta = this.meta();
    if (!meta || this.ending()) return false;
    const answers = this.answers();
    for (const answer of Object.values(answers)) answer.at -= ms;
    const arrivals = (this.kv.get<Arrival[]>("arrivals") ?? []).map((a) => ({
      ...a,
      at: a.at - ms,
    }));
    const moved: Meta = { ...meta, startedAt: meta.startedAt - ms, deadline: meta.deadline - ms };
    this.ctx.storage.transactionSync(() => {
      this.kv.put("meta", moved);
      this.kv.put("answers", answers);
      this.kv.put("arrivals", arrivals);
    });
    await this.ctx.storage.setAlarm(Math.max(Date.now(), moved.deadline + moved.graceMs));
    return true;
  }

  private async rowExists(attemptId: string): Promise<boolean> {
    const [row] = await database(this.env.DB)
      .select({ id: testAttempts.id })
      .from(testAttempts)
      .where(eq(testAttempts.id, attemptId))
      .limit(1);
    return row !== undefined;
  }

  /** Its owner deleted their account (ADR 0023): the clock and the answers go, unrecorded. */
  async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    const meta = this.meta();
    if (!meta) return;
    const now = Date.now();
    const ending = this.ending();
    if (ending?.recorded) {
      if (now >= ending.finishedAt + retentionMs) {
        await this.ctx.storage.deleteAll();
        return;
      }
      await this.ctx.storage.setAlarm(ending.finishedAt + retentionMs);
      return;
    }
    if (!ending && now <= meta.deadline + meta.graceMs) {
      // Never early: the clock in storage decides, whatever woke us.
      await this.ctx.storage.setAlarm(meta.deadline + meta.graceMs);
      return;
    }
    await this.finalise(ending?.endedBy ?? "time", now);
  }

  /**
   * Decides the outcome once (from the answers saved so far) and writes it to D1. A
   * later call finds the decided outcome and only completes the D1 write if it failed.
   * Null when the attempt's row is gone (its account was deleted while this object's
   * forget() was missed): then nothing of it is kept here either.
   */
  private async finalise(endedBy: Ending["endedBy"], now: number): Promise<Ending | null> {
    const meta = this.meta() as Meta;
    const answers = this.answers();
    let ending = this.ending();
    if (!ending) {
      const judgement = judgeAttempt({
        startedAt: meta.startedAt,
        answers,
        arrivals: this.kv.get<Arrival[]>("arrivals") ?? [],
      });
      ending = {
        status: judgement.status,
        reason: judgement.status === "rejected" ? judgement.reason : null,
        endedBy,
        // Ended by the clock, it ended at the deadline, however late the alarm ran.
        finishedAt: endedBy === "time" ? Math.min(now, meta.deadline) : now,
        recorded: false,
      };
      const decided = ending;
      this.ctx.storage.transactionSync(() => {
        this.kv.put("ending", decided);
        this.kv.put("status", decided.status);
      });
    }
    if (ending.recorded) return ending;
    let updated: unknown[];
    try {
      updated = await database(this.env.DB)
        .update(testAttempts)
        .set({
          status: ending.status,
          finishedAt: ending.finishedAt,
          endedBy: ending.endedBy,
          rejectionReason: ending.reason,
          answeredCount: Object.keys(answers).length,
          answers: JSON.stringify(answers),
        })
        .where(and(eq(testAttempts.id, meta.attemptId), eq(testAttempts.status, "in_progress")))
        .returning({ id: testAttempts.id });
    } catch (error) {
      console.error(`tests: recording attempt=${meta.attemptId} failed; retrying by alarm`, error);
      await this.ctx.storage.setAlarm(Date.now() + recordRetryMs);
      throw error;
    }
    // No row updated: recorded before (the flag below was lost), or the row is gone.
    if (updated.length === 0 && !(await this.rowExists(meta.attemptId))) {
      console.warn(`tests: attempt=${meta.attemptId} is gone from D1; forgetting it`);
      await this.forget();
      return null;
    }
    ending = { ...ending, recorded: true };
    this.kv.put("ending", ending);
    await this.ctx.storage.setAlarm(ending.finishedAt + retentionMs);
    console.log(
      `tests: attempt=${meta.attemptId} ${ending.status}${ending.reason ? ` (${ending.reason})` : ""} by ${ending.endedBy}`,
    );
    return ending;
  }
}
