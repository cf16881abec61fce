import { readFileSync } from "node:fs";
import postcss, { type AtRule, type ChildNode, type Container } from "postcss";
import type { Plugin } from "vite";

/**
 * The critical CSS of each page, made at build time from the built stylesheets
 * (docs/decisions/0028-first-load.md): the rules of the page's own stylesheets whose
 * selectors can match markup that the page's code can render. A selector needs each class
 * and id it names (outside `:not()`, `:is()`, `:where()` and `:has()`, which are kept) to
 * appear as a word in the source of the page's modules, or to start with a prefix the
 * source completes at run time (`button-${size}`). Elements and attributes are assumed
 * present. The server inlines it in <head> (app/entry.server.tsx), and the stylesheets
 * then load without blocking the first paint (app/components/page-links.tsx).
 */

/** The class and id names that a page's source can produce. */
export interface UsedNames {
  words: ReadonlySet<string>;
  prefixes: readonly string[];
}

const wordPattern = /[A-Za-z_][\w-]*/g;
// `prefix-${…}` in a template literal, or "prefix-" + … in a concatenation.
const prefixPatterns = [/([A-Za-z][\w-]*-)\$\{/g, /["'`]([A-Za-z][\w-]*-)["'`]\s*\+/g];

export function usedNames(sources: Iterable<string>): UsedNames {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const source of sources) {
    for (const [word] of source.matchAll(wordPattern)) words.add(word);
    for (const pattern of prefixPatterns) {
      for (const match of source.matchAll(pattern)) prefixes.add(match[1] ?? "");
    }
  }
  return { words, prefixes: [...prefixes].filter(Boolean) };
}

/** Removes functional pseudo-classes with their arguments, which may nest. */
function withoutFunctionalPseudos(selector: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const rest = selector.slice(i);
    const opening = depth === 0 ? /^:(?:not|is|where|has)\(/.exec(rest) : null;
    if (opening) {
      depth = 1;
      i += opening[0].length - 1;
      continue;
    }
    const char = selector[i];
    if (depth > 0) {
      if (char === "(") depth++;
      else if (char === ")") depth--;
      continue;
    }
    out += char;
  }
  return out;
}

/** Whether every class and id the selector requires can be on the page. */
export function selectorIsUsed(selector: string, used: UsedNames): boolean {
  const required = withoutFunctionalPseudos(selector)
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\./g, "_");
  for (const [, name] of required.matchAll(/[.#]([A-Za-z_][\w-]*)/g)) {
    if (name === undefined) continue;
    if (used.words.has(name)) continue;
    if (used.prefixes.some((prefix) => name.startsWith(prefix))) continue;
    return false;
  }
  return true;
}

const animationNames = (value: string) => value.split(/[\s,]+/);

/** Keeps the rules (in `@media` and `@supports` too) whose selectors can match. */
function prune(container: Container, used: UsedNames): void {
  container.each((node: ChildNode) => {
    if (node.type === "rule") {
      const kept = node.selectors.filter((selector) => selectorIsUsed(selector, used));
      if (kept.length === 0) node.remove();
      else if (kept.length < node.selectors.length) node.selectors = kept;
    } else if (node.type === "atrule" && (node.name === "media" || node.name === "supports")) {
      prune(node, used);
      if (!node.nodes?.length) node.remove();
    }
  });
}

/** The part of a page's stylesheets (concatenated in the page's order) that it needs. */
export function criticalCss(css: string, used: UsedNames): string {
  const root = postcss.parse(css);
  prune(root, used);
  // Keyframes only when a kept rule animates with them.
  const animations = new Set<string>();
  root.walkDecls(/^(?:-webkit-)?animation(?:-name)?$/, (decl) => {
    for (const name of animationNames(decl.value)) animations.add(name);
  });
  root.walkAtRules(/keyframes$/, (rule: AtRule) => {
    if (!animations.has(rule.params)) rule.remove();
  });
  return root.toString().trim();
}

const criticalCssModule = "virtual:critical-css";
let byRouteModule: Record<string, string> = {};

/**
 * After the client build, the critical CSS of each route module (its key: the module's
 * URL, as React Router's manifest names it); the server build imports them from
 * `virtual:critical-css`. Empty in development, where React Router inlines its own.
 * A page's names come from the root route's modules and its own, with the modules they
 * import dynamically (the server renders some: the home page's sections, a running test),
 * except `clientOnly` ones, which only an interaction shows (the login modal).
 */
export function criticalCssPlugin({ clientOnly }: { clientOnly: string[] }): Plugin {
  return {
    name: "critical-css",
    resolveId(id) {
      return id === criticalCssModule ? `\0${criticalCssModule}` : undefined;
    },
    load(id) {
      if (id !== `\0${criticalCssModule}`) return undefined;
      return `export default ${JSON.stringify(byRouteModule)};`;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const assets = new Map(
          Object.values(bundle)
            .filter((output) => output.type === "asset")
            .map((asset) => [asset.fileName, asset]),
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const cssText = (name: string) => {
          const source = assets.get(name)?.source ?? "";
          return typeof source === "string" ? source : new TextDecoder().decode(source);
        };

        /** The stylesheets a chunk brings, its imports' first, as a page links them. */
        const stylesheets = (
          chunk: (typeof chunks)[number],
          seen = new Set<string>(),
        ): string[] => {
          if (seen.has(chunk.fileName)) return [];
          seen.add(chunk.fileName);
          const imported = chunk.imports.flatMap((name) => {
            const dependency = byName.get(name);
            return dependency ? stylesheets(dependency, seen) : [];
          });
          return [...imported, ...(chunk.viteMetadata?.importedCss ?? [])];
        };

        /** The texts of our source files that a module reaches. */
        const sources = (root: string): Map<string, string> => {
          const found = new Map<string, string>();
          const visited = new Set<string>();
          const queue = [root];
          for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
            const file = stripQuery(id);
            if (visited.has(id) || !isOurSource(file) || clientOnly.includes(file)) continue;
            visited.add(id);
            found.set(file, readFileSync(file, "utf8"));
            const info = this.getModuleInfo(id);
            queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
          }
          return found;
        };

        const routes = chunks.filter((chunk) =>
          chunk.facadeModuleId?.endsWith("?__react-router-build-client-route"),
        );
        const root = routes.find((chunk) => /\/app\/root\.tsx\?/.test(chunk.facadeModuleId ?? ""));
        if (!root?.facadeModuleId) throw new Error("critical-css: no root route chunk");
        const rootCss = stylesheets(root);
        const rootSources = sources(root.facadeModuleId);

        byRouteModule = {};
        for (const route of routes) {
          const files = [...new Set([...rootCss, ...stylesheets(route)])];
          const texts = new Map([...rootSources, ...sources(route.facadeModuleId ?? "")]);
          const css = files.map(cssText).join("\n");
          byRouteModule[`/${route.fileName}`] = criticalCss(css, usedNames(texts.values()));
        }
      },
    },
  };
}

const stripQuery = (id: string) => id.split("?")[0] ?? id;

/** The app's and core's modules (not packages, not the compiled messages). */
function isOurSource(file: string): boolean {
  return (
    /\/(app|core)\//.test(file) &&
    !file.includes("/node_modules/") &&
    !file.includes("/core/paraglide/") &&
    !file.startsWith("\0") &&
    /\.(tsx?|jsx?)$/.test(file)
  );
}
