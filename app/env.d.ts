/** Id of the build this client belongs to (vite.config.ts, plugin build-id). */
declare const __BUILD_ID__: string;

/** The critical CSS of each route module, by its URL (scripts/critical-css.ts). */
declare module "virtual:critical-css" {
  const byRouteModule: Record<string, string>;
  export default byRouteModule;
}
