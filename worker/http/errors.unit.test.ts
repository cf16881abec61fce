import { describe, expect, it } from "vitest";
import { loggedError, loggedPath } from "./errors";

describe("SECURITY 31: loggedPath keeps tokens out of the logs", () => {
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

describe("SECURITY 31: loggedError keeps statement values and e-mails out of the logs", () => {
  it("logs drizzle's statement without its params, and the causes", () => {
    const cause = new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT");
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "users" values (?, ?)\nparams: ana@example.com,scrypt$16384$16$1$c2FsdA==$a2V5',
      ),
      {
        query: 'insert into "users" values (?, ?)',
        params: ["ana@example.com", "scrypt$…"],
        cause,
      },
    );
    const logged = loggedError(failed);
    expect(logged).toMatch(/^Error: Failed query: insert into "users" values \(\?, \?\)\n\s+at /);
    expect(logged).toContain("cause: Error: D1_ERROR: UNIQUE constraint failed: users.email");
    expect(logged).not.toContain("ana@example.com");
    expect(logged).not.toContain("scrypt$");
  });

  it("masks an e-mail in any message, and logs nothing of a thrown value", () => {
    expect(loggedError(new TypeError("no user ana.silva+x@mail.example.com.br"))).toMatch(
      /^TypeError: no user \(e-mail\)\n/,
    );
    expect(loggedError("token=abc")).toBe("(a thrown string)");
  });
});
