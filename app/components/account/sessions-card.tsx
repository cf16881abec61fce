import { useState } from "react";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { localizePath } from "../../../core/web/route-table";
import { apiFetch } from "../../lib/api";
import { useApiErrorHandler } from "../../lib/ui-context";
import { LogOutIcon } from "../icons";
import { AccountCard } from "./account-card";

/** Every session ends, this one too: the page then reloads at home, signed out. */
export function SessionsCard({ locale }: { locale: Locale }) {
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    const result = await apiFetch("/api/account/sign-out-everywhere", { method: "POST", locale });
    if (result.ok) {
      window.location.assign(localizePath("home", locale));
      return;
    }
    setBusy(false);
    handleApiError(result.error, { retry: () => void signOutEverywhere() });
  }
  return (
    <AccountCard id="account-sessions" icon={LogOutIcon} title={m.accountpage_sessions_title()}>
      <p className="account-text">{m.accountpage_sessions_text()}</p>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => void signOutEverywhere()}
        disabled={busy}
        data-testid="sign-out-everywhere"
      >
        {m.accountpage_sessions_button()}
      </button>
    </AccountCard>
  );
}
