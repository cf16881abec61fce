/**
 * One paraglide configuration for the Vite plugin and the standalone compile
 * (typecheck and unit tests need the message functions without a Vite build).
 * The locale is not detected by paraglide: it follows the URL prefix, set by
 * app/lib/i18n.ts (see docs/decisions/0002-i18n-with-paraglide.md).
 */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./core/paraglide",
  strategy: ["baseLocale"] as ["baseLocale"],
  emitGitIgnore: false,
  emitPrettierIgnore: false,
};
