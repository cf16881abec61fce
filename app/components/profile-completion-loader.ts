import type { ComponentType } from "react";

/**
 * The profile-completion step's module, downloaded only when shown (it brings zod and the
 * form rules, ADR 0015). When the server already rendered it, the client entry loads it
 * before hydrating (`preloadProfileCompletion`), so hydration renders it at once: a lazy
 * boundary still waiting for its code when the page updates (a toast, the consent banner)
 * is thrown away and rendered again, and the step flickered (seen as two copies in CI).
 */
let loaded: ComponentType | null = null;

export function loadProfileCompletion(): Promise<{ default: ComponentType }> {
  return import("./profile-completion").then((module) => {
    loaded = module.default;
    return module;
  });
}

/** The component when its module is already here, else null (then it loads lazily). */
export function loadedProfileCompletion(): ComponentType | null {
  return loaded;
}

/** Before hydration: the step is on the page, so its code is fetched first. */
export async function preloadProfileCompletion(document: Document): Promise<void> {
  if (!document.querySelector("[data-testid=profile-completion]")) return;
  try {
    await loadProfileCompletion();
  } catch {
    // Left to the lazy boundary, which reports a failed download like any other.
  }
}
