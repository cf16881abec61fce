import { afterEach, describe, expect, it, vi } from "vitest";
import {
  guardRouteModuleReloads,
  isChunkLoadError,
  RouteModuleLoadError,
  reloadAfterChunkError,
} from "./chunk-reload";

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

describe("React Router's reload after a route module fails to load", () => {
  const failure = "Error loading route module `/assets/home-abc.js`, reloading page...";
  afterEach(() => vi.useRealTimers());

  it("is let through once, then stopped by a throw from its log line within 10 s", () => {
    vi.useFakeTimers({ now: 50_000 });
    const storage = memoryStorage();
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    guardRouteModuleReloads(target, storage);

    expect(() => target.error(failure)).not.toThrow();
    vi.setSystemTime(59_999);
    expect(() => target.error(failure)).toThrow(RouteModuleLoadError);
    vi.setSystemTime(60_000);
    expect(() => target.error(failure)).not.toThrow();
    // Every line is still logged, and other errors pass untouched.
    expect(() => target.error("something else")).not.toThrow();
    expect(() => target.error(new Error("boom"))).not.toThrow();
    expect(logged).toHaveLength(5);
  });
});
