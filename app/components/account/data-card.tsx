import { useState } from "react";
import type { AccountView } from "../../../core/accounts/account-rights";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { DownloadIcon } from "../icons";
import { AccountCard } from "./account-card";
import { DeleteDialog } from "./delete-dialog";
import { ReauthDialog } from "./reauth-dialog";

type Pending = "export" | "delete" | null;

/** The holder's rights over their data (LGPD art. 18): download everything, or delete it. */
export function DataCard({
  account,
  locale,
  onDeleted,
}: {
  account: AccountView;
  locale: Locale;
  onDeleted(): void;
}) {
  // Until when this session may export and delete: from the page's data, then from the
  // re-authentication's own answer.
  const [until, setUntil] = useState(() =>
    account.reauthenticatedUntil === null ? 0 : Date.parse(account.reauthenticatedUntil),
  );
  const fresh = () => until > Date.now();
  const [asking, setAsking] = useState<Pending>(null);
  // Back from Google's re-authentication for a deletion: the dialog opens again.
  const [confirming, setConfirming] = useState(
    () =>
      typeof window !== "undefined" &&
      new URLSearchParams(window.location.search).get("then") === "delete",
  );

  function exportData() {
    // A plain navigation: the browser saves the attachment with its own file name.
    window.location.assign("/api/account/export");
  }

  function start(action: "export" | "delete") {
    if (action === "delete") setConfirming(true);
    else if (fresh()) exportData();
    else setAsking("export");
  }

  return (
    <AccountCard id="account-data" icon={DownloadIcon} title={m.accountpage_data_title()}>
      <p className="account-text">{m.accountpage_data_text()}</p>
      <DataAction kind="export" text={m.accountpage_export_text()} onStart={start}>
        <DownloadIcon width={18} height={18} />
        {m.accountpage_export_button()}
      </DataAction>
      <DataAction kind="delete" text={m.accountpage_delete_text()} onStart={start}>
        {m.accountpage_delete_button()}
      </DataAction>
      {asking ? (
        <ReauthDialog
          account={account}
          locale={locale}
          onClose={() => setAsking(null)}
          onDone={(reauthenticatedUntil) => {
            setUntil(Date.parse(reauthenticatedUntil));
            const next = asking;
            setAsking(null);
            if (next === "export") exportData();
          }}
        />
      ) : null}
      {confirming ? (
        <DeleteDialog
          account={account}
          locale={locale}
          ready={fresh()}
          onClose={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      ) : null}
    </AccountCard>
  );
}

const dataActions = {
  export: { className: "account-data-action", button: "button-primary", testId: "export-data" },
  delete: { className: "account-danger", button: "button-danger", testId: "delete-account" },
};

/** One right over the data: what it does, and the button that starts it. */
function DataAction({
  kind,
  text,
  onStart,
  children,
}: {
  kind: "export" | "delete";
  text: string;
  onStart(action: "export" | "delete"): void;
  children: React.ReactNode;
}) {
  const { className, button, testId } = dataActions[kind];
  return (
    <div className={className}>
      <p className="account-text">{text}</p>
      <button
        type="button"
        className={`button ${button}`}
        onClick={() => onStart(kind)}
        data-testid={testId}
      >
        {children}
      </button>
    </div>
  );
}
