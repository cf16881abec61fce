import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * The reader's time zone. The server does not know it and renders UTC; hydration switches
 * to the browser's zone without a mismatch (docs/decisions/0011-tests-list.md).
 */
export function useTimeZone(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
}

/** Whether the page has hydrated: what needs the browser (copying, sharing) waits for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
