import { useId } from "react";
import { useNavigate } from "react-router";
import { localizePath } from "../../core/web/route-table";
import { errorModalButton } from "../lib/api";
import { errorModalTexts } from "../lib/error-modal-texts";
import type { ErrorModalRequest } from "../lib/ui-context";
import { useLocale } from "../lib/use-locale";
import { Dialog } from "./dialog";
import {
  AlertIcon,
  CardIcon,
  ClockIcon,
  KeyIcon,
  LockIcon,
  SearchIcon,
  ServerIcon,
  TicketIcon,
  WrenchIcon,
} from "./icons";

/** The icon and colour of each error modal (its texts are errors_modal_<key>_*). */
const looks: Record<string, { Icon: typeof AlertIcon; tone: "danger" | "warning" | "info" }> = {
  "402": { Icon: CardIcon, tone: "warning" },
  "403": { Icon: LockIcon, tone: "danger" },
  "404": { Icon: SearchIcon, tone: "info" },
  "410": { Icon: ClockIcon, tone: "warning" },
  "422": { Icon: TicketIcon, tone: "warning" },
  "500": { Icon: ServerIcon, tone: "danger" },
  "503": { Icon: WrenchIcon, tone: "info" },
  invalid_token: { Icon: KeyIcon, tone: "warning" },
  default: { Icon: AlertIcon, tone: "danger" },
};

/** Spec section 2: icon, title, subtitle, caption and a button; no dismissal from outside. */
export function ErrorModal({ request, onClose }: { request: ErrorModalRequest; onClose(): void }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const texts = errorModalTexts[request.key] ?? errorModalTexts.default;
  const text = (part: "title" | "subtitle" | "caption" | "button") =>
    texts?.[part]({}, { locale }) ?? "";
  const { Icon, tone } = looks[request.key] ?? looks.default ?? { Icon: AlertIcon, tone: "danger" };

  function act() {
    const button = errorModalButton({
      status: request.status,
      goHome: request.goHome,
      hasRetry: request.retry !== undefined,
      hasAction: request.onAction !== undefined,
    });
    onClose();
    if (button === "home") navigate(localizePath("home", locale));
    else if (button === "retry") request.retry?.();
    else if (button === "action") request.onAction?.();
    else if (button === "reload") window.location.reload();
  }

  return (
    <Dialog
      onClose={onClose}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-subtitle ${id}-caption`}
      className="modal-error"
      data-testid="error-modal"
    >
      <div className="modal-panel error-panel" data-key={request.key} data-status={request.status}>
        <span className={`error-modal-icon tone-${tone}`}>
          <Icon width={30} height={30} />
        </span>
        <h2 className="error-modal-title" id={`${id}-title`}>
          {text("title")}
        </h2>
        <p className="error-modal-subtitle" id={`${id}-subtitle`}>
          {text("subtitle")}
        </p>
        <p className="error-modal-caption" id={`${id}-caption`}>
          {text("caption")}
        </p>
        <button type="button" className="button button-primary button-block" onClick={act}>
          {text("button")}
        </button>
      </div>
    </Dialog>
  );
}
