import { useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { SignedInUser } from "../../core/accounts/account";
import {
  forgotPasswordSchema,
  isSafeReturnUrl,
  signInSchema,
} from "../../core/accounts/account-rules";
import {
  type SaleImageKind,
  saleImageDesktopMedia,
  saleImageSizes,
  saleImageSlot,
} from "../../core/content/sale-images";
import { saleImageFiles } from "../../core/content/sale-images.generated";
import { type Locale, localeInfo } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { localizePath, matchScreen, screens } from "../../core/web/route-table";
import { apiFetch } from "../lib/api";
import { AppLink } from "../lib/app-link";
import { type AuthModalOptions, useApiErrorHandler, useUi } from "../lib/ui-context";
import { useFormSubmit } from "../lib/use-form-submit";
import { useLocale } from "../lib/use-locale";
import { useAuthFieldSize } from "../lib/use-media-query";
import { useViewAutofocus } from "../lib/use-view-autofocus";
import { useZodForm } from "../lib/use-zod-form";
import { Dialog, DialogCloseButton } from "./dialog";
import { ArrowLeftIcon, CheckCircleIcon, GoogleIcon } from "./icons";
import { LogoMark } from "./logo";
import { Divider, googleSignInHref, SignUpView } from "./sign-up-view";
import { EmailField, PasswordField, SubmitButton } from "./text-field";

/** The modal's states (spec section 4); login and signUp are its two toggled views. */
type View = "login" | "signUp" | "forgotPassword" | "loading" | "success";

interface AuthResponse {
  user: SignedInUser;
  returnUrl?: string;
}

export function AuthModal({
  options,
  onClose,
  onAuthenticated,
}: {
  options: AuthModalOptions;
  onClose(): void;
  onAuthenticated(kind: "signin" | "signup", user: SignedInUser): void;
}) {
  const locale = useLocale();
  const location = useLocation();
  const size = useAuthFieldSize();
  const ui = useUi();
  const handleApiError = useApiErrorHandler();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(
    options.view ?? (options.isLogin === false ? "signUp" : "login"),
  );

  const here = location.pathname + location.search;
  const returnPath =
    options.returnUrl ?? (isSafeReturnUrl(here) ? here : localizePath("home", locale));

  const loginForm = useZodForm({
    fields: ["email", "password"] as const,
    schema: () => signInSchema,
    locale,
  });
  const forgotForm = useZodForm({
    fields: ["email"] as const,
    schema: () => forgotPasswordSchema,
    locale,
  });

  useViewAutofocus(panel, view);

  const signIn = useFormSubmit(
    loginForm,
    () =>
      apiFetch<AuthResponse>(`/api/accounts/login?returnUrl=${encodeURIComponent(returnPath)}`, {
        method: "POST",
        json: { ...loginForm.values, rememberMe: false },
        locale,
      }),
    (data) => onAuthenticated("signin", data.user),
  );

  async function sendForgot(event: React.FormEvent) {
    event.preventDefault();
    if (!forgotForm.validate()) return;
    setView("loading");
    const result = await apiFetch("/api/accounts/forgot-password", {
      method: "POST",
      json: forgotForm.values,
      locale,
      i18nHeader: true,
    });
    if (result.ok) {
      forgotForm.reset();
      setView("success");
      return;
    }
    // The old product showed success after any answer; a failure keeps the form and says so.
    setView("forgotPassword");
    if (Object.keys(result.error.fields ?? {}).length > 0) {
      handleApiError(result.error, { form: forgotForm });
    } else {
      ui.notify({
        tone: "error",
        message: result.status === 429 ? m.auth_too_many_attempts() : m.toast_request_failed(),
      });
    }
  }

  function show(next: View) {
    setView(next);
  }

  const googleHref = googleSignInHref(returnPath);
  // The Register page is the same view on its own page; the modal offers it, except on it.
  const registerPage =
    screens.register.page && matchScreen(location.pathname)?.screen !== "register";
  const heading = headings[view]();
  const showDescription = options.description && (view === "login" || view === "signUp");

  return (
    <Dialog
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-subtitle`}
      className={options.img ? "modal-auth modal-auth-promo" : "modal-auth"}
      data-testid="auth-modal"
    >
      <div className="modal-panel auth-panel" ref={panel} data-view={view}>
        <DialogCloseButton label={m.modal_close()} onClose={onClose} />
        {options.img ? <SaleImage locale={locale} alt={m.modal_promo_alt()} /> : null}
        <div className="auth-content">
          <header className="auth-head">
            <LogoMark />
            <h2 className="auth-title" id={`${id}-title`}>
              {heading.title}
            </h2>
            <p className="auth-subtitle" id={`${id}-subtitle`}>
              {heading.subtitle}
            </p>
            {showDescription ? (
              <p className="auth-description" data-testid="auth-description">
                {options.description}
              </p>
            ) : null}
          </header>

          {view === "login" ? (
            <>
              <a className={`button button-google button-block button-${size}`} href={googleHref}>
                <GoogleIcon />
                <span>{m.modal_google_login()}</span>
              </a>
              <Divider />
              <form className="auth-form" noValidate onSubmit={signIn.submit}>
                <EmailField form={loginForm} size={size} autoFocusTarget />
                <PasswordField
                  form={loginForm}
                  current
                  label={m.modal_password_label()}
                  size={size}
                />
                <button
                  type="button"
                  className="link-button auth-forgot"
                  onClick={() => show("forgotPassword")}
                >
                  {m.modal_forgot_link()}
                </button>
                <SubmitButton busy={signIn.busy} size={size}>
                  {m.modal_login_submit()}
                </SubmitButton>
              </form>
              <p className="auth-switch">
                {m.modal_switch_to_signup_prompt()}{" "}
                <button type="button" className="link-button" onClick={() => show("signUp")}>
                  {m.modal_switch_to_signup()}
                </button>
              </p>
            </>
          ) : null}

          {view === "signUp" ? (
            <SignUpView
              returnPath={returnPath}
              size={size}
              onSignedUp={(user) => onAuthenticated("signup", user)}
              onSwitchToLogin={() => show("login")}
              footer={
                registerPage ? (
                  <p className="auth-switch auth-page-link">
                    <AppLink
                      screen="register"
                      locale={locale}
                      search={`?returnUrl=${encodeURIComponent(returnPath)}`}
                      onClick={onClose}
                      data-testid="register-page-link"
                    >
                      {m.register_open_as_page()}
                    </AppLink>
                  </p>
                ) : null
              }
            />
          ) : null}

          {view === "forgotPassword" ? (
            <form className="auth-form" noValidate onSubmit={sendForgot}>
              <EmailField form={forgotForm} size={size} autoFocusTarget />
              <div className="auth-actions">
                <button
                  type="button"
                  className={`button button-ghost button-${size}`}
                  onClick={() => {
                    forgotForm.reset();
                    show("login");
                  }}
                >
                  <ArrowLeftIcon width={18} height={18} />
                  <span>{m.modal_back()}</span>
                </button>
                <button type="submit" className={`button button-primary button-${size}`}>
                  {m.modal_forgot_submit()}
                </button>
              </div>
            </form>
          ) : null}

          {view === "loading" ? (
            <div className="auth-loading" role="status" tabIndex={-1} data-autofocus="">
              <span className="spinner spinner-large" aria-hidden="true" />
              <p>{m.modal_loading()}</p>
            </div>
          ) : null}

          {view === "success" ? (
            <div className="auth-success">
              <span className="auth-success-icon">
                <CheckCircleIcon width={34} height={34} />
              </span>
              <button
                type="button"
                className={`button button-primary button-block button-${size}`}
                onClick={() => show("login")}
                data-autofocus=""
              >
                {m.modal_back_to_login()}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

const headings: Record<View, () => { title: string; subtitle: string }> = {
  login: () => ({ title: m.modal_login_title(), subtitle: m.modal_login_subtitle() }),
  signUp: () => ({ title: m.modal_signup_title(), subtitle: m.modal_signup_subtitle() }),
  forgotPassword: () => ({ title: m.modal_forgot_title(), subtitle: m.modal_forgot_subtitle() }),
  loading: () => ({ title: m.modal_forgot_title(), subtitle: m.modal_forgot_subtitle() }),
  success: () => ({ title: m.auth_request_sent(), subtitle: m.modal_success_text() }),
};

const webpSrcSet = (locale: Locale, kind: SaleImageKind) =>
  saleImageFiles[locale][kind].map((file) => `${file.url} ${file.width}w`).join(", ");

/**
 * The promotional image (ADR 0014): art-directed (the tall desktop design beside the form
 * from 768 px, the wide mobile one above it below that), WebP at the widths of spec
 * section 9 with the spec's JPEGs as the fallback. Each source states its design's width and
 * height, so the box is reserved before any byte arrives. Eager: the image only exists in
 * an open modal, so it is always in view.
 */
function SaleImage({ locale, alt }: { locale: Locale; alt: string }) {
  const prefix = localeInfo[locale].prefix;
  const { desktop, mobile } = saleImageSizes;
  return (
    <picture className="auth-promo">
      <source
        type="image/webp"
        media={saleImageDesktopMedia}
        srcSet={webpSrcSet(locale, "desktop")}
        sizes={saleImageSlot.desktop}
        width={desktop.width}
        height={desktop.height}
      />
      <source
        media={saleImageDesktopMedia}
        srcSet={`${prefix}/sale-images/desktop.jpg`}
        width={desktop.width}
        height={desktop.height}
      />
      <source
        type="image/webp"
        srcSet={webpSrcSet(locale, "mobile")}
        sizes={saleImageSlot.mobile}
        width={mobile.width}
        height={mobile.height}
      />
      <img
        src={`${prefix}/sale-images/mobile.jpg`}
        alt={alt}
        width={mobile.width}
        height={mobile.height}
        decoding="async"
        loading="eager"
      />
    </picture>
  );
}
