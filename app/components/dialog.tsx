import { useEffect, useRef } from "react";
import { useUi } from "../lib/ui-context";
import { CloseIcon } from "./icons";

interface DialogProps {
  /** Esc and the close controls call this; clicking the backdrop never does. */
  onClose(): void;
  labelledBy: string;
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  className?: string;
  children: React.ReactNode;
  "data-testid"?: string;
}

/**
 * A native modal `<dialog>`, shown while mounted: the browser traps focus inside it and
 * makes the page inert; Esc asks to close; focus returns to the opener when it closes.
 */
export function Dialog({
  onClose,
  labelledBy,
  describedBy,
  role,
  className,
  ...rest
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { registerDialog } = useUi();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let mounted = true;
    // Focus goes back to what opened the dialog: React removes the element before this
    // effect's cleanup, so the browser's own restoring on close() cannot be relied on.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const unregister = registerDialog(dialog);
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // The browser may close a dialog without a cancellable event (repeated Esc). A close
    // queued by an earlier cleanup (StrictMode remounts) finds the dialog open again.
    const onNativeClose = () => {
      if (mounted && !dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      mounted = false;
      unregister();
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [registerDialog]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={rest["data-testid"]}
    >
      {rest.children}
    </dialog>
  );
}

/** The cross in a dialog's corner: one more way to close, beside Esc. */
export function DialogCloseButton({ label, onClose }: { label: string; onClose(): void }) {
  return (
    <button type="button" className="icon-button modal-close" aria-label={label} onClick={onClose}>
      <CloseIcon width={20} height={20} />
    </button>
  );
}
