import { createContext, useCallback, useContext, useEffect, useState } from "react";
import * as m from "../../core/paraglide/messages";
import {
  type ConsentChoice,
  consentChosenAttribute,
  readConsent,
  serializeConsent,
} from "../../core/web/consent";
import { AppLink } from "../lib/app-link";
import { saveConsent } from "../lib/consent";
import { useUi } from "../lib/ui-context";
import { useLocale } from "../lib/use-locale";
import { Dialog, DialogCloseButton } from "./dialog";

type Optional = Omit<ConsentChoice, "at">;

const acceptAll: Optional = { experience: true, analytics: true };
const rejectOptional: Optional = { experience: false, analytics: false };

const CookiePreferencesContext = createContext<(() => void) | null>(null);

/** Opens the cookie preferences (the footer's button). */
export function useOpenCookiePreferences(): () => void {
  const open = useContext(CookiePreferencesContext);
  if (!open) throw new Error("useOpenCookiePreferences() outside <CookieConsent>");
  return open;
}

/**
 * The cookie choice (SECURITY.md 34, ADR 0012). Until the visitor chooses, a banner sits
 * at the bottom of the page: not modal, so the page stays usable, and rendered by the
 * server from the `consent` cookie, so someone who already chose never sees it flash.
 * 'Reject optional' is as large and as near as 'Accept all'. The preferences dialog
 * (from the banner or the footer) shows the saved choice and changes it.
 */
export function CookieConsent({
  initial,
  children,
}: {
  initial: ConsentChoice | null;
  children: React.ReactNode;
}) {
  const [choice, setChoice] = useState(initial);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const { notify } = useUi();

  // A page restored from the back/forward cache, or a choice made in another tab, may
  // be older than the cookie: the cookie is the truth.
  useEffect(() => {
    const sync = () => {
      const stored = readConsent(document.cookie);
      // With no choice (any more) the banner must show: the head's script, which hid it on
      // a page rendered without the visitor's cookie (consentChosenScript), no longer decides.
      if (stored === null) document.documentElement.removeAttribute(consentChosenAttribute);
      setChoice((current) =>
        (current && serializeConsent(current)) === (stored && serializeConsent(stored))
          ? current
          : stored,
      );
    };
    sync();
    window.addEventListener("pageshow", sync);
    return () => window.removeEventListener("pageshow", sync);
  }, []);

  // The banner's one-click choices say nothing more: the banner going away is the answer,
  // and a toast there covered a phone's checkout total and Pay button (issue 30.5). Saving
  // from the dialog, which closes, says it was saved.
  const choose = useCallback((next: Optional) => {
    setChoice(saveConsent(next));
    setPreferencesOpen(false);
  }, []);
  const save = useCallback(
    (next: Optional) => {
      choose(next);
      notify({ tone: "success", message: m.cookies_saved() });
    },
    [choose, notify],
  );
  const open = useCallback(() => setPreferencesOpen(true), []);

  return (
    <CookiePreferencesContext.Provider value={open}>
      {children}
      {choice === null ? <CookieBanner onSave={choose} onCustomize={open} /> : null}
      {preferencesOpen ? (
        <CookiePreferences
          choice={choice}
          onSave={save}
          onClose={() => setPreferencesOpen(false)}
        />
      ) : null}
    </CookiePreferencesContext.Provider>
  );
}

function CookieBanner({
  onSave,
  onCustomize,
}: {
  onSave(choice: Optional): void;
  onCustomize(): void;
}) {
  const locale = useLocale();
  return (
    <section
      className="cookie-banner"
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
    >
      <div className="container cookie-banner-inner">
        <div className="cookie-banner-copy">
          <h2 id="cookie-banner-title" className="cookie-banner-title">
            {m.cookies_banner_title()}
          </h2>
          <p id="cookie-banner-text" className="cookie-banner-text">
            {m.cookies_banner_text()}{" "}
            <AppLink screen="privacyPolicy" locale={locale} hash="cookies">
              {m.legal_privacy_link()}
            </AppLink>{" "}
            <button type="button" className="link-button cookie-customize" onClick={onCustomize}>
              {m.cookies_banner_customize()}
            </button>
          </p>
        </div>
        <div className="cookie-actions">
          <QuickChoices onSave={onSave} />
        </div>
      </div>
    </section>
  );
}

/** The two one-click choices, the same in the banner and the dialog. */
function QuickChoices({ onSave }: { onSave(choice: Optional): void }) {
  return (
    <>
      <button type="button" className="button cookie-button" onClick={() => onSave(rejectOptional)}>
        {m.cookies_reject_optional()}
      </button>
      <button type="button" className="button cookie-button" onClick={() => onSave(acceptAll)}>
        {m.cookies_accept_all()}
      </button>
    </>
  );
}

const categories = [
  { key: "experience", title: m.cookies_experience_title, text: m.cookies_experience_text },
  { key: "analytics", title: m.cookies_analytics_title, text: m.cookies_analytics_text },
] as const;

function CookiePreferences({
  choice,
  onSave,
  onClose,
}: {
  choice: ConsentChoice | null;
  onSave(choice: Optional): void;
  onClose(): void;
}) {
  // Nothing optional is pre-ticked before a choice (LGPD: consent is an affirmative act).
  const [draft, setDraft] = useState<Optional>({
    experience: choice?.experience ?? false,
    analytics: choice?.analytics ?? false,
  });
  return (
    <Dialog
      onClose={onClose}
      labelledBy="cookie-preferences-title"
      describedBy="cookie-preferences-intro"
      className="modal-cookies"
      data-testid="cookie-preferences"
    >
      <form
        className="modal-panel cookie-panel"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <DialogCloseButton label={m.cookies_close()} onClose={onClose} />
        <h2 id="cookie-preferences-title" className="cookie-panel-title">
          {m.cookies_title()}
        </h2>
        <p id="cookie-preferences-intro" className="cookie-panel-intro">
          {m.cookies_intro()}
        </p>
        <ul className="cookie-categories">
          <li className="cookie-category">
            <div>
              <h3 id="cookie-necessary-title">{m.cookies_necessary_title()}</h3>
              <p id="cookie-necessary-text">{m.cookies_necessary_text()}</p>
            </div>
            <label className="cookie-switch">
              <input
                type="checkbox"
                role="switch"
                checked
                aria-checked="true"
                disabled
                aria-labelledby="cookie-necessary-title"
                aria-describedby="cookie-necessary-text cookie-necessary-state"
                data-testid="consent-necessary"
              />
              <span className="cookie-switch-state" id="cookie-necessary-state">
                {m.cookies_always_on()}
              </span>
            </label>
          </li>
          {categories.map((category) => (
            <li key={category.key} className="cookie-category">
              <div>
                <h3 id={`cookie-${category.key}-title`}>{category.title()}</h3>
                <p id={`cookie-${category.key}-text`}>{category.text()}</p>
              </div>
              <label className="cookie-switch">
                <input
                  type="checkbox"
                  role="switch"
                  name={category.key}
                  checked={draft[category.key]}
                  aria-checked={draft[category.key]}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, [category.key]: event.target.checked }))
                  }
                  aria-labelledby={`cookie-${category.key}-title`}
                  aria-describedby={`cookie-${category.key}-text`}
                  data-testid={`consent-${category.key}`}
                />
              </label>
            </li>
          ))}
        </ul>
        <div className="cookie-actions cookie-panel-actions">
          <QuickChoices onSave={onSave} />
          <button type="submit" className="button button-ghost cookie-save">
            {m.cookies_save()}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
