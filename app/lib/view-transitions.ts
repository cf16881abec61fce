/**
 * React Router animates navigations with view transitions (`viewTransition` on our links)
 * and drops the transition object it starts. When a navigation interrupts another (a quick
 * Back, a second click), the browser skips the pending transition and rejects its promises
 * with an AbortError that nobody handles: an "Uncaught (in promise)" in every visitor's
 * console for a navigation that worked. This gives every transition's promises a handler
 * that lets those lifecycle aborts go and reports anything else as before.
 */
export function handleSkippedViewTransitions(document: Document, report: (error: unknown) => void) {
  const start = document.startViewTransition?.bind(document);
  if (!start) return;
  const expected = (error: unknown) =>
    error instanceof DOMException && ["AbortError", "InvalidStateError"].includes(error.name);
  document.startViewTransition = ((...args: Parameters<typeof start>) => {
    const transition = start(...args);
    for (const settled of [transition.ready, transition.finished, transition.updateCallbackDone]) {
      settled.catch((error: unknown) => {
        if (!expected(error)) report(error);
      });
    }
    return transition;
  }) as typeof document.startViewTransition;
}
