import { useContext, useMemo } from "react";
import { Links, UNSAFE_FrameworkContext, useMatches } from "react-router";
import { useNonce } from "../lib/nonce";

type FrameworkContext = NonNullable<React.ContextType<typeof UNSAFE_FrameworkContext>>;

/**
 * React Router's <Links> (the page's critical CSS inline, the routes' `links()`), with the
 * routes' stylesheets rendered here instead: when the server inlined the page's critical
 * CSS (entry.server.tsx), they load without holding the first paint back
 * (docs/decisions/0028-first-load.md). Such a stylesheet is sent with `media="print"`,
 * which the browser fetches at low priority without blocking rendering, and the script
 * after it switches it to every medium once loaded (the CSP allows no `onload` attribute).
 * The critical CSS already styles everything the page renders, so nothing moves when it
 * arrives. The browser renders them as plain stylesheets: hydration matches a link by its
 * `rel` and `href` and leaves `media` as the script set it; a page reached later in the
 * browser gets its stylesheets before it shows (React Router preloads them).
 *
 * React Router marks a stylesheet that a lazily loaded module also needs with a trailing
 * "#", so that Vite's loader of that module adds its own link, which outlives the route's.
 * The root's never goes away: its stylesheets go without the mark, so Vite finds them
 * and adds no second link, which would come last and reorder the cascade (the shared
 * `.container` after the home page's `.container-narrow`).
 */
export function PageLinks() {
  const context = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const nonce = useNonce();
  const withoutCss = useMemo(() => context && contextWithoutRouteCss(context), [context]);
  if (!context || !withoutCss) return <Links nonce={nonce} />;
  const rootCss = new Set(
    (context.manifest.routes.root?.css ?? []).map((href) => href.replace(/#$/, "")),
  );
  const hrefs = [
    ...new Set(
      matches
        .flatMap((match) => context.manifest.routes[match.id]?.css ?? [])
        .map((href) => (rootCss.has(href.replace(/#$/, "")) ? href.replace(/#$/, "") : href)),
    ),
  ];
  const deferred = typeof document === "undefined" && typeof context.criticalCss === "string";
  return (
    <>
      <UNSAFE_FrameworkContext.Provider value={withoutCss}>
        <Links nonce={nonce} />
      </UNSAFE_FrameworkContext.Provider>
      {hrefs.map((href) => (
        <link
          key={href}
          rel="stylesheet"
          href={href}
          nonce={nonce}
          media={deferred ? "print" : undefined}
        />
      ))}
      {deferred ? (
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours.
          dangerouslySetInnerHTML={{ __html: applyWhenLoaded }}
        />
      ) : null}
    </>
  );
}

/** Switches the stylesheets sent with `media="print"` to every medium once each has loaded. */
const applyWhenLoaded = `for(const l of document.querySelectorAll('link[rel=stylesheet][media=print]')){const a=()=>{l.media="all"};l.sheet?a():l.addEventListener("load",a)}`;

/** The same context, with the routes' stylesheets left to <PageLinks>. */
function contextWithoutRouteCss(context: FrameworkContext): FrameworkContext {
  const routes = Object.fromEntries(
    Object.entries(context.manifest.routes).map(([id, route]) => [
      id,
      route ? { ...route, css: undefined } : route,
    ]),
  );
  return { ...context, manifest: { ...context.manifest, routes } };
}
