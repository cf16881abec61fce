import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import type { SignedInUser } from "../../core/accounts/account";
import { isSafeReturnUrl } from "../../core/accounts/return-url";
import * as m from "../../core/paraglide/messages";
import { localizePath, matchScreen } from "../../core/web/route-table";
import { reloadPageOnce } from "../lib/chunk-reload";
import {
  type AuthModalOptions,
  type ErrorModalRequest,
  type ToastInput,
  type Ui,
  UiContext,
  welcomeToast,
} from "../lib/ui-context";
import { useCurrentUser } from "../lib/use-current-user";
import { useLocale } from "../lib/use-locale";
import { Dialog } from "./dialog";
import { ErrorModal } from "./error-modal";
import { type Toast, ToastViewport } from "./toasts";

type AuthModalComponent = typeof import("./auth-modal").AuthModal;
let authModalModule: Promise<AuthModalComponent> | undefined;

/**
 * The login/sign-up modal (and zod with its form rules) is downloaded apart from the
 * pages, the first time it opens (ADR 0015). A failed download rejects, and is forgotten
 * so a later opening tries again. When it fails, the build watcher's `vite:preloadError`
 * handler may already have reloaded the page; it swallows the error, and the import then
 * resolves to nothing, which counts as a failure too.
 */
function loadAuthModal(): Promise<AuthModalComponent> {
  if (!authModalModule) {
    const download: Promise<typeof import("./auth-modal") | undefined> = import("./auth-modal");
    const loaded = download.then((module) => {
      if (!module) throw new Error("The login modal failed to load");
      return module.AuthModal;
    });
    loaded.catch(() => {
      authModalModule = undefined;
    });
    authModalModule = loaded;
  }
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
  // new deploy replaced the file, so the page reloads, at most once in 10 seconds. Past
  // that guard, the 503 modal's 'Try Again' reloads the page: the browser remembers a
  // module that failed to load, so only a new page can fetch it again.
  const { AuthModal, loading } = useAuthModalComponent(auth !== null, () => {
    setAuth(null);
    if (reloadPageOnce()) return;
    setErrorModal({ key: "503", status: 503 });
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
    notify(welcomeToast(kind, user));
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
      {auth && loading ? <AuthModalLoading onClose={() => setAuth(null)} /> : null}
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
  const location = useLocation();
  // The Register page reads its own returnUrl: it is where its sign-up leads.
  const onRegisterPage = matchScreen(location.pathname)?.screen === "register";
  const returnUrl = onRegisterPage ? null : searchParams.get("returnUrl");
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
 * The modal's component, downloaded when it is first wanted. `onFailed` runs when that
 * download fails; `loading` is true while it has taken longer than 200 ms, to show a
 * spinner instead of a button that seems to do nothing.
 */
function useAuthModalComponent(
  wanted: boolean,
  onFailed: () => void,
): { AuthModal: AuthModalComponent | null; loading: boolean } {
  const [component, setComponent] = useState<{ AuthModal: AuthModalComponent } | null>(null);
  const [slow, setSlow] = useState(false);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    const timer = setTimeout(() => setSlow(true), 200);
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
      clearTimeout(timer);
      setSlow(false);
    };
  }, [wanted, component]);

  return { AuthModal: component?.AuthModal ?? null, loading: wanted && !component && slow };
}

/** Shown while the login modal downloads on a slow connection. */
function AuthModalLoading({ onClose }: { onClose(): void }) {
  const id = useId();
  return (
    <Dialog onClose={onClose} labelledBy={id} data-testid="auth-modal-loading">
      <div className="modal-panel auth-modal-loading" role="status">
        <span className="spinner spinner-large" aria-hidden="true" />
        <p id={id}>{m.modal_opening()}</p>
      </div>
    </Dialog>
  );
}
