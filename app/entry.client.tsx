import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadProfileCompletion } from "./components/profile-completion-loader";
import { guardRouteModuleReloads } from "./lib/chunk-reload";

// React Router's default client entry, plus the 10-second guard on its reload after a
// route module fails to load (spec section 9), installed before the router can navigate.
try {
  guardRouteModuleReloads(console, window.sessionStorage);
} catch {
  // Storage is blocked: React Router's own unguarded reload stays in charge.
}

// A page showing the profile-completion step hydrates once its code is here
// (components/profile-completion-loader.ts); every other page hydrates at once.
void preloadProfileCompletion(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
