import "./scripts/offline-env.mjs";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { criticalCssPlugin } from "./scripts/critical-css.ts";
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

/**
 * Every page loads the client entry and the root route with everything they import, so
 * those modules (React, React Router, the header, footer, modals' shell) go out as one
 * chunk instead of some twenty small files, each a request of its own on a slow phone
 * connection. Route modules and what only they import keep their own chunks.
 * docs/decisions/0015-home-performance.md
 */
function shellChunk() {
  const roots = [
    fileURLToPath(new URL("./app/entry.client.tsx", import.meta.url)),
    fileURLToPath(new URL("./app/root.tsx", import.meta.url)),
  ];
  let shell: Set<string> | undefined;
  return {
    debugName: "shell",
    name(
      id: string,
      ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
    ) {
      if (!shell) {
        shell = new Set();
        const queue = [...roots];
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
          if (shell.has(next)) continue;
          shell.add(next);
          // The message barrel imports every message; tree-shaking keeps the ones a
          // chunk uses, so messages are left to the automatic chunking.
          if (next.includes("/core/paraglide/messages")) continue;
          queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return shell.has(id) && !id.includes("/core/paraglide/messages") ? "shell" : null;
    },
  };
}

export default defineConfig({
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    buildId(),
    criticalCssPlugin({
      clientOnly: [fileURLToPath(new URL("./app/components/auth-modal.tsx", import.meta.url))],
    }),
  ],
  environments: {
    // The Worker's own code is minified too: what the tests run is what ships, and the
    // upload stays under the Workers Free plan's 3 MB gzip (issue 31.2; source maps are
    // uploaded for stack traces).
    ssr: { build: { minify: true } },
    client: {
      build: {
        // `npm run first-load` attributes the first scripts' bytes to their sources.
        sourcemap: process.env.CLIENT_SOURCEMAP === "1" ? "hidden" : false,
        rolldownOptions: { output: { codeSplitting: { groups: [shellChunk()] } } },
      },
    },
  },
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react-router"] },
});
