import "./fonts/fonts.css";
import interLatin from "./fonts/inter-latin-400-800.woff2?url";
import soraLatin from "./fonts/sora-latin-400-800.woff2?url";
import "./app.css";
import "./accounts.css";
import "./attempt.css";
import "./legal.css";
import { useContext, useEffect } from "react";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { localeFromPath, localeInfo } from "../core/locales/locales";
import * as m from "../core/paraglide/messages";
import {
  type ConsentChoice,
  consentChosenScript,
  consentChosenStyle,
  readConsent,
} from "../core/web/consent";
import {
  heldStyle,
  hydratedEvent,
  hydrateOnIntentScript,
  hydratesOnIntent,
} from "../core/web/hydrate-on-intent";
import type { Route } from "./+types/root";
import { BuildWatcher } from "./components/build-watcher";
import { CookieConsent } from "./components/cookie-consent";
import { GeneralErrorBoundary } from "./components/general-error-boundary";
import { PageLinks } from "./components/page-links";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { UiProvider } from "./components/ui-provider";
import { RouteModuleLoadError } from "./lib/chunk-reload";
import { useLocaleForMessages } from "./lib/i18n";
import { runWithLocale } from "./lib/i18n.server";
import { cloudflareContext } from "./lib/load-context";
import { useNonce } from "./lib/nonce";

/** Every message rendered for a request uses the language of its path. */
const localeMiddleware: Route.MiddlewareFunction = ({ request }, next) =>
  runWithLocale(localeFromPath(new URL(request.url).pathname), next);

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

/**
 * The Latin files of the two fonts (all of English and Portuguese, cut down by
 * `npm run fonts`) start downloading with the stylesheet instead of after it, so text
 * swaps to them sooner.
 */
export const links: Route.LinksFunction = () =>
  [interLatin, soraLatin].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  }));

export function loader({ context, request }: Route.LoaderArgs) {
  const { env, user, sharedCopy } = context.get(cloudflareContext);
  return {
    baseUrl: env.BASE_URL,
    isDevelopment: env.ENVIRONMENT === "development",
    user,
    // The server renders the cookie banner only for a visitor who has not chosen yet; a
    // copy shared by every anonymous visitor knows nobody's choice (consentChosenScript).
    consent: sharedCopy ? null : readConsent(request.headers.get("Cookie")),
    // A shared copy runs no script until the visitor shows intent (entry.server.tsx,
    // docs/decisions/0033-hydration-on-intent.md).
    hydrateOnIntent: sharedCopy,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  const nonce = useNonce();
  const rootData = useRouteLoaderData("root") as { consent?: ConsentChoice | null } | undefined;
  const onIntent = hydratesOnIntent(useMatches().map((match) => match.loaderData));
  useLocaleForMessages(locale);
  // The inline script of a page that hydrates on intent gives back the clicks it held.
  useEffect(() => {
    document.dispatchEvent(new Event(hydratedEvent));
  }, []);
  return (
    // The head's script may mark the root element before React hydrates it.
    <html lang={localeInfo[locale].iso} className="dark" data-theme="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours (core/web/consent.ts)
          dangerouslySetInnerHTML={{ __html: consentChosenScript }}
        />
        <style>{consentChosenStyle}</style>
        {onIntent ? (
          <>
            <script
              nonce={nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours (core/web/hydrate-on-intent.ts)
              dangerouslySetInnerHTML={{ __html: hydrateOnIntentScript }}
            />
            <style>{heldStyle}</style>
          </>
        ) : null}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <meta name="theme-color" content="#0a0f1e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <PageLinks />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {m.site_skip_to_content()}
        </a>
        <UiProvider>
          <CookieConsent initial={rootData?.consent ?? null}>
            <SiteHeader locale={locale} />
            <main id="main" className="page">
              {children}
            </main>
            <SiteFooter locale={locale} />
          </CookieConsent>
        </UiProvider>
        <BuildWatcher />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * When the 10-second guard refused React Router's reload after a page's module failed to
 * load (app/lib/chunk-reload.ts), React Router still completes the navigation but renders
 * nothing below the root (the route stays "lazy"). A matched route whose module is not
 * loaded becomes the error screen instead of an empty page.
 */
function useRouteModulesLoaded() {
  const routeModules = useContext(UNSAFE_FrameworkContext)?.routeModules;
  const missing = useMatches().find((match) => routeModules && !(match.id in routeModules));
  if (missing) throw new RouteModuleLoadError(`The module of route ${missing.id} did not load`);
}

export default function App() {
  useRouteModulesLoaded();
  return <Outlet />;
}

/**
 * Last resort (an error in the root itself, or a page whose module did not load); page
 * errors stop at routes/pages-layout.tsx.
 */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
