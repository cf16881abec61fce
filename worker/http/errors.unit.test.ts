import { describe, expect, it } from "vitest";
import { loggedPath } from "./errors";

describe("loggedPath (SECURITY.md 31: no token in the logs)", () => {
  it.each([
    [
      "https://x.test/api/accounts/password-reset/abcdefghijklmnopqrstuvwxyz234567",
      "/api/accounts/password-reset/…",
    ],
    [
      "https://x.test/pt-br/change-password/abcdefghijklmnopqrstuvwxyz234567?a=1",
      "/pt-br/change-password/…",
    ],
    [
      "https://x.test/api/tests/0f8fad5b-d9cb-469f-a165-70867728950e/answers/sm01",
      "/api/tests/0f8fad5b-d9cb-469f-a165-70867728950e/answers/sm01",
    ],
    ["https://x.test/terms-of-use", "/terms-of-use"],
  ])("%s -> %s", (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});
