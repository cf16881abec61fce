import { useCallback, useSyncExternalStore } from "react";

/** Whether a media query matches; `serverValue` during the server render and hydration. */
export function useMediaQuery(query: string, serverValue = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Auth forms use size xs below 400 px, otherwise md (spec section 9). */
export function useAuthFieldSize(): "xs" | "md" {
  return useMediaQuery("(min-width: 400px)") ? "md" : "xs";
}
