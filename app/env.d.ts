/** Id of the build this client belongs to (vite.config.ts, plugin build-id). */
declare const __BUILD_ID__: string;
