import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isChunkLoadError, reloadAfterChunkError } from "../lib/chunk-reload";

/** Spec section 9: the build check runs every 60 minutes. */
export const buildCheckIntervalMs = 60 * 60 * 1000;

/**
 * Polls `builds/latest.json`; once a newer build is out, the next navigation is a
 * full page load. A failed chunk load of our own reloads the page (at most once per 10 s);
 * route modules, which React Router imports itself, are guarded in entry.client.tsx.
 */
export function BuildWatcher() {
  const location = useLocation();
  const outdated = useRef(false);
  const shownKey = useRef(location.key);

  useEffect(() => {
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
        if (!response.ok) return;
        const body: unknown = await response.json();
        const id =
          typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
        if (typeof id === "string" && id !== __BUILD_ID__) outdated.current = true;
      } catch {
        // Offline or mid-deploy: try again at the next tick.
      }
    };
    const timer = window.setInterval(check, buildCheckIntervalMs);

    const reload = () =>
      reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reload();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reload();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  useEffect(() => {
    if (location.key === shownKey.current) return;
    shownKey.current = location.key;
    // The app in this tab is older than the deployed one: load the new page for real.
    if (outdated.current) window.location.reload();
  }, [location.key]);

  return null;
}
