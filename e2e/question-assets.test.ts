import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { questionBank } from "../core/items/question-bank.generated";
import { baseUrl } from "./browser";

/**
 * Item images are static assets named by their content hash (ADR 0006): the built Worker
 * must serve them as SVG with a year-long, immutable cache lifetime (public/_headers).
 */

const question = questionBank[0];
const urls = question ? [question.image.url, question.options[0]?.image.url as string] : [];

describe("the item images", () => {
  it("come from the bank", () => {
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/q\/[0-9a-f]{16}\.svg$/);
  });

  it.each(urls)("%s is served as SVG with a long-lived, immutable cache header", async (url) => {
    const response = await fetch(new URL(url, baseUrl), { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml\b/);
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).toContain("max-age=31536000");
    expect(cacheControl).toContain("immutable");
    expect(await response.text()).toBe(readFileSync(`public${url}`, "utf8"));
  });
});
