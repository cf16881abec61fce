import { useEffect, useRef, useState } from "react";
import type { RunningAttempt } from "../../core/attempts/attempt";
import type { Letter, PublicQuestion } from "../../core/items/questions";
import * as m from "../../core/paraglide/messages";
import { writeAttemptPosition } from "../lib/attempt-position";
import { useApiErrorHandler, useUi } from "../lib/ui-context";
import { useAttemptKeyboard } from "../lib/use-attempt-keyboard";
import { useAttemptSession } from "../lib/use-attempt-session";
import { useCurrentUser } from "../lib/use-current-user";
import { useLocale } from "../lib/use-locale";
import { EndDialog, QuestionPicker, UnansweredDialog } from "./attempt-dialogs";
import { AlertIcon, ClockIcon, ListIcon } from "./icons";

/** Progress in percent, clamped to 0-100 (spec section 9). */
export function progressPercent(answered: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((answered / count) * 100)));
}

function clock(ms: number): { text: string; minutes: number; seconds: number } {
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return { text: `${minutes}:${String(seconds).padStart(2, "0")}`, minutes, seconds };
}

/** The first question not answered yet (the last one when all are). */
function firstUnanswered(
  questions: readonly PublicQuestion[],
  answers: Record<string, Letter>,
): number {
  const first = questions.findIndex((question) => !answers[question.code]);
  return first === -1 ? questions.length - 1 : first;
}

interface RunnerProps {
  /** The attempt with its own questions (its form, or bank v2 for one started before forms). */
  state: RunningAttempt;
  /** The question this browser was on before a reload, if it remembers one. */
  initialPosition: number | null;
  resultPath: string;
  onRedo(): void;
  onResult(path: string): void;
}

export function AttemptRunner({
  state,
  initialPosition,
  resultPath,
  onRedo,
  onResult,
}: RunnerProps) {
  const locale = useLocale();
  const ui = useUi();
  const user = useCurrentUser();
  const handleApiError = useApiErrorHandler();
  // A failed finish hands its retry to the 503 modal's Try Again (ADR 0029).
  const session = useAttemptSession({
    state,
    locale,
    onError: (error, retry) => handleApiError(error, { retry }),
  });
  // Back where this browser was, else at the first question not answered yet.
  const questions = state.questions;
  const total = questions.length;
  const [position, setPosition] = useState(
    () => initialPosition ?? firstUnanswered(questions, state.answers),
  );
  const [picker, setPicker] = useState(false);
  const [unanswered, setUnanswered] = useState<number[] | null>(null);
  const question = questions[position] ?? questions[0];
  const answeredCount = questions.filter((q) => session.answers[q.code]).length;
  const isLast = position === total - 1;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Set by the controls that move to another question: its title then takes the focus.
  const moved = useRef(false);
  // Hydrated: the keyboard and the buttons work (browser tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    writeAttemptPosition(state.id, position);
    // Moving to another question brings the reader (and screen readers) to its title.
    if (moved.current) titleRef.current?.focus();
    moved.current = false;
    // Warm the next question's images so Next shows it at once.
    const next = questions[position + 1];
    if (next) {
      for (const url of [next.image.url, ...next.options.map((o) => o.image.url)]) {
        const image = new Image();
        image.src = url;
      }
    }
  }, [position, state.id, questions]);

  function go(index: number) {
    moved.current = true;
    setPosition(Math.min(total - 1, Math.max(0, index)));
  }

  function send() {
    const missing = questions
      .map((q, index) => (session.answers[q.code] ? -1 : index))
      .filter((index) => index >= 0);
    if (missing.length > 0) setUnanswered(missing);
    else void session.finish();
  }

  function seeResult() {
    if (user.isAuthenticated) {
      onResult(resultPath);
      return;
    }
    ui.openAuth({
      isLogin: false,
      returnUrl: resultPath,
      description: m.test_sign_in_to_see(),
      img: true,
    });
  }

  // Sent: a signed-in user goes straight to the result; anyone else is asked to sign in
  // or up first (spec section 1), and the result follows.
  const ending = session.ending;
  const announced = useRef(false);
  const seeResultRef = useRef(seeResult);
  seeResultRef.current = seeResult;
  useEffect(() => {
    if (ending !== "finished" || announced.current) return;
    announced.current = true;
    seeResultRef.current();
  }, [ending]);

  // A-D / 1-4 choose, arrows move: not while the attempt is over or a dialog is open.
  useAttemptKeyboard({
    paused: Boolean(session.ending || picker || unanswered),
    choose(letter) {
      if (question) session.choose(question.code, letter);
    },
    move: (step) => go(position + step),
  });

  if (session.ending === "rejected") {
    return <Rejected onRedo={onRedo} />;
  }
  if (!question) return null;

  const time = clock(session.remainingMs);
  const percent = progressPercent(answeredCount, total);
  const chosen = session.answers[question.code];

  return (
    <section
      className="test-screen container"
      data-testid="test-runner"
      data-attempt={state.id}
      data-position={position}
      data-ready={ready}
    >
      <header className="test-bar">
        <p className="test-count" data-testid="question-count">
          {m.test_question_of({ current: position + 1, total })}
        </p>
        <div
          className={`test-timer${session.remainingMs < 120_000 ? " test-timer-low" : ""}`}
          role="timer"
          aria-label={m.test_time_left()}
          data-testid="timer"
        >
          <ClockIcon width={18} height={18} />
          <span aria-hidden="true">{time.text}</span>
          <span className="visually-hidden">
            {m.test_time_left_aria({ minutes: time.minutes, seconds: time.seconds })}
          </span>
        </div>
        <button
          type="button"
          className="button button-ghost test-picker-button"
          onClick={() => setPicker(true)}
          data-testid="open-picker"
        >
          <ListIcon width={18} height={18} />
          <span>{m.test_pick_question()}</span>
        </button>
        <div
          className="test-progress"
          role="progressbar"
          aria-label={m.test_progress_name()}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={m.test_progress_label({ answered: answeredCount, total })}
          data-testid="progress"
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </header>

      <div className="test-question">
        <h1 className="test-title" ref={titleRef} tabIndex={-1}>
          <span className="test-code">{question.code}</span>
          {question.title[locale]}
        </h1>
        <figure className="test-figure">
          <img
            src={question.image.url}
            width={question.image.width}
            height={question.image.height}
            alt={question.image.alt[locale]}
          />
        </figure>
        <fieldset className="test-options">
          <legend className="visually-hidden">{m.test_options_label()}</legend>
          {question.options.map((option) => (
            <label
              key={option.letter}
              className={`test-option${chosen === option.letter ? " is-chosen" : ""}`}
              data-testid={`option-${option.letter}`}
            >
              <input
                type="radio"
                name={`answer-${question.code}`}
                value={option.letter}
                checked={chosen === option.letter}
                onChange={() => session.choose(question.code, option.letter)}
                disabled={session.ending !== null}
                aria-label={`${m.test_option_label({ letter: option.letter })}: ${option.image.alt[locale]}`}
              />
              <span className="test-letter" aria-hidden="true">
                {option.letter}
              </span>
              <img
                src={option.image.url}
                width={option.image.width}
                height={option.image.height}
                alt=""
                loading="eager"
              />
            </label>
          ))}
        </fieldset>
      </div>

      <footer className="test-nav">
        <button
          type="button"
          className="button button-ghost"
          onClick={() => go(position - 1)}
          disabled={position === 0}
        >
          {m.test_previous()}
        </button>
        <p
          className="test-save"
          aria-live="polite"
          data-testid="save-state"
          data-state={session.saveState}
        >
          {session.saveState === "offline"
            ? m.test_offline()
            : session.saveState === "saving"
              ? m.test_saving()
              : answeredCount > 0
                ? m.test_saved()
                : ""}
        </p>
        {isLast ? (
          <button
            type="button"
            className="button button-primary"
            onClick={send}
            disabled={session.sending || session.ending !== null}
            aria-busy={session.sending}
            data-testid="send"
          >
            {session.sending ? m.test_sending() : m.test_send()}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={() => go(position + 1)}
            data-testid="next"
          >
            {m.test_next()}
          </button>
        )}
      </footer>
      <p className="test-keys">{m.test_keyboard_hint()}</p>

      {picker ? (
        <QuestionPicker
          answers={session.answers}
          current={position}
          onPick={(index) => {
            setPicker(false);
            go(index);
          }}
          onClose={() => setPicker(false)}
        />
      ) : null}
      {unanswered ? (
        <UnansweredDialog
          missing={unanswered}
          onSend={() => {
            setUnanswered(null);
            void session.finish();
          }}
          onPick={() => {
            const [first] = unanswered;
            setUnanswered(null);
            if (unanswered.length === 1 && first !== undefined) go(first);
            else setPicker(true);
          }}
          onClose={() => setUnanswered(null)}
        />
      ) : null}
      {session.ending === "timeUp" || session.ending === "finished" ? (
        <EndDialog kind={session.ending} busy={session.sending} onSeeResult={seeResult} />
      ) : null}
    </section>
  );
}

function Rejected({ onRedo }: { onRedo(): void }) {
  return (
    <section className="account-page container" data-testid="test-rejected">
      <span className="account-page-icon tone-warning">
        <AlertIcon width={30} height={30} />
      </span>
      <h1 className="account-page-title">{m.test_rejected_title()}</h1>
      <p className="account-page-text">{m.test_rejected_text()}</p>
      <div className="account-page-actions">
        <button type="button" className="button button-primary" onClick={onRedo}>
          {m.test_rejected_button()}
        </button>
      </div>
    </section>
  );
}
