import { describe, expect, it } from "vitest";
import { requestCountry } from "./country";

/** The edge's country (ADR 0043): `X-Dev-Country` names it in development only. */
describe("requestCountry", () => {
  const request = (country?: string) =>
    new Request("http://localhost/", { headers: country ? { "X-Dev-Country": country } : {} });

  it("reads X-Dev-Country in development, a two-letter code only", () => {
    expect(requestCountry(request("BR"), { ENVIRONMENT: "development" })).toBe("BR");
    expect(requestCountry(request("Brazil"), { ENVIRONMENT: "development" })).toBeNull();
    expect(requestCountry(request(), { ENVIRONMENT: "development" })).toBeNull();
  });

  it("ignores it in production: only the edge says where a request comes from", () => {
    expect(requestCountry(request("BR"), { ENVIRONMENT: "production" })).toBeNull();
  });
});
