import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { guardRouteModuleReloads } from "./lib/chunk-reload";

// React Router's default client entry, plus the 10-second guard on its reload after a
// route module fails to load (spec section 9), installed before the router can navigate.
try {
  guardRouteModuleReloads(console, window.sessionStorage);
} catch {
  // Storage is blocked: React Router's own unguarded reload stays in charge.
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
