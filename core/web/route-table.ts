import { certificateCodePattern } from "../attempts/certificate";
import { type Locale, localeInfo, locales } from "../locales/locales";

/**
 * The localized route table: every screen of spec section 2 with its English and
 * Brazilian Portuguese path. Routes, links, the language switcher and the sitemap
 * are all built from it. Patterns use `:name` segments; a parameter is valid only
 * when its check accepts it (otherwise the page answers 404). The checks are plain
 * patterns, not zod schemas: every page's links and language switcher use this table,
 * so it stays small in the browser.
 */

/** An RFC 9562 UUID (versions 1-8), or the nil and max UUIDs, like zod's `z.uuid()`. */
const uuidPattern =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;
export const paymentResults = ["pending", "failure", "cancelled", "success"] as const;
export const signInErrorReasons = ["missing-provider", "invalid-provider", "failed"] as const;

const matching = (pattern: RegExp) => (value: string) => pattern.test(value);
const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);

const paramChecks = {
  id: matching(uuidPattern),
  token: matching(tokenPattern),
  paymentId: matching(uuidPattern),
  status: oneOf(paymentResults),
  reason: oneOf(signInErrorReasons),
  /** A certificate's public code (core/attempts/certificate.ts). */
  code: matching(certificateCodePattern),
} satisfies Record<string, (value: string) => boolean>;
export type ParamName = keyof typeof paramChecks;

export function isParamName(name: string): name is ParamName {
  return Object.hasOwn(paramChecks, name);
}

/** Whether a path parameter's value is acceptable; a name without a check accepts anything. */
export function isValidParam(name: string, value: string | undefined): boolean {
  if (!isParamName(name)) return true;
  return value !== undefined && paramChecks[name](value);
}

interface ScreenDef {
  /** Path without the language prefix, per language. */
  paths: Record<Locale, string>;
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
  /**
   * Whether the screen is served yet. Each issue that builds a screen turns this on
   * and adds its module, `app/routes/<kebab-case screen>.tsx`.
   */
  page: boolean;
  /**
   * The route module's name when it is not the kebab-case screen: the screens keep the
   * names of their URLs ("test"), while in code an IQ test someone takes is an attempt.
   */
  module?: string;
}

const samePath = (path: string): Record<Locale, string> => ({ en: path, "pt-br": path });

export const screens = {
  home: { paths: samePath("/"), indexable: true, page: true },
  changePassword: { paths: samePath("/change-password/:token"), indexable: false, page: true },
  checkout: { paths: samePath("/checkout/:id"), indexable: false, page: true },
  checkoutStatus: {
    paths: samePath("/checkout/:id/status/:paymentId"),
    indexable: false,
    page: true,
  },
  payments: {
    paths: { en: "/payments/:status/:id", "pt-br": "/pagamentos/:status/:id" },
    indexable: false,
    page: true,
  },
  /** How the test works (issue 29.5): items, scoring, precision, norms, what it is not. */
  method: {
    paths: { en: "/how-it-works", "pt-br": "/como-funciona" },
    indexable: true,
    page: true,
  },
  privacyPolicy: { paths: samePath("/privacy-policy"), indexable: true, page: true },
  register: { paths: { en: "/register", "pt-br": "/cadastro" }, indexable: true, page: true },
  report: {
    paths: { en: "/report/:id", "pt-br": "/relatorio/:id" },
    indexable: false,
    page: true,
  },
  result: {
    paths: { en: "/result/:id", "pt-br": "/resultado/:id" },
    indexable: false,
    page: true,
  },
  termsOfUse: {
    paths: { en: "/terms-of-use", "pt-br": "/termos-de-uso" },
    indexable: true,
    page: true,
  },
  test: {
    paths: { en: "/test", "pt-br": "/teste" },
    indexable: true,
    page: true,
    module: "attempt",
  },
  tests: {
    paths: { en: "/tests", "pt-br": "/testes" },
    indexable: false,
    page: true,
    module: "attempts",
  },
  // Error screens of spec section 8 that have their own address (docs/decisions/0007-accounts.md).
  invalidReturnUrl: {
    paths: { en: "/invalid-return-url", "pt-br": "/url-de-retorno-invalida" },
    indexable: false,
    page: true,
  },
  signInError: {
    paths: { en: "/sign-in-error/:reason", "pt-br": "/erro-de-acesso/:reason" },
    indexable: false,
    page: true,
  },
  // The participation certificate (owner only) and its public verification (docs/decisions/0010-certificates.md).
  certificate: {
    paths: { en: "/certificate/:id", "pt-br": "/certificado/:id" },
    indexable: false,
    page: true,
  },
  certificateVerify: {
    paths: { en: "/verify/:code", "pt-br": "/verificar/:code" },
    indexable: false,
    page: true,
  },
  // The account holder's page: profile, password, sign-in methods, export and deletion (issue 14).
  account: {
    paths: { en: "/account", "pt-br": "/conta" },
    indexable: false,
    page: true,
  },
  // Seven days to change your mind: a purchase's refund, confirmed in one step (issue 30.6).
  refund: {
    paths: { en: "/refund/:paymentId", "pt-br": "/reembolso/:paymentId" },
    indexable: false,
    page: true,
  },
} as const satisfies Record<string, ScreenDef>;

export type Screen = keyof typeof screens;

export const screenNames = Object.keys(screens) as Screen[];

/** Screens that have a page today. */
export const servedScreens = screenNames.filter((screen) => screens[screen].page);

/** The route module of a screen: `changePassword` -> `routes/change-password.tsx`. */
export function routeModule(screen: Screen): string {
  const def: ScreenDef = screens[screen];
  const name = def.module ?? screen.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `routes/${name}.tsx`;
}
export type Params = Partial<Record<ParamName, string>>;

/** The full path pattern of a screen in a language, as React Router expects it. */
export function routePattern(screen: Screen, locale: Locale): string {
  const path = screens[screen].paths[locale];
  const prefix = localeInfo[locale].prefix;
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

function paramNames(pattern: string): ParamName[] {
  return pattern
    .split("/")
    .filter((s) => s.startsWith(":"))
    .map((s) => s.slice(1) as ParamName);
}

/** Builds the path of a screen in a language; throws when a parameter is missing or invalid. */
export function localizePath(screen: Screen, locale: Locale, params: Params = {}): string {
  return routePattern(screen, locale)
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1) as ParamName;
      const value = params[name];
      if (!isValidParam(name, value) || value === undefined) {
        throw new Error(`localizePath(${screen}): invalid parameter ${name}`);
      }
      return encodeURIComponent(value);
    })
    .join("/");
}

export interface ScreenMatch {
  screen: Screen;
  locale: Locale;
  params: Params;
  /** False when the shape matched but a parameter failed its schema. */
  valid: boolean;
}

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** Finds the screen a path belongs to, if any. */
export function matchScreen(pathname: string): ScreenMatch | null {
  const parts = trimTrailingSlash(pathname).split("/");
  for (const locale of locales) {
    for (const screen of screenNames) {
      const pattern = routePattern(screen, locale).split("/");
      if (pattern.length !== parts.length) continue;
      const params: Params = {};
      let matched = true;
      for (let i = 0; i < pattern.length && matched; i++) {
        const segment = pattern[i] as string;
        const part = parts[i] as string;
        if (segment.startsWith(":")) {
          if (part === "") matched = false;
          else params[segment.slice(1) as ParamName] = safeDecode(part);
        } else if (segment !== part) {
          matched = false;
        }
      }
      if (!matched) continue;
      const valid = paramNames(pattern.join("/")).every((name) => isValidParam(name, params[name]));
      return { screen, locale, params, valid };
    }
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The same screen in another language, keeping its parameters and query string.
 * Paths outside the table fall back to the other language's home.
 */
export function switchLocalePath(pathWithSearch: string, target: Locale): string {
  const url = new URL(pathWithSearch, "http://x");
  const match = matchScreen(url.pathname);
  if (!match?.valid) return localizePath("home", target);
  return localizePath(match.screen, target, match.params) + url.search;
}
