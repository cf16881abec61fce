import "./scripts/offline-env.mjs";
import { randomUUID } from "node:crypto";
import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { paraglideOptions } from "./scripts/paraglide-options.ts";

/**
 * Every build gets an id, compiled into the client and written to
 * `builds/latest.json`; open tabs poll that file to learn of a new deploy.
 */
function buildId(): Plugin {
  const id =
    process.env.BUILD_ID ?? `${new Date().toISOString().slice(0, 19)}-${randomUUID().slice(0, 8)}`;
  return {
    name: "build-id",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "builds/latest.json",
        source: `${JSON.stringify({ id })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    buildId(),
  ],
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react-router"] },
});
