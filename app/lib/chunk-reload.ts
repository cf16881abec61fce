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

/** Reloads the page unless it already did so in the last 10 seconds. */
export function reloadAfterChunkError(
  storage: Storage,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(storageKey));
  if (!mayReloadAfterChunkError(Number.isFinite(last) && last > 0 ? last : null, now)) return false;
  storage.setItem(storageKey, String(now));
  reload();
  return true;
}
