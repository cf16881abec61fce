/**
 * npm run first-load [-- route ids] [--messages]: what a page's first scripts are made of
 * (docs/decisions/0028-first-load.md). Builds the client with source maps, takes the
 * scripts React Router preloads for each route (the client entry, then each route module
 * of the match with its imports, from the build's manifest; by default `home.en` and
 * `test.en`) and attributes their bytes to their sources: a package, the compiled messages
 * (each one with `--messages`), a file of ours. The gzip column shares each file's real
 * gzip size out by what each source's part compresses to alone. React, React DOM and
 * React Router are the floor. The source maps are deleted afterwards: the build is
 * otherwise the production one.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";

const assets = "build/client/assets";
const args = process.argv.slice(2);
const routeIds = args.filter((arg) => !arg.startsWith("-"));
const ids = routeIds.length > 0 ? routeIds : ["home.en", "test.en"];
const eachMessage = args.includes("--messages");

execFileSync("npx", ["react-router", "build"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production", CLIENT_SOURCEMAP: "1" },
});
const maps = new Map(
  readdirSync(assets)
    .filter((name) => name.endsWith(".js.map"))
    .map((name) => [name.replace(/\.map$/, ""), readFileSync(`${assets}/${name}`, "utf8")]),
);
for (const name of maps.keys()) rmSync(`${assets}/${name}.map`);

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`no manifest in ${assets}: build first`);
const manifest = JSON.parse(
  readFileSync(`${assets}/${manifestFile}`, "utf8")
    .replace(/^window\.__reactRouterManifest=/, "")
    .replace(/;\s*$/, ""),
) as Manifest;

/** The scripts React Router preloads for a route: the entry, then each route of the match. */
function initialScripts(routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    chain.unshift(route);
  }
  const all = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  return [...new Set(all)].map((src) => src.replace(/^\/assets\//, ""));
}

/** The row a source's bytes go to. */
function groupOf(source: string): string {
  const path = source.replace(/^(\.\.\/)+/, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (pkg) {
    const [, name, rest] = pkg;
    if (name === "react-dom") return `react-dom (${rest?.split("/").at(-1)})`;
    return String(name);
  }
  if (path.includes("core/paraglide/messages")) {
    return eachMessage ? path : "messages (core/paraglide/messages/*)";
  }
  if (path.includes("core/paraglide/")) return "paraglide runtime";
  return path;
}

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

interface Row {
  raw: number;
  alone: number;
  gzip: number;
}

/** Raw bytes per group, and gzip bytes shared out by each group's own compressed size. */
function attribute(file: string): { rows: Map<string, Row>; raw: number; gzip: number } {
  const code = readFileSync(`${assets}/${file}`, "utf8");
  // A chunk that only re-exports another has no map: its bytes are the bundler's.
  const map = JSON.parse(maps.get(file) ?? '{ "sources": [], "mappings": "" }') as {
    sources: string[];
    mappings: string;
  };
  const lines = code.split("\n");
  const pieces = new Map<string, string[]>();
  const add = (group: string, text: string) => {
    if (text.length === 0) return;
    const list = pieces.get(group) ?? [];
    list.push(text);
    pieces.set(group, list);
  };
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    let previousEnd = 0;
    segments.forEach((segment, i) => {
      const start = segment[0];
      const end = segments[i + 1]?.[0] ?? line.length;
      if (start > previousEnd) add("(unmapped)", line.slice(previousEnd, start));
      const source = segment[1] === undefined ? undefined : map.sources[segment[1]];
      add(source === undefined ? "(unmapped)" : groupOf(source), line.slice(start, end));
      previousEnd = end;
    });
    if (segments.length === 0) add("(unmapped)", line);
  });
  const total = gzip(code);
  const alone = new Map([...pieces].map(([group, list]) => [group, gzip(list.join(""))]));
  const aloneSum = [...alone.values()].reduce((a, b) => a + b, 0);
  const rows = new Map<string, Row>();
  for (const [group, list] of pieces) {
    const own = alone.get(group) ?? 0;
    rows.set(group, {
      raw: list.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
      alone: own,
      gzip: (own / aloneSum) * total,
    });
  }
  return { rows, raw: Buffer.byteLength(code), gzip: total };
}

// KB as the project's other figures count them (docs/measurements.md): 1,024 bytes.
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** React and React Router: what any page of this stack downloads (the floor). */
const isFloor = (group: string) => /^(react|react-dom|react-router|scheduler)( |$)/.test(group);

for (const id of ids) {
  const files = initialScripts(id);
  const merged = new Map<string, Row>();
  let raw = 0;
  let total = 0;
  console.log(`\n## ${id}: ${files.length} scripts`);
  for (const file of files) {
    const result = attribute(file);
    raw += result.raw;
    total += result.gzip;
    console.log(`- ${file}: ${kb(result.raw)} KB raw, ${kb(result.gzip)} KB gzip`);
    for (const [group, row] of result.rows) {
      const sum = merged.get(group) ?? { raw: 0, alone: 0, gzip: 0 };
      merged.set(group, {
        raw: sum.raw + row.raw,
        alone: sum.alone + row.alone,
        gzip: sum.gzip + row.gzip,
      });
    }
  }
  console.log(`\n| source | raw KB | gzip KB (share) | gzip KB (alone) |\n|---|---|---|---|`);
  for (const [group, row] of [...merged].sort((a, b) => b[1].gzip - a[1].gzip)) {
    if (row.gzip < 100) continue;
    console.log(`| ${group} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.alone)} |`);
  }
  const small = [...merged.values()].filter((row) => row.gzip < 100);
  const smallGzip = small.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`| ${small.length} smaller sources | | ${kb(smallGzip)} | |`);
  const floor = [...merged].filter(([group]) => isFloor(group));
  const sum = (rows: [string, Row][], key: "raw" | "gzip") =>
    rows.reduce((total, [, row]) => total + row[key], 0);
  console.log(`| **total** | ${kb(raw)} | ${kb(total)} | |`);
  console.log(
    `\nfloor (react, react-dom, scheduler, react-router): ${kb(sum(floor, "raw"))} KB raw, ` +
      `${kb(sum(floor, "gzip"))} KB gzip; the rest ${kb(total - sum(floor, "gzip"))} KB gzip`,
  );
}
