import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import type { SignedInUser } from "../../core/account";
import * as m from "../../core/paraglide/messages";
import { isSafeReturnUrl } from "../../core/return-url";
import { localizePath } from "../../core/route-table";
import { reloadAfterChunkError } from "../lib/chunk-reload";
import {
  type AuthModalOptions,
  type ErrorModalRequest,
  type ToastInput,
  type Ui,
  UiContext,
} from "../lib/ui-context";
import { useCurrentUser } from "../lib/use-current-user";
import { useLocale } from "../lib/use-locale";
import { ErrorModal } from "./error-modal";
import { type Toast, ToastViewport } from "./toasts";

type AuthModalComponent = typeof import("./auth-modal").AuthModal;
let authModalModule: Promise<AuthModalComponent> | undefined;

/**
 * The login/sign-up modal (and zod with its form rules) is downloaded apart from the
 * pages: when the browser is idle after a page loads, or at the latest when the modal is
 * first opened. A failed download is forgotten, so the next attempt fetches it again.
 */
function loadAuthModal(): Promise<AuthModalComponent> {
  authModalModule ??= import("./auth-modal").then(
    (module) => module.AuthModal,
    (error: unknown) => {
      authModalModule = undefined;
      throw error;
    },
  );
  return authModalModule;
}

/**
 * Mounted once by the root layout: the toasts, the error modal and the login/sign-up
 * modal, and the services (`useUi()`) that open them from anywhere.
 */
export function UiProvider({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const user = useCurrentUser();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [errorModal, setErrorModal] = useState<ErrorModalRequest | null>(null);
  const [auth, setAuth] = useState<{ key: number; options: AuthModalOptions } | null>(null);
  const [dialogs, setDialogs] = useState<HTMLElement[]>([]);
  const nextId = useRef(1);

  const notify = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const openAuth = useCallback(
    (options: AuthModalOptions = {}) => {
      // SECURITY.md 16: anything but a same-site path goes to the invalid-return-URL page.
      if (options.returnUrl !== undefined && !isSafeReturnUrl(options.returnUrl)) {
        setAuth(null);
        navigate(localizePath("invalidReturnUrl", locale));
        return;
      }
      setAuth({ key: nextId.current++, options });
    },
    [navigate, locale],
  );

  // A failed download of the modal is handled like a failed page chunk (spec section 9): a
  // new deploy replaced the file, so the page reloads, at most once in 10 seconds; past
  // that guard, the 503 modal's 'Try Again' opens the modal again.
  const AuthModal = useAuthModalComponent(auth !== null, () => {
    const options = auth?.options;
    setAuth(null);
    if (reloadAfterChunkError(window.sessionStorage, () => window.location.reload())) return;
    setErrorModal({ key: "503", status: 503, retry: () => openAuth(options) });
  });

  const registerDialog = useCallback((element: HTMLElement) => {
    setDialogs((list) => [...list, element]);
    return () => setDialogs((list) => list.filter((item) => item !== element));
  }, []);

  const ui = useMemo<Ui>(
    () => ({ notify, showError: setErrorModal, openAuth, registerDialog }),
    [notify, openAuth, registerDialog],
  );

  async function authenticated(
    options: AuthModalOptions,
    kind: "signin" | "signup",
    user: SignedInUser,
  ) {
    setAuth(null);
    notify({
      tone: "success",
      title: m.toast_welcome({ name: user.name.split(/\s+/)[0] ?? user.name }),
      message: kind === "signin" ? m.toast_signed_in() : m.toast_account_created(),
    });
    // The header (and any page data) now belongs to the signed-in user.
    await revalidator.revalidate();
    if (kind === "signin") options.onSignIn?.(user);
    else options.onSignUp?.(user);
    if (options.returnUrl) navigate(options.returnUrl);
  }

  useReturnUrlFromAddress(openAuth, user.isAuthenticated);

  return (
    <UiContext.Provider value={ui}>
      {children}
      {auth && AuthModal ? (
        <AuthModal
          key={auth.key}
          options={auth.options}
          onClose={() => setAuth(null)}
          onAuthenticated={(kind, user) => authenticated(auth.options, kind, user)}
        />
      ) : null}
      {errorModal ? <ErrorModal request={errorModal} onClose={() => setErrorModal(null)} /> : null}
      <ToastViewport toasts={toasts} host={dialogs.at(-1) ?? null} onDismiss={dismiss} />
    </UiContext.Provider>
  );
}

/**
 * `?returnUrl=/path` on any page (where private pages send anonymous visitors) opens the
 * login modal (with the promotional image: this visitor wants something behind an
 * account), which leads there after signing in; an unsafe one goes to the
 * invalid-return-URL page.
 */
function useReturnUrlFromAddress(
  openAuth: (options: AuthModalOptions) => void,
  isAuthenticated: boolean,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const locale = useLocale();
  const returnUrl = searchParams.get("returnUrl");
  useEffect(() => {
    if (returnUrl === null) return;
    if (!isSafeReturnUrl(returnUrl)) {
      navigate(localizePath("invalidReturnUrl", locale), { replace: true });
    } else if (isAuthenticated) {
      navigate(returnUrl, { replace: true });
    } else {
      setSearchParams(
        (params) => {
          params.delete("returnUrl");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
      openAuth({ isLogin: true, returnUrl, description: m.auth_login_required(), img: true });
    }
  }, [returnUrl, isAuthenticated, locale, openAuth, navigate, setSearchParams]);
}

/**
 * The modal's component once downloaded: fetched when the browser is idle after the page
 * loads, or as soon as the modal is wanted. `onFailed` runs when it is wanted and the
 * download fails.
 */
function useAuthModalComponent(wanted: boolean, onFailed: () => void): AuthModalComponent | null {
  const [component, setComponent] = useState<{ AuthModal: AuthModalComponent } | null>(null);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    const prefetch = () => {
      loadAuthModal().then(
        (AuthModal) => setComponent({ AuthModal }),
        () => undefined, // fetched again when the modal is opened
      );
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 1500);
    return () => clearTimeout(id);
  }, []);

  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    loadAuthModal().then(
      (AuthModal) => {
        if (current) setComponent({ AuthModal });
      },
      () => {
        if (current) failed.current();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, component]);

  return component?.AuthModal ?? null;
}
