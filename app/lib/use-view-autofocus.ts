import { type RefObject, useEffect } from "react";

/** Views focus their first field this long after they open (spec section 9). */
export const autofocusDelayMs = 100;

/**
 * Each time `view` changes (while `enabled`), focuses the `[data-autofocus]` element inside
 * `container` after `autofocusDelayMs`, unless someone is already typing in one of its fields.
 */
export function useViewAutofocus(
  container: RefObject<HTMLElement | null>,
  view: unknown,
  enabled = true,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new view refocuses
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      // Someone already typing in a field keeps their place.
      const active = document.activeElement;
      if (active instanceof HTMLInputElement && container.current?.contains(active)) return;
      container.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }, autofocusDelayMs);
    return () => clearTimeout(timer);
  }, [view, enabled]);
}
