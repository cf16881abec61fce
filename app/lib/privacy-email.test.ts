import { describe, expect, it } from "vitest";
import { privacyEmail } from "./privacy-email";

describe("privacyEmail", () => {
  it.each([
    ["https://lumeniq.com.br", "privacy@lumeniq.com.br"],
    ["https://www.lumeniq.com.br/", "privacy@lumeniq.com.br"],
    ["http://localhost:8787", "privacy@localhost"],
    ["not a url", ""],
  ])("%s -> %j", (baseUrl, email) => {
    expect(privacyEmail(baseUrl)).toBe(email);
  });
});
