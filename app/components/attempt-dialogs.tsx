import { useId } from "react";
import type { Letter } from "../../core/items/questions";
import { questionCodes } from "../../core/items/questions";
import * as m from "../../core/paraglide/messages";
import { Dialog } from "./dialog";
import { AlertIcon, CheckCircleIcon, ClockIcon } from "./icons";

/** The attempt runner's dialogs: each a native modal (./dialog.tsx) it mounts while shown. */

/** Every question as a numbered cell, answered or not: a click goes to it. */
export function QuestionPicker({
  answers,
  current,
  onPick,
  onClose,
}: {
  answers: Record<string, Letter>;
  current: number;
  onPick(index: number): void;
  onClose(): void;
}) {
  const id = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={`${id}-title`}
      className="modal-test"
      data-testid="picker"
    >
      <div className="modal-panel test-dialog">
        <h2 className="test-dialog-title" id={`${id}-title`}>
          {m.test_picker_title()}
        </h2>
        <ol className="test-grid">
          {questionCodes.map((code, index) => {
            const answered = Boolean(answers[code]);
            const state =
              index === current
                ? m.test_picker_current()
                : answered
                  ? m.test_picker_answered()
                  : m.test_picker_unanswered();
            return (
              <li key={code}>
                <button
                  type="button"
                  className={`test-cell${answered ? " is-answered" : ""}${index === current ? " is-current" : ""}`}
                  onClick={() => onPick(index)}
                  aria-label={m.test_picker_question({ number: index + 1, state })}
                  aria-current={index === current ? "step" : undefined}
                >
                  {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" className="button button-ghost button-block" onClick={onClose}>
          {m.modal_close()}
        </button>
      </div>
    </Dialog>
  );
}

/** Sending with questions left blank: go to them, or send anyway. */
export function UnansweredDialog({
  missing,
  onSend,
  onPick,
  onClose,
}: {
  missing: number[];
  onSend(): void;
  onPick(): void;
  onClose(): void;
}) {
  const id = useId();
  const one = missing.length === 1;
  return (
    <Dialog
      onClose={onClose}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="modal-test"
      data-testid="unanswered"
    >
      <div className="modal-panel test-dialog">
        <span className="error-modal-icon tone-warning">
          <AlertIcon width={30} height={30} />
        </span>
        <h2 className="test-dialog-title" id={`${id}-title`}>
          {one
            ? m.test_unanswered_title_one()
            : m.test_unanswered_title_other({ count: missing.length })}
        </h2>
        <p className="test-dialog-text" id={`${id}-text`}>
          {one ? m.test_unanswered_text_one() : m.test_unanswered_text_other()}
        </p>
        <div className="test-dialog-actions">
          <button type="button" className="button button-primary" onClick={onPick}>
            {one ? m.test_unanswered_pick_one() : m.test_unanswered_pick_other()}
          </button>
          <button type="button" className="button button-ghost" onClick={onSend}>
            {m.test_unanswered_send()}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Time over, or sent: nothing more to answer; the result is one click away. */
export function EndDialog({
  kind,
  busy,
  onSeeResult,
}: {
  kind: "timeUp" | "finished";
  busy: boolean;
  onSeeResult(): void;
}) {
  const id = useId();
  const timeUp = kind === "timeUp";
  return (
    // Not dismissable: the test is over whatever the user does.
    <Dialog
      onClose={() => {}}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="modal-test"
      data-testid={timeUp ? "time-up" : "finished"}
    >
      <div className="modal-panel test-dialog">
        <span className={`error-modal-icon ${timeUp ? "tone-warning" : "tone-success"}`}>
          {timeUp ? (
            <ClockIcon width={30} height={30} />
          ) : (
            <CheckCircleIcon width={30} height={30} />
          )}
        </span>
        <h2 className="test-dialog-title" id={`${id}-title`}>
          {timeUp ? m.test_time_up_title() : m.test_finished_title()}
        </h2>
        <p className="test-dialog-text" id={`${id}-text`}>
          {timeUp ? m.test_time_up_text() : m.test_finished_text()}
        </p>
        <button
          type="button"
          className="button button-primary button-block"
          onClick={onSeeResult}
          disabled={busy}
          aria-busy={busy}
          data-testid="see-result"
        >
          {busy ? m.test_sending() : timeUp ? m.test_time_up_button() : m.test_finished_button()}
        </button>
      </div>
    </Dialog>
  );
}
