import type { ComponentType } from "react";
import { codeOnDemand } from "../lib/code-on-demand";

/**
 * The profile-completion step's module, downloaded only when shown: it brings zod and the
 * form rules (ADR 0015). The server renders it in the error boundary of a page that needs
 * a date of birth, and then the client entry loads it before hydrating.
 */
export const profileCompletion = codeOnDemand({
  name: "The profile-completion step",
  download: (): Promise<{ default: ComponentType } | undefined> => import("./profile-completion"),
  pick: (module) => module.default,
  shownBy: "[data-testid=profile-completion]",
});
