import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiErrorBody } from "../../core/accounts/account";
import type { AnswerSaved, AttemptState, FinishOutcome } from "../../core/attempts/attempt";
import type { Letter } from "../../core/items/questions";
import type { Locale } from "../../core/locales/locales";
import { apiFetch } from "./api";

/**
 * The running test in the browser (docs/decisions/0008-timed-test.md). The server's
 * clock is the authority: every response re-syncs the countdown, which only ticks
 * locally in between. Answers are shown at once and sent one by one; a failed send
 * (no connection, or a 5xx such as the 503 of a dependency that failed: ADR 0029) is not
 * an acknowledgement and is retried until it lands, so nothing chosen is lost.
 */

export type SaveState = "idle" | "saving" | "offline";

/** Why the test stopped accepting answers, as the screen shows it. */
export type Ending = "timeUp" | "finished" | "rejected";

export interface AttemptSession {
  answers: Record<string, Letter>;
  /** Milliseconds left, ticking locally between server responses. */
  remainingMs: number;
  saveState: SaveState;
  ending: Ending | null;
  /** True while the test is being sent. */
  sending: boolean;
  choose(code: string, letter: Letter): void;
  /** Sends the test (after the pending answers). */
  finish(): Promise<void>;
}

interface Options {
  state: AttemptState;
  locale: Locale;
  /**
   * An error the test cannot go on from. `retry`, when given, sends the failed request
   * again (the 503 modal's Try Again: components/error-modal.tsx).
   */
  onError(error: ApiErrorBody, retry?: () => void): void;
}

const retryDelays = [1000, 2000, 4000, 8000, 10000];

/**
 * What the queue does with the answer to a saved answer: only a 2xx acknowledges it. No
 * answer (status 0) or a 5xx (the server or a dependency failed, docs/decisions/
 * 0029-dependency-failures.md) leaves it queued, to be sent again; a 4xx refuses it.
 */
export function answerDisposition(result: { ok: boolean; status: number }) {
  if (result.ok) return "saved";
  return result.status === 0 || result.status >= 500 ? "resend" : "refused";
}

/**
 * Finishing is sent again by itself after no answer or an outage (503, or the edge's 502
 * and 504); finishing twice is finishing once (ADR 0008). Any other error is shown.
 */
export function finishIsRetried(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

export function useAttemptSession({ state, locale, onError }: Options): AttemptSession {
  const [answers, setAnswers] = useState<Record<string, Letter>>(state.answers);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [ending, setEnding] = useState<Ending | null>(
    state.status === "in_progress" ? null : state.status,
  );
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // The deadline on this device's clock, moved by every server response.
  const deadline = useRef(Date.now() + state.remainingMs);
  const pending = useRef(new Map<string, Letter>());
  const draining = useRef<Promise<void> | null>(null);
  const endingRef = useRef(ending);
  endingRef.current = ending;
  // The server accepts no more answers (finished, rejected, or past the grace). The
  // local countdown reaching zero is not enough: answers in flight still get through.
  const closed = useRef(ending !== null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const sync = useCallback((remainingMs: number) => {
    deadline.current = Date.now() + remainingMs;
    setNow(Date.now());
  }, []);

  const stop = useCallback((why: Ending) => {
    closed.current = true;
    pending.current.clear();
    setEnding((current) => current ?? why);
  }, []);

  /** Handles an answer or finish error; true when the test can go on. */
  const handleStop = useCallback(
    (error: ApiErrorBody): boolean => {
      if (error.code === "timeUp") stop("timeUp");
      else if (error.code === "testFinished") stop("finished");
      else return false;
      return true;
    },
    [stop],
  );

  const drain = useCallback((): Promise<void> => {
    if (draining.current) return draining.current;
    const run = async () => {
      let failures = 0;
      while (pending.current.size > 0 && !closed.current) {
        const [code, letter] = pending.current.entries().next().value as [string, Letter];
        setSaveState(failures > 0 ? "offline" : "saving");
        const result = await apiFetch<AnswerSaved>(
          `/api/tests/${state.id}/answers/${encodeURIComponent(code)}`,
          { method: "PUT", json: { letter }, locale },
        );
        const disposition = answerDisposition(result);
        if (result.ok) {
          failures = 0;
          // A newer choice for the same question stays queued.
          if (pending.current.get(code) === letter) pending.current.delete(code);
          sync(result.data.remainingMs);
        } else if (disposition === "resend") {
          const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] as number;
          failures++;
          setSaveState("offline");
          await new Promise((resolve) => setTimeout(resolve, delay));
        } else {
          pending.current.delete(code);
          if (!handleStop(result.error)) onErrorRef.current(result.error);
        }
      }
      setSaveState("idle");
    };
    draining.current = run().finally(() => {
      draining.current = null;
    });
    return draining.current;
  }, [state.id, locale, sync, handleStop]);

  const choose = useCallback(
    (code: string, letter: Letter) => {
      if (endingRef.current) return;
      setAnswers((current) => ({ ...current, [code]: letter }));
      pending.current.set(code, letter);
      void drain();
    },
    [drain],
  );

  const finish = useCallback(async (): Promise<void> => {
    if (closed.current) return;
    setSending(true);
    await drain();
    for (let attempt = 0; ; attempt++) {
      const result = await apiFetch<FinishOutcome>(`/api/tests/${state.id}/finish`, {
        method: "POST",
        json: {},
        locale,
      });
      if (result.ok) {
        closed.current = true;
        setSending(false);
        setEnding((current) =>
          result.data.status === "rejected"
            ? "rejected"
            : current === "timeUp"
              ? "timeUp"
              : "finished",
        );
        return;
      }
      if (!finishIsRetried(result.status) || attempt >= retryDelays.length) {
        setSending(false);
        onErrorRef.current(result.error, () => void finishRef.current());
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelays[attempt] as number));
    }
  }, [drain, state.id, locale]);
  const finishRef = useRef(finish);
  finishRef.current = finish;

  // The countdown: a tick every 250 ms; at zero the test is sent with what was saved.
  useEffect(() => {
    if (ending) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ending]);

  const remainingMs = Math.max(0, deadline.current - now);
  const timeUp = remainingMs === 0 && !ending;
  useEffect(() => {
    if (!timeUp) return;
    setEnding("timeUp");
    void finish();
  }, [timeUp, finish]);

  // Another tab may have answered: back on this tab, the server's state wins for every
  // question this tab is not still sending.
  useEffect(() => {
    const refresh = async () => {
      if (document.visibilityState !== "visible" || endingRef.current) return;
      const result = await apiFetch<AttemptState>(`/api/tests/${state.id}`, { locale });
      if (!result.ok) return;
      sync(result.data.remainingMs);
      if (result.data.status !== "in_progress") {
        stop(result.data.status === "rejected" ? "rejected" : "finished");
        return;
      }
      setAnswers({ ...result.data.answers, ...Object.fromEntries(pending.current) });
    };
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("online", refresh);
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("online", refresh);
    };
  }, [state.id, locale, sync, stop]);

  return { answers, remainingMs, saveState, ending, sending, choose, finish };
}
