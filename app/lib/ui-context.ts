import { createContext, useCallback, useContext } from "react";
import type { ApiErrorBody, SignedInUser } from "../../core/accounts/account";
import * as m from "../../core/paraglide/messages";
import { type ErrorPlan, planApiError } from "./api";

/** The site-wide UI services mounted once in the root layout (components/ui-provider.tsx). */

export type ToastTone = "error" | "success" | "info";

export interface ToastInput {
  tone: ToastTone;
  title?: string;
  message: string;
}

export interface ErrorModalRequest {
  /** errors_modal_<key>_{title,subtitle,caption,button} */
  key: string;
  status: number;
  /** 403, 404 and 409: the button leads to the localized home (spec section 2). */
  goHome?: boolean;
  /** The button's action, chosen by the caller (e.g. 402's 'Go to Payment Page'); the modal then closes. */
  onAction?: () => void;
  /** 503's 'Try Again': the failed request again; without it (and onAction) the page reloads. */
  retry?: () => void;
}

export type AuthView = "login" | "signUp" | "forgotPassword";

/** The login/sign-up modal's inputs and outputs (spec section 2). */
export interface AuthModalOptions {
  isLogin?: boolean;
  /** Opens straight on a view (e.g. forgotPassword from an expired reset link). */
  view?: AuthView;
  /** Same-site path to go to after signing in; checked with isSafeReturnUrl. */
  returnUrl?: string;
  description?: string;
  /** Shows the promotional sale image of the page's language. */
  img?: boolean;
  onSignIn?: (user: SignedInUser) => void;
  onSignUp?: (user: SignedInUser) => void;
}

/** The toast that greets someone who just signed in or up (the modal, the Register page). */
export function welcomeToast(kind: "signin" | "signup", user: SignedInUser): ToastInput {
  return {
    tone: "success",
    title: m.toast_welcome({ name: user.name.split(/\s+/)[0] ?? user.name }),
    message: kind === "signin" ? m.toast_signed_in() : m.toast_account_created(),
  };
}

export interface Ui {
  notify(toast: ToastInput): void;
  showError(request: ErrorModalRequest): void;
  openAuth(options?: AuthModalOptions): void;
  /** A modal dialog registers itself so toasts render inside the top layer, above it. */
  registerDialog(element: HTMLElement): () => void;
}

export const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useUi() outside <UiProvider>");
  return ui;
}

/** A form the shared error handling can put server field messages on. */
export interface ErrorTargetForm {
  fields: readonly string[];
  setServerErrors(fields: Record<string, string[]>): void;
}

export interface HandleErrorOptions {
  form?: ErrorTargetForm;
  /** The error modal button's action (besides the home of 403/404/409). */
  onAction?: () => void;
  /** Sends the failed request again: 503's 'Try Again' (errorModalButton in api.ts). */
  retry?: () => void;
}

/** The shared handling of an API error (spec section 8), wired to the toasts and modals. */
export function useApiErrorHandler() {
  const ui = useUi();
  return useCallback(
    (error: ApiErrorBody, options: HandleErrorOptions = {}): ErrorPlan => {
      const plan = planApiError(error, options.form?.fields);
      if (plan.kind === "fields") {
        if (Object.keys(plan.fields).length > 0) options.form?.setServerErrors(plan.fields);
        for (const message of plan.toasts) ui.notify({ tone: "error", message });
      } else if (plan.kind === "login") {
        ui.openAuth({ isLogin: true, description: m.auth_login_required() });
      } else {
        ui.showError({
          key: plan.key,
          status: plan.status,
          goHome: plan.goHome,
          onAction: options.onAction,
          retry: options.retry,
        });
      }
      return plan;
    },
    [ui],
  );
}
