import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The house drawn from its imports (issue 27; docs/decisions/0035-development-wing.md):
 * production code reaches the development wing only through its seam, and no import
 * circle runs through the production code. Read from the source: every static
 * `import`/`export ... from` and dynamic `import()` of the .ts/.tsx files of app/, core/,
 * db/ and worker/, resolved to files (package imports are not ours and are left out).
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const folders = ["app", "core", "db", "worker"];

/** The development wing, and the one module of it that production may import. */
const wing = ["worker/dev/", "app/dev/"];
const seam = "worker/dev/index.ts";

interface Import {
  from: string;
  to: string;
  specifier: string;
  typeOnly: boolean;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const inWing = (path: string) => wing.some((folder) => path.startsWith(folder));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; null if none. */
function resolve(from: string, specifier: string): string | null {
  const base = join(dirname(join(root, from)), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found ? relative(root, found).split("\\").join("/") : null;
}

/** Whether an import clause brings in types only (`import type`, or every name `type`). */
function typeOnlyClause(clause: string): boolean {
  if (/^\s*type\s/.test(clause)) return true;
  const named = clause.match(/^\s*\{([\s\S]*)\}\s*$/);
  if (!named?.[1]) return false;
  const names = named[1].split(",").filter((name) => name.trim() !== "");
  return names.length > 0 && names.every((name) => /^\s*type\s/.test(name));
}

/** The relative specifiers a source imports, each with whether only types cross. */
function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  // Comments could name a module; strings in code cannot start a line with `import`.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statics =
    /^\s*(?:import|export)\s+((?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?))\s*from\s*["']([^"']+)["']/gm;
  for (const match of code.matchAll(statics)) {
    found.push({ specifier: match[2] ?? "", typeOnly: typeOnlyClause(match[1] ?? "") });
  }
  for (const match of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  return found.filter(({ specifier }) => specifier.startsWith("."));
}

/** Every import between our files (generated route types and the like resolve to none). */
function importGraph(): Import[] {
  return folders.flatMap(sources).flatMap((from) =>
    importsOf(readFileSync(join(root, from), "utf8")).flatMap(({ specifier, typeOnly }) => {
      const to = resolve(from, specifier);
      return to ? [{ from, to, specifier, typeOnly }] : [];
    }),
  );
}

/** Production imports of the wing other than its seam, as `file imports "specifier"`. */
function wingTrespasses(imports: Import[]): string[] {
  return imports
    .filter(({ from, to }) => !isTest(from) && !inWing(from) && inWing(to) && to !== seam)
    .map(({ from, to, specifier }) => `${from} imports "${specifier}" (${to})`);
}

/** One circle per strongly connected group of files, as `a -> b -> a`. */
function importCycles(imports: Import[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's strongly connected components, iteratively (the graph is deep).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1] as [string, number];
      const [node, edge] = top;
      const targets = next.get(node) ?? [];
      if (edge < targets.length) {
        top[1] = edge + 1;
        const target = targets[edge] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) ?? 0, low.get(node) ?? 0));
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        const selfLoop = (next.get(node) ?? []).includes(node);
        if (group.length > 1 || selfLoop) groups.push(group);
      }
    }
  }
  return groups.map((group) => circleThrough(group, next));
}

/** A shortest way from the group's first file back to itself, inside the group. */
function circleThrough(group: string[], next: Map<string, string[]>): string {
  const members = new Set(group);
  const start = [...group].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of next.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) chain.unshift(at);
        return [start, ...chain, start].join(" -> ");
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return group.join(" -> ");
}

const graph = importGraph();
const production = graph.filter(({ from, to }) => !isTest(from) && !isTest(to));

describe("the import graph", () => {
  it("is read: the Worker entry reaches the app, the seam and the domain", () => {
    const entry = graph.filter(({ from }) => from === "worker/index.ts").map(({ to }) => to);
    expect(entry).toEqual(expect.arrayContaining(["worker/app.ts", seam]));
    expect(graph.length).toBeGreaterThan(500);
  });

  it("production imports the development wing only through its seam", () => {
    expect(wingTrespasses(graph)).toEqual([]);
  });

  it("has no import circle in production code, type-only imports included", () => {
    expect(importCycles(production)).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const edge = (from: string, to: string, typeOnly = false): Import => ({
    from,
    to,
    specifier: to,
    typeOnly,
  });

  it("reads every form of import, and which bring only types", () => {
    const source = `import { a } from "./a";
import type { B } from "./b";
import { type C, type D } from "./c";
import e, { f } from "./e";
export * from "./g";
export type { H } from "./h";
import "./side-effect";
const lazy = () => import("./lazy");
// import { commented } from "./commented";
import { zod } from "zod";`;
    expect(importsOf(source)).toEqual([
      { specifier: "./a", typeOnly: false },
      { specifier: "./b", typeOnly: true },
      { specifier: "./c", typeOnly: true },
      { specifier: "./e", typeOnly: false },
      { specifier: "./g", typeOnly: false },
      { specifier: "./h", typeOnly: true },
      { specifier: "./side-effect", typeOnly: false },
      { specifier: "./lazy", typeOnly: false },
    ]);
  });

  it("names a production file that imports the wing past its seam, even for types", () => {
    const imports = [
      edge("worker/app.ts", seam),
      edge("worker/payments/providers.ts", "worker/dev/pay/provider.ts", true),
      edge("worker/dev/routes.ts", "worker/dev/pay/page.ts"),
      edge("worker/dev/pay/page.test.ts", "worker/dev/pay/sessions.ts"),
    ];
    expect(wingTrespasses(imports)).toEqual([
      'worker/payments/providers.ts imports "worker/dev/pay/provider.ts" (worker/dev/pay/provider.ts)',
    ]);
  });

  it("names each circle once", () => {
    const imports = [
      edge("a.ts", "b.ts"),
      edge("b.ts", "c.ts"),
      edge("c.ts", "a.ts"),
      edge("c.ts", "d.ts"),
      edge("e.ts", "e.ts"),
    ];
    expect(importCycles(imports)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts"]);
    expect(importCycles([edge("a.ts", "b.ts"), edge("b.ts", "c.ts")])).toEqual([]);
  });
});
