import { codeOnDemand } from "../lib/code-on-demand";

/**
 * The test screen's runner (the questions, the timer, the dialogs, the question bank),
 * downloaded when a test starts, not with the page's introduction
 * (docs/decisions/0028-first-load.md). The server renders a running test, and then the
 * client entry loads it before hydrating.
 */
export const attemptRunner = codeOnDemand({
  name: "The test screen",
  download: (): Promise<typeof import("./attempt-runner") | undefined> =>
    import("./attempt-runner"),
  pick: (module) => module.AttemptRunner,
  shownBy: "[data-testid=test-runner]",
});
