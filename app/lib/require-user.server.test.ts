import { describe, expect, it } from "vitest";
import { anonymousUser, type SignedInUser } from "../../core/accounts/account";
import { testLoadContext } from "../../tests/app/load-context";
import { requireProfile, requireUser } from "./require-user.server";

const signedIn: SignedInUser = {
  id: "u1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  dateOfBirth: "1990-12-10",
  profilePicture: null,
  shouldUpdate: false,
  isAuthenticated: true,
};

function contextFor(user: SignedInUser | typeof anonymousUser) {
  return testLoadContext({ user });
}

function thrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("requireUser did not redirect");
}

describe("requireUser (spec section 2: private screens send anonymous users home)", () => {
  it("returns the signed-in user", () => {
    const request = new Request("https://lumen.test/tests");
    expect(requireUser(contextFor(signedIn), request)).toBe(signedIn);
  });

  it.each([
    ["https://lumen.test/tests", "/?returnUrl=%2Ftests"],
    ["https://lumen.test/pt-br/testes", "/pt-br?returnUrl=%2Fpt-br%2Ftestes"],
    ["https://lumen.test/tests?page=2", "/?returnUrl=%2Ftests%3Fpage%3D2"],
    // A client-side navigation asks for the page's data.
    [
      "https://lumen.test/pt-br/testes.data?_routes=tests.pt-br",
      "/pt-br?returnUrl=%2Fpt-br%2Ftestes",
    ],
  ])("redirects an anonymous visitor of %s to %s", (url, location) => {
    const response = thrown(() => requireUser(contextFor(anonymousUser), new Request(url)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });
});

describe("requireProfile (ADR 0022: no score before the date of birth)", () => {
  it("returns a user who has told their date of birth", () => {
    const request = new Request("https://lumen.test/tests");
    expect(requireProfile(contextFor(signedIn), request)).toBe(signedIn);
  });

  it("answers 403 profileIncomplete, which the pages show as the completion step", () => {
    const google = { ...signedIn, dateOfBirth: null, shouldUpdate: true };
    let error: unknown;
    try {
      requireProfile(contextFor(google), new Request("https://lumen.test/result/x"));
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ init: { status: 403 }, data: { code: "profileIncomplete" } });
  });

  it("still sends an anonymous visitor home first", () => {
    const response = thrown(() =>
      requireProfile(contextFor(anonymousUser), new Request("https://lumen.test/tests")),
    );
    expect(response.status).toBe(302);
  });
});
