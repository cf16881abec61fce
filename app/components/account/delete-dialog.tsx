import { useId, useState } from "react";
import { type AccountView, deleteConfirmation } from "../../../core/accounts/account-rights";
import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { apiFetch } from "../../lib/api";
import { useApiErrorHandler } from "../../lib/ui-context";
import { Dialog } from "../dialog";
import { AlertIcon } from "../icons";
import { DialogHead, PasswordCheck } from "./reauth-dialog";

/** Names what deletion does, then asks for the password once more and deletes. */
export function DeleteDialog({
  account,
  locale,
  ready,
  onClose,
  onDeleted,
}: {
  account: AccountView;
  locale: Locale;
  /** Re-authenticated a moment ago: no password asked again. */
  ready: boolean;
  onClose(): void;
  onDeleted(): void;
}) {
  const titleId = useId();
  const listId = useId();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await apiFetch("/api/account/delete", {
      json: { confirm: deleteConfirmation },
      locale,
    });
    setBusy(false);
    if (result.ok) onDeleted();
    else handleApiError(result.error, { retry: () => void remove() });
  }

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      describedBy={listId}
      role="alertdialog"
      className="modal"
      data-testid="delete-dialog"
    >
      <div className="modal-panel account-dialog account-dialog-danger">
        <DialogHead titleId={titleId} title={m.accountpage_delete_title()} onClose={onClose} />
        <ul id={listId} className="account-consequences">
          <li>{m.accountpage_delete_li1()}</li>
          <li>{m.accountpage_delete_li2()}</li>
          <li>{m.accountpage_delete_li3()}</li>
          <li>{m.accountpage_delete_li4()}</li>
        </ul>
        <p className="account-text account-warning">
          <AlertIcon width={18} height={18} />
          {m.accountpage_delete_confirm_text()}
        </p>
        {ready ? (
          <button
            type="button"
            className="button button-danger button-block"
            onClick={() => void remove()}
            disabled={busy}
            data-testid="delete-confirm"
          >
            {m.accountpage_delete_submit()}
          </button>
        ) : (
          <PasswordCheck
            account={account}
            locale={locale}
            onDone={() => void remove()}
            submitLabel={m.accountpage_delete_submit()}
            then="delete"
          />
        )}
      </div>
    </Dialog>
  );
}
