import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { initials, type SignedInUser } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { localizePath, matchScreen, screens } from "../../core/web/route-table";
import { AppLink } from "../lib/app-link";
import { ListIcon, LogOutIcon, UserIcon } from "./icons";

/** Typed letters jump to the matching item; the typed prefix is forgotten after this (spec 9). */
export const typeAheadResetMs = 350;

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** The signed-in user's avatar and menu (WAI-ARIA menu button pattern). */
export function AccountMenu({ user, locale }: { user: SignedInUser; locale: Locale }) {
  const id = useId();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: "", timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const here = matchScreen(location.pathname)?.screen;
  const onTestsList = here === "tests";
  const onAccountPage = here === "account";
  const showTests = screens.tests.page && !onTestsList;

  const items = () => menuItems(menu.current);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    (focusOnOpen === "first" ? list[0] : list.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    // Focus leaving the menu (Tab, a click elsewhere) closes it.
    const root = container.current;
    const onFocusOut = (event: FocusEvent) => {
      if (!root?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    root?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      root?.removeEventListener("focusout", onFocusOut);
    };
  }, [open, focusOnOpen]);

  // A navigation (e.g. 'My tests') closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => () => clearTimeout(typed.current.timer), []);

  function openWith(where: "first" | "last") {
    setFocusOnOpen(where);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKeyDown(event: React.KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openWith("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openWith("last");
    }
  }

  function onMenuKeyDown(event: React.KeyboardEvent) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focus(current + 1);
        return;
      case "ArrowUp":
        event.preventDefault();
        focus(current - 1);
        return;
      case "Home":
        event.preventDefault();
        focus(0);
        return;
      case "End":
        event.preventDefault();
        focus(list.length - 1);
        return;
      case "Escape":
        event.preventDefault();
        close(true);
        return;
      case "Tab":
        setOpen(false);
        return;
    }
    if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      clearTimeout(typed.current.timer);
      typed.current.text += event.key.toLowerCase();
      typed.current.timer = setTimeout(() => {
        typed.current.text = "";
      }, typeAheadResetMs);
      const ordered = [...list.slice(current + 1), ...list.slice(0, current + 1)];
      const prefix = typed.current.text;
      const match =
        ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(prefix)) ??
        // Repeating one letter cycles through the items that start with it.
        (new Set(prefix).size === 1
          ? ordered.find((item) =>
              item.textContent
                ?.trim()
                .toLowerCase()
                .startsWith(prefix[0] ?? ""),
            )
          : undefined);
      match?.focus();
    }
  }

  const logoutAction = `/api/accounts/logout?returnUrl=${encodeURIComponent(localizePath("home", locale))}`;

  return (
    <div className="account-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={`${m.menu_account()}: ${user.name}`}
        data-testid="account-button"
        onClick={() => (open ? close(false) : openWith("first"))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
      </button>
      <div className="account-popover" hidden={!open}>
        <div className="account-identity">
          <Avatar user={user} large />
          <div className="account-identity-text">
            <p className="account-name">{user.name}</p>
            <p className="account-email">{user.email}</p>
          </div>
        </div>
        <div
          className="account-items"
          role="menu"
          id={`${id}-menu`}
          aria-label={user.name}
          ref={menu}
          onKeyDown={onMenuKeyDown}
        >
          {showTests ? (
            <AppLink
              screen="tests"
              locale={locale}
              role="menuitem"
              tabIndex={-1}
              className="account-item"
            >
              <ListIcon width={18} height={18} />
              <span>{m.menu_my_tests()}</span>
            </AppLink>
          ) : null}
          {onAccountPage ? null : (
            <AppLink
              screen="account"
              locale={locale}
              role="menuitem"
              tabIndex={-1}
              className="account-item"
              data-testid="menu-account"
            >
              <UserIcon width={18} height={18} />
              <span>{m.accountpage_menu()}</span>
            </AppLink>
          )}
          {/* A full-page POST: logging out changes state, so never a GET (SECURITY.md 8). */}
          <form method="post" action={logoutAction}>
            <button type="submit" role="menuitem" tabIndex={-1} className="account-item">
              <LogOutIcon width={18} height={18} />
              <span>{m.menu_sign_out()}</span>
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

/** The profile picture, or the initials of up to two words (spec section 9). */
export function Avatar({ user, large }: { user: SignedInUser; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A picture that failed before hydration never fires onError for React.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const className = large ? "avatar avatar-large" : "avatar";
  if (user.profilePicture && !failed) {
    return (
      <img
        ref={image}
        className={className}
        src={user.profilePicture}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={`${className} avatar-initials`}
      aria-hidden="true"
      data-testid="avatar-initials"
    >
      {initials(user.name) || "?"}
    </span>
  );
}
