/**
 * Hydration on intent (docs/decisions/0033-hydration-on-intent.md). A shared copy of a
 * public page (home, privacy policy, terms, the test's introduction: ADR 0026) is whole
 * without JavaScript: its links are links and its FAQ is `<details>`. So it downloads no
 * script before it is painted. React Router's module script, which fetches React, the
 * router and the page's code and then hydrates, is kept in the page as inert text; a small
 * inline script runs it on the visitor's first sign of intent (a pointer or key pressed, a
 * control focused) and fetches the code beforehand, while the browser is idle after the
 * page has loaded. A click on a button before React owns it is held and given to the
 * button once the page has hydrated, instead of being lost.
 *
 * No runtime imports: the server's entry and the unit tests load it as it is.
 */

/** The id of the inert module script (the page's own, with its type changed). */
export const deferredScriptId = "hydrate-on-intent";
/** The type that keeps the browser from running it. */
export const deferredScriptType = "text/x-hydrate-on-intent";
/** Dispatched on `document` by the client entry just before React hydrates the page. */
export const hydratingEvent = "app:hydrating";
/** Dispatched on `document` by the root layout once React has hydrated the page. */
export const hydratedEvent = "app:hydrated";
/** Controls whose click needs React: held before hydration and given back after it. */
export const heldControls = "button,[role=button]";
/**
 * Marks a held control while the code downloads, so the press shows at once; taken off when
 * hydration starts, since React must find the server's attributes.
 */
export const heldAttribute = "data-held";
/**
 * The look of a held control (in the head beside the script): pressed and busy, over the
 * page's own rules.
 */
export const heldStyle = `[${heldAttribute}]{opacity:.7!important;cursor:progress!important}`;

/**
 * A route's loader says its page may wait for intent with `hydrateOnIntent: true` in its
 * data: the root's for a shared copy, a page's when what it shows needs no script at load.
 * The server (which then makes the module script inert) and the root layout (which then
 * renders the inline script) read the same data, so they agree. A route that failed has
 * no data: an error page hydrates at once, unless the root's data says otherwise.
 */
export function hydratesOnIntent(routeData: readonly unknown[]): boolean {
  return routeData.some(
    (data) =>
      typeof data === "object" &&
      data !== null &&
      (data as { hydrateOnIntent?: unknown }).hydrateOnIntent === true,
  );
}

/**
 * The page's React Router module script made inert, with the modules it would have
 * preloaded listed on it (`data-preload`) instead of preloaded at once; null when the HTML
 * does not have the expected shape (then the page is left to hydrate at once).
 */
export function deferHydration(html: string): string | null {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g,
    (_link, href: string) => {
      if (!preloads.includes(href)) preloads.push(href);
      return "";
    },
  );
  let scripts = 0;
  const deferred = withoutPreloads.replace(
    /<script([^>]*) type="module" async="">/g,
    (_script, attributes: string) => {
      scripts += 1;
      return `<script${attributes} type="${deferredScriptType}" id="${deferredScriptId}" data-preload="${preloads.join(" ")}">`;
    },
  );
  return scripts === 1 && preloads.length > 0 ? deferred : null;
}

/**
 * The inline script, for the page's head. It runs before the body exists, so it listens on
 * the document and finds the inert script when it needs it.
 * - Intent (`pointerdown`, `touchstart`, `keydown`, `focusin`, or a held click) copies the
 *   inert script into a new module script with the same nonce, which the CSP allows;
 *   without an inert script (the server left the page to hydrate at once) it does nothing.
 * - A click on a control that needs React (`heldControls`) before hydration is cancelled,
 *   the control marked (`heldAttribute`: it looks pressed and busy while the code
 *   downloads, until the client entry starts hydrating, `hydratingEvent`) and clicked again
 *   when the root layout reports the hydration (`hydratedEvent`); links and `<details>`
 *   keep working natively meanwhile.
 * - Once the page has loaded and the browser is idle, the modules are preloaded (fetched
 *   and compiled, not run), so that intent hydrates without waiting for the network.
 */
export const hydrateOnIntentScript = `(()=>{const d=document,w=window;let s=0,p,m=1;const c=()=>d.getElementById("${deferredScriptId}"),g=()=>{const i=c();if(s||!i)return;s=1;const n=d.createElement("script");n.type="module";n.nonce=i.nonce;n.textContent=i.textContent;d.body.append(n)};d.addEventListener("${hydratingEvent}",()=>{m=0;p?.removeAttribute("${heldAttribute}")});d.addEventListener("${hydratedEvent}",()=>{s=2;const t=p;p=void 0;if(t?.isConnected)t.click()},{once:!0});for(const t of["pointerdown","touchstart","keydown","focusin"])d.addEventListener(t,g,{capture:!0,passive:!0});d.addEventListener("click",e=>{if(s===2)return;const t=e.target instanceof Element?e.target.closest("${heldControls}"):null;if(!t)return;e.preventDefault();e.stopImmediatePropagation();p?.removeAttribute("${heldAttribute}");p=t;if(m)t.setAttribute("${heldAttribute}","");g()},!0);w.addEventListener("load",()=>(w.requestIdleCallback||setTimeout)(()=>{const i=c();if(s||!i)return;for(const h of(i.dataset.preload||"").split(" "))if(h){const l=d.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=i.nonce;d.head.append(l)}}),{once:!0})})()`;
