import { useState } from "react";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { ReviewBody } from "../../core/report/api";
import { apiFetch } from "../lib/api";
import { useHydrated } from "../lib/use-time-zone";

type Loaded = Extract<ReviewBody, { available: true }>["items"];

/**
 * Your answers, explained (issue 29.2): the buyer's own 40 items, each with their answer, the
 * right one and the worked explanation written from the item's rule, loaded when asked for
 * (40 items and their images are more than the report needs at first). Right and wrong are
 * said in words, not only in colour.
 */
export function AnswerReview({ attemptId, locale }: { attemptId: string; locale: Locale }) {
  const [state, setState] = useState<
    { kind: "idle" | "loading" | "error" } | { kind: "shared" } | { kind: "ready"; items: Loaded }
  >({ kind: "idle" });
  // The button works once the page has hydrated; before, it waits disabled.
  const hydrated = useHydrated();

  async function load() {
    setState({ kind: "loading" });
    const result = await apiFetch<ReviewBody>(`/api/tests/${attemptId}/review`, { locale });
    if (!result.ok) setState({ kind: "error" });
    else if (!result.data.available) setState({ kind: "shared" });
    else setState({ kind: "ready", items: result.data.items });
  }

  return (
    <section
      className="report-review"
      aria-labelledby="report-review-title"
      data-testid="answer-review"
    >
      <h2 id="report-review-title" className="report-section-title">
        {m.review_title()}
      </h2>
      <p className="report-text">{m.review_text()}</p>
      {state.kind === "idle" || state.kind === "loading" || state.kind === "error" ? (
        <>
          {state.kind === "error" ? (
            <p className="notice" role="alert">
              {m.review_error()}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            onClick={load}
            disabled={!hydrated || state.kind === "loading"}
            aria-busy={state.kind === "loading"}
            data-testid="review-show"
          >
            {state.kind === "loading" ? m.review_loading() : m.review_show()}
          </button>
        </>
      ) : null}
      {state.kind === "shared" ? (
        <p className="notice" data-testid="review-shared">
          {m.review_shared_bank()}
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <ol className="review-list" data-testid="review-list">
          {state.items.map((item) => (
            <ReviewItem key={item.code} item={item} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function ReviewItem({ item }: { item: Loaded[number] }) {
  const outcome = item.chosen === null ? "none" : item.chosen === item.key ? "right" : "wrong";
  return (
    <li className={`review-item is-${outcome}`} data-testid="review-item" data-outcome={outcome}>
      <h3 className="review-item-title">
        <span className="review-code">{item.code}</span> {item.title}
      </h3>
      <img
        className="review-question"
        src={item.image.url}
        width={item.image.width}
        height={item.image.height}
        alt={item.image.alt}
        loading="lazy"
      />
      <ul className="review-options">
        {item.options.map((option) => {
          const marks = [
            option.letter === item.key ? m.review_right_answer() : null,
            option.letter === item.chosen ? m.review_your_answer() : null,
          ].filter(Boolean);
          return (
            <li
              key={option.letter}
              className={`review-option${option.letter === item.key ? " is-key" : ""}${option.letter === item.chosen ? " is-chosen" : ""}`}
            >
              <span className="review-letter">{option.letter}</span>
              <img
                src={option.image.url}
                width={option.image.width}
                height={option.image.height}
                alt={option.image.alt}
                loading="lazy"
              />
              {marks.length > 0 ? <span className="review-mark">{marks.join(" · ")}</span> : null}
            </li>
          );
        })}
      </ul>
      <p className="review-outcome">
        {outcome === "right"
          ? m.review_outcome_right({ letter: item.key })
          : outcome === "wrong"
            ? m.review_outcome_wrong({ chosen: item.chosen ?? "", letter: item.key })
            : m.review_outcome_none({ letter: item.key })}
      </p>
      <p className="review-explanation" data-testid="review-explanation">
        {item.explanation}
      </p>
    </li>
  );
}
