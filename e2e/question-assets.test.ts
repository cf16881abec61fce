import { describe, expect, it } from "vitest";
import type { RunningAttempt } from "../core/attempts/attempt";
import { baseUrl } from "./browser";

/**
 * An attempt's item images, as the built Worker serves them
 * (docs/decisions/0039-forms-served-and-scored.md): made from the attempt's own form under
 * opaque names, SVG with a year-long immutable cache lifetime, the same bytes every time.
 */

async function newAttempt(): Promise<RunningAttempt> {
  const response = await fetch(new URL("/api/tests", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(baseUrl).origin },
    body: "{}",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RunningAttempt;
}

describe("the item images", () => {
  it("are the attempt's own, served as SVG with a long-lived, immutable cache header", async () => {
    const state = await newAttempt();
    const question = state.questions[12];
    const urls = question ? [question.image.url, ...question.options.map((o) => o.image.url)] : [];
    expect(urls).toHaveLength(5);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^/q/f/${state.id}/[0-9a-f]{32}\\.svg$`));
      const first = await fetch(new URL(url, baseUrl), { redirect: "manual" });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toMatch(/^image\/svg\+xml\b/);
      const cacheControl = first.headers.get("cache-control") ?? "";
      expect(cacheControl).toContain("max-age=31536000");
      expect(cacheControl).toContain("immutable");
      const body = await first.text();
      expect(body.startsWith("<svg")).toBe(true);
      // Asked again (from the edge cache now), the same image.
      expect(await (await fetch(new URL(url, baseUrl))).text()).toBe(body);
    }
  });
});
