import { describe, expect, it } from "vitest";
import { errorModalButton, errorModalKey, planApiError } from "./api";

describe("the shared error handling (spec section 8)", () => {
  it("puts field messages on the form's fields and code/system/unknown fields in toasts", () => {
    expect(
      planApiError(
        {
          status: 400,
          fields: {
            email: ["Email can not be used!"],
            code: ["Email or password is invalid."],
            system: ["Too many attempts."],
            nickname: ["Not a field of this form"],
          },
        },
        ["email", "password"],
      ),
    ).toEqual({
      kind: "fields",
      fields: { email: ["Email can not be used!"] },
      toasts: ["Email or password is invalid.", "Too many attempts.", "Not a field of this form"],
    });
  });

  it("a 401 with fields is still a field error (wrong password), not the login modal", () => {
    expect(
      planApiError({ status: 401, fields: { code: ["Email or password is invalid."] } }),
    ).toMatchObject({ kind: "fields", toasts: ["Email or password is invalid."] });
  });

  it("a bare 401 opens the login modal", () => {
    expect(planApiError({ status: 401 })).toEqual({ kind: "login" });
    expect(planApiError({ status: 401, fields: {} })).toEqual({ kind: "login" });
  });

  it.each([
    [402, "402", false],
    [403, "403", true],
    [404, "404", true],
    [409, "default", true],
    [410, "410", false],
    [422, "422", false],
    [500, "500", false],
    [503, "503", false],
    [418, "default", false],
    [0, "default", false],
  ])("status %i opens the error modal %s (home: %s)", (status, key, goHome) => {
    expect(planApiError({ status })).toEqual({ kind: "modal", key, status, goHome });
  });

  it("names the modal after the code when its texts exist, else after the status", () => {
    expect(errorModalKey("invalidToken", 410)).toBe("invalid_token");
    expect(errorModalKey("notFound", 404)).toBe("404");
    expect(errorModalKey("Some Weird/Code", 999)).toBe("default");
  });
});

describe("the error modal's button", () => {
  it.each([
    // status, goHome, retry given, onAction given -> what the button does
    [503, false, true, false, "retry"],
    [503, false, true, true, "retry"],
    [503, false, false, true, "action"],
    [503, false, false, false, "reload"],
    [500, false, true, false, "close"],
    [500, false, false, true, "action"],
    [402, false, false, true, "action"],
    [0, false, true, false, "close"],
    [403, true, true, true, "home"],
    [404, true, false, false, "home"],
  ] as const)(
    "status %i (home %s, retry %s, action %s): %s",
    (status, goHome, hasRetry, hasAction, button) => {
      expect(errorModalButton({ status, goHome, hasRetry, hasAction })).toBe(button);
    },
  );

  it("503's 'Try Again' never just closes the modal", () => {
    for (const hasRetry of [true, false]) {
      for (const hasAction of [true, false]) {
        const status = planApiError({ status: 503 });
        expect(status).toMatchObject({ kind: "modal", key: "503", goHome: false });
        expect(errorModalButton({ status: 503, hasRetry, hasAction })).not.toBe("close");
      }
    }
  });
});
