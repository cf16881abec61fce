import { describe, expect, it } from "vitest";
import { isChunkLoadError, reloadAfterChunkError } from "./chunk-reload";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe("reload after a failed chunk load", () => {
  it("reloads at most once per 10 seconds", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadAfterChunkError(storage, reload, 1_000)).toBe(true);
    expect(reloadAfterChunkError(storage, reload, 9_000)).toBe(false);
    expect(reloadAfterChunkError(storage, reload, 10_999)).toBe(false);
    expect(reloadAfterChunkError(storage, reload, 11_000)).toBe(true);
    expect(reloads).toBe(2);
  });

  it("recognises the browsers' chunk errors only", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});
