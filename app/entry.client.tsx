import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydratingEvent } from "../core/web/hydrate-on-intent";
import { attemptRunner } from "./components/attempt-runner-loader";
import { profileCompletion } from "./components/profile-completion-loader";
import { guardRouteModuleReloads } from "./lib/chunk-reload";
import { handleSkippedViewTransitions } from "./lib/view-transitions";

// React Router's default client entry, plus the 10-second guard on its reload after a
// route module fails to load (spec section 9), installed before the router can navigate.
try {
  guardRouteModuleReloads(console, window.sessionStorage);
} catch {
  // Storage is blocked: React Router's own unguarded reload stays in charge.
}

// A navigation that interrupts another skips its view transition: no console error for that.
handleSkippedViewTransitions(document, (error) => window.reportError(error));

// A page showing the profile-completion step or a running test hydrates once that code is
// here (lib/code-on-demand.ts); every other page hydrates at once.
void Promise.all([profileCompletion.preload(document), attemptRunner.preload(document)]).then(
  () => {
    // A page that hydrates on intent takes its marks off a held control first: React must find
    // the server's attributes (core/web/hydrate-on-intent.ts).
    document.dispatchEvent(new Event(hydratingEvent));
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
);
