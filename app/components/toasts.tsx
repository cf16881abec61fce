import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import * as m from "../../core/paraglide/messages";
import type { ToastInput } from "../lib/ui-context";
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons";

export interface Toast extends ToastInput {
  id: number;
}

/** How long a toast stays; paused while hovered or focused. */
export const toastDurationMs = { error: 8000, success: 5000, info: 6000 } as const;

const icons = { error: AlertIcon, success: CheckCircleIcon, info: InfoIcon } as const;

/**
 * The notifications, rendered in the topmost open modal dialog when there is one (the
 * page outside a modal is inert and hidden from assistive technology), else in the body.
 */
export function ToastViewport({
  toasts,
  host,
  onDismiss,
}: {
  toasts: Toast[];
  host: HTMLElement | null;
  onDismiss(id: number): void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return createPortal(
    <section className="toast-region" aria-label={m.toast_region()}>
      <ol className="toast-list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>,
    host ?? document.body,
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef<number>(toastDurationMs[toast.tone]);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id, onDismiss]);

  const Icon = icons[toast.tone];
  const title =
    toast.title ?? (toast.tone === "error" ? m.toast_error_title() : m.toast_success_title());
  return (
    <li
      className={`toast toast-${toast.tone}`}
      role={toast.tone === "error" ? "alert" : "status"}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast-icon">
        <Icon />
      </span>
      <div className="toast-body">
        <p className="toast-title">{title}</p>
        <p className="toast-message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="icon-button toast-close"
        aria-label={m.toast_dismiss()}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </li>
  );
}
