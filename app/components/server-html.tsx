import { type ComponentType, type ReactElement, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { getLocale } from "../../core/paraglide/runtime";
import type { CodeOnDemand } from "../lib/code-on-demand";
import { useNonce } from "../lib/nonce";
import { OnDemand } from "./on-demand";

/**
 * Part of a page that the browser shows as the server rendered it: static content (no
 * state, no handlers) below the first screen, whose code the first load does not download
 * (docs/decisions/0028-first-load.md). The server renders it (its code loaded first, by
 * the route's loader); hydration keeps the server's HTML as it is, read from the document;
 * after a client-side navigation it renders once its code is here, a blank screen's
 * height keeping its place meanwhile.
 *
 * The server's HTML is read only while the page hydrates: later, the element with this id
 * may belong to the page being left (the same screen in the other language).
 *
 * Being static, a part's HTML is the same for every request in a language but for the
 * page's nonce: the server renders it once per isolate, and each page takes that copy with
 * its own nonce (`setStaticPartRenderer`, given by entry.server.tsx).
 */
let hydrating = true;

/**
 * Renders a static part to HTML, or gives the copy rendered before under `key`, with
 * `nonce` as the part's nonce. Server only.
 */
export type StaticPartRenderer = (key: string, part: ReactElement, nonce: string) => string;

let renderStaticPart: StaticPartRenderer | undefined;

export function setStaticPartRenderer(render: StaticPartRenderer): void {
  renderStaticPart = render;
}

export function ServerHtml<Props extends object>({
  id,
  code,
  props,
}: {
  /** Unique in the site: the element the server rendered, found again by hydration. */
  id: string;
  /** The part's component, downloaded on demand. */
  code: CodeOnDemand<ComponentType<Props>>;
  props: Props;
}) {
  const nonce = useNonce();
  // Chosen once per mount: a later render of this part keeps what it showed.
  const [serverHtml] = useState(() => {
    if (typeof document === "undefined") {
      const Part = code.loaded();
      if (!Part || !renderStaticPart) return null;
      // The messages follow the request's language, which the props may not name.
      const key = `${id} ${getLocale()} ${JSON.stringify(props)}`;
      return renderStaticPart(key, <Part {...props} />, nonce);
    }
    return hydrating ? (document.getElementById(id)?.innerHTML ?? null) : null;
  });
  useEffect(() => {
    hydrating = false;
  }, []);
  const followLink = useLinksAsNavigations();
  if (serverHtml !== null) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: only the links inside are interactive; a click on one becomes a client-side navigation.
      // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link clicks it, so the keyboard reaches the same handler.
      <div
        id={id}
        onClick={followLink}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of this part, read back from the page.
        dangerouslySetInnerHTML={{ __html: serverHtml }}
      />
    );
  }
  return (
    <div id={id}>
      <OnDemand code={code} props={props} fallback={<div className="server-html-loading" />} />
    </div>
  );
}

/**
 * The links in the server's HTML have no React Router handler: a plain click on one to a
 * page of the site navigates client-side, as the same link rendered by React would.
 */
function useLinksAsNavigations() {
  const navigate = useNavigate();
  return (event: React.MouseEvent) => {
    const link = (event.target as Element).closest("a");
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.target ||
      link.hasAttribute("download") ||
      link.origin !== window.location.origin
    ) {
      return;
    }
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash, { viewTransition: true });
  };
}
