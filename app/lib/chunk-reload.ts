/** At most one automatic reload per 10 seconds after a failed chunk load (spec section 9). */
export const reloadGuardMs = 10_000;
const storageKey = "chunk-reload-at";

export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= reloadGuardMs;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch dynamically imported/i.test(
    message,
  );
}

/**
 * Claims the reload slot: true (and the time is recorded, in `sessionStorage` so it
 * survives the reload) unless a chunk error already reloaded the tab in the last 10 s.
 */
export function claimChunkReload(storage: Storage, now = Date.now()): boolean {
  const last = Number(storage.getItem(storageKey));
  if (!mayReloadAfterChunkError(Number.isFinite(last) && last > 0 ? last : null, now)) return false;
  storage.setItem(storageKey, String(now));
  return true;
}

/** Reloads the page unless it already did so in the last 10 seconds. */
export function reloadAfterChunkError(
  storage: Storage,
  reload: () => void,
  now = Date.now(),
): boolean {
  if (!claimChunkReload(storage, now)) return false;
  reload();
  return true;
}

/**
 * After a file of ours failed to download: reloads the page unless a failed chunk already
 * did in the last 10 seconds. False when it does not (then the caller shows the 503 modal).
 */
export function reloadPageOnce(): boolean {
  try {
    return reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
  } catch {
    return false; // storage is blocked: no guard, so no automatic reload
  }
}

/** What React Router 8 logs right before it reloads the page (lib/dom/ssr/routeModules.ts). */
const routeModuleFailure = /^Error loading route module `(.*)`, reloading page/;

/** Thrown instead of React Router's reload; the route's error boundary shows it. */
export class RouteModuleLoadError extends Error {
  override name = "RouteModuleLoadError";
}

/**
 * React Router catches a failed route-module import itself (`loadRouteModule`): it logs
 * "Error loading route module `…`, reloading page..." and calls `location.reload()` with
 * no guard, so the app's own chunk-error listeners never hear of it and a chunk that
 * keeps failing reloads the tab on every navigation (or forever, when the page
 * navigates by itself). `location.reload` cannot be replaced (it is unforgeable), and
 * that log line is the only code of ours that runs between the failure and the reload:
 * when the 10-second guard refuses, it throws, so the reload is never reached and the
 * navigation fails into the error boundary instead (docs/decisions/0005).
 */
export function guardRouteModuleReloads(target: Pick<Console, "error">, storage: Storage): void {
  const original = target.error;
  target.error = function error(...args: unknown[]) {
    original.apply(this, args);
    const failed = typeof args[0] === "string" ? routeModuleFailure.exec(args[0]) : null;
    if (failed && !claimChunkReload(storage)) {
      throw new RouteModuleLoadError(`Route module ${failed[1]} failed to load again within 10 s`);
    }
  };
}
