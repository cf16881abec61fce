import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

/**
 * What a page makes the browser download before it can run: its stylesheets and the
 * scripts it preloads (docs/decisions/0015-home-performance.md). Each page carries its own
 * texts, not the whole message catalogue, and the account forms' rules (zod) arrive only
 * with the login modal or the pages that show a form.
 */
async function initialScripts(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseUrl), { headers: { Accept: "text/html" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const scripts = [
    ...new Set([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? "")),
  ];
  expect(scripts.length, path).toBeGreaterThan(1);
  const bodies = await Promise.all(
    scripts.map(async (src) => (await fetch(new URL(src, baseUrl))).text()),
  );
  return bodies.join("\n");
}

const messages = {
  en: JSON.parse(readFileSync("messages/en.json", "utf8")) as Record<string, string>,
  "pt-br": JSON.parse(readFileSync("messages/pt-br.json", "utf8")) as Record<string, string>,
};
/** A message's first words, as they appear in a built script. */
const text = (locale: keyof typeof messages, key: string) => {
  const value = messages[locale][key];
  if (!value) throw new Error(`no message ${key}`);
  return value.slice(0, 36);
};
const zodSignature = "ZodError";

describe("what a page downloads first", () => {
  it.each(["/", "/pt-br"])(
    "home %s: its own texts, no legal text, no e-mail text, no zod",
    async (path) => {
      const scripts = await initialScripts(path);
      // The search finds what belongs here: a famous entry's role, in both languages.
      expect(scripts).toContain(text("pt-br", "home_famous_curie_role"));
      expect(scripts).toContain(text("en", "home_famous_curie_role"));
      for (const locale of ["en", "pt-br"] as const) {
        expect(scripts).not.toContain(text(locale, "privacy_s1_p1"));
        expect(scripts).not.toContain(text(locale, "terms_s1_p1"));
        expect(scripts).not.toContain(text(locale, "email_reset_intro"));
      }
      expect(scripts).not.toContain(zodSignature);
    },
  );

  it("the privacy policy carries its text, and a form page its rules", async () => {
    const privacy = await initialScripts("/privacy-policy");
    expect(privacy).toContain(text("en", "privacy_s1_p1"));
    expect(privacy).toContain(text("pt-br", "privacy_s1_p1"));
    const form = await initialScripts(`/change-password/${"a".repeat(32)}`);
    expect(form).toContain(zodSignature);
  });
});
