import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * package.json "engines" must not admit a Node that cannot run the project: the scripts
 * are run as `node file.ts` (type stripping: on by default from 22.18.0 and 23.6.0),
 * sale-images.ts uses import.meta.main (22.18.0, 24.2.0), and every dependency states
 * its own floor. Checked over every x.y.0 release from Node 18 to 26 with a small reader
 * of the range forms in use (^, >=, >, <=, <, =, with or without a space after them;
 * spaces for "and", || for "or").
 */

type Version = [number, number, number];

function parse(text: string): Version {
  const match = text.trim().match(/^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/);
  if (!match) throw new Error(`cannot read the version "${text}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfies(version: Version, range: string): boolean {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      // npm reads ">= 10" as ">=10" (@resvg/resvg-wasm writes it so).
      .replace(/(\^|>=|>|<=|<|=)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const match = comparator.match(/^(\^|>=|>|<=|<|=)?(.+)$/);
        if (!match) throw new Error(`cannot read the range "${range}"`);
        const bound = parse(match[2] as string);
        const order = compare(version, bound);
        switch (match[1]) {
          case "^":
            return order >= 0 && version[0] === bound[0];
          case ">=":
            return order >= 0;
          case ">":
            return order > 0;
          case "<=":
            return order <= 0;
          case "<":
            return order < 0;
          default:
            return order === 0;
        }
      }),
  );
}

const project = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const admitted: Version[] = [];
for (let major = 18; major <= 26; major++)
  for (let minor = 0; minor <= 30; minor++)
    if (satisfies([major, minor, 0], project.engines.node)) admitted.push([major, minor, 0]);

describe('package.json "engines"', () => {
  it("reads ranges the way npm does", () => {
    expect(satisfies([22, 18, 0], ">=22.18")).toBe(true);
    expect(satisfies([22, 17, 9], ">=22.18")).toBe(false);
    expect(satisfies([23, 1, 0], "^20.0.0 || ^22.0.0 || >=24.0.0")).toBe(false);
    expect(satisfies([24, 0, 0], "^20.0.0 || ^22.0.0 || >=24.0.0")).toBe(true);
    expect(satisfies([9, 0, 0], ">= 10")).toBe(false);
    expect(satisfies([24, 0, 0], ">= 10")).toBe(true);
  });

  it("admits the Node the project ships with, and no Node that cannot run its .ts scripts", () => {
    expect(satisfies(parse(process.versions.node), project.engines.node)).toBe(true);
    const ts = "^22.18.0 || >=23.6.0";
    const importMetaMain = "^22.18.0 || >=24.2.0";
    for (const version of admitted) {
      expect(satisfies(version, ts), `${version.join(".")} strips types`).toBe(true);
      expect(satisfies(version, importMetaMain), `${version.join(".")} import.meta.main`).toBe(
        true,
      );
    }
  });

  it("admits no Node that a dependency refuses", () => {
    const names = Object.keys({ ...project.dependencies, ...project.devDependencies });
    for (const name of names) {
      const engines = (
        JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as {
          engines?: { node?: string };
        }
      ).engines;
      if (!engines?.node) continue;
      for (const version of admitted)
        expect(satisfies(version, engines.node), `${name} on ${version.join(".")}`).toBe(true);
    }
  });
});
