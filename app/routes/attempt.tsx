import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { RunningAttempt } from "../../core/attempts/attempt";
import * as m from "../../core/paraglide/messages";
import { localizePath } from "../../core/web/route-table";
import { attemptRunner } from "../components/attempt-runner-loader";
import { ArrowLeftIcon, ClockIcon, ListIcon, ShieldIcon } from "../components/icons";
import { OnDemand } from "../components/on-demand";
import { apiFetch } from "../lib/api";
import { loadFromApi } from "../lib/api-loader.server";
import { readAttemptPosition } from "../lib/attempt-position";
import { reloadPageOnce } from "../lib/chunk-reload";
import { screenMeta } from "../lib/seo";
import { useApiErrorHandler, useUi } from "../lib/ui-context";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/attempt";

type LoaderData =
  | { current: RunningAttempt; position: number | null }
  | { current: null; position: null };

/** The browser's test in progress, if any: a reload resumes it where it was. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const cookies = request.headers.get("Cookie");
  return loadFromApi(context, {
    path: "/api/tests/current",
    ok: async (current: RunningAttempt): Promise<LoaderData> => {
      // The server renders the running test at once: the runner's module comes first.
      await attemptRunner.load();
      return {
        current,
        position: readAttemptPosition(cookies, current.id, current.questions.length),
      };
    },
    // None running: the page introduces the test, with a 200.
    expected: [{ status: 404, page: { current: null, position: null }, pageStatus: 200 }],
  });
}

/** A test in progress is personal and changes with every answer: never cached. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The loader must run again after each navigation here (a new attempt, a resumed one). */
export function shouldRevalidate() {
  return true;
}

export const meta = screenMeta("test", m.page_test_meta_title, m.page_test_meta_description);

/** The rules said before the test starts, each with its icon. */
const introRules = [
  { rule: "questions", Icon: ListIcon, text: m.test_intro_rule_questions },
  { rule: "time", Icon: ClockIcon, text: m.test_intro_rule_time },
  { rule: "saved", Icon: ShieldIcon, text: m.test_intro_rule_saved },
  { rule: "skip", Icon: ArrowLeftIcon, text: m.test_intro_rule_skip },
] as const;

export default function Attempt({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const navigate = useNavigate();
  const ui = useUi();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useState<RunningAttempt | null>(loaderData.current);
  const [starting, setStarting] = useState(false);

  const start = useCallback(
    async (restart: boolean) => {
      setStarting(true);
      // The runner's code downloads beside the request that starts the test. A failed
      // download is handled like the login modal's (ADR 0015): one reload, else the 503 modal.
      const [result, runner] = await Promise.all([
        apiFetch<RunningAttempt>("/api/tests", { method: "POST", json: { restart }, locale }),
        attemptRunner.load().catch(() => null),
      ]);
      setStarting(false);
      if (!runner) {
        if (!reloadPageOnce()) ui.showError({ key: "503", status: 503 });
      } else if (result.ok) setState(result.data);
      else handleApiError(result.error, { onAction: () => start(restart) });
    },
    [locale, handleApiError, ui],
  );

  if (state) {
    // The server and a first load have the runner's code; after a client-side navigation
    // that finds a test running, it downloads while a spinner shows.
    return (
      <OnDemand
        // A new attempt is a new runner: nothing of the previous one carries over.
        key={state.id}
        code={attemptRunner}
        fallback={<RunnerLoading />}
        props={{
          state,
          initialPosition: state.id === loaderData.current?.id ? loaderData.position : null,
          onRedo: () => start(true),
          onResult: (path: string) => navigate(path),
          resultPath: localizePath("result", locale, { id: state.id }),
        }}
      />
    );
  }

  return (
    <section className="test-intro container" data-testid="test-intro">
      <p className="eyebrow">{m.test_intro_eyebrow()}</p>
      <h1 className="test-intro-title">{m.test_intro_title()}</h1>
      <p className="test-intro-text">{m.test_intro_text()}</p>
      <ul className="test-intro-rules">
        {introRules.map(({ rule, Icon, text }) => (
          <li key={rule}>
            <Icon width={20} height={20} />
            <span>{text()}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => start(false)}
        disabled={starting}
        aria-busy={starting}
        data-testid="start-test"
      >
        {m.test_intro_start()}
      </button>
      <p className="test-intro-note">{m.test_intro_note()}</p>
    </section>
  );
}

/** Shown only while the runner's code is still on its way. */
function RunnerLoading() {
  return (
    <section className="test-intro container" aria-busy="true">
      <span className="spinner spinner-large" aria-hidden="true" />
    </section>
  );
}
