import { describe, expect, it } from "vitest";
import {
  localizePath,
  matchScreen,
  routeModule,
  routePattern,
  type Screen,
  screenNames,
  switchLocalePath,
} from "./route-table";

const id = "3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f";
const paymentId = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
const token = "Zx9_kP2-qR7sT4uV8wY1";

describe("the localized route table (spec section 2)", () => {
  it.each<[Screen, Record<string, string>, string, string]>([
    ["home", {}, "/", "/pt-br"],
    ["changePassword", { token }, `/change-password/${token}`, `/pt-br/change-password/${token}`],
    ["checkout", { id }, `/checkout/${id}`, `/pt-br/checkout/${id}`],
    [
      "checkoutStatus",
      { id, paymentId },
      `/checkout/${id}/status/${paymentId}`,
      `/pt-br/checkout/${id}/status/${paymentId}`,
    ],
    [
      "payments",
      { status: "pending", id },
      `/payments/pending/${id}`,
      `/pt-br/pagamentos/pending/${id}`,
    ],
    ["privacyPolicy", {}, "/privacy-policy", "/pt-br/privacy-policy"],
    ["register", {}, "/register", "/pt-br/cadastro"],
    ["report", { id }, `/report/${id}`, `/pt-br/relatorio/${id}`],
    ["result", { id }, `/result/${id}`, `/pt-br/resultado/${id}`],
    ["termsOfUse", {}, "/terms-of-use", "/pt-br/termos-de-uso"],
    ["test", {}, "/test", "/pt-br/teste"],
    ["tests", {}, "/tests", "/pt-br/testes"],
    ["certificate", { id }, `/certificate/${id}`, `/pt-br/certificado/${id}`],
    [
      "certificateVerify",
      { code: "7K3M9QX2TB" },
      "/verify/7K3M9QX2TB",
      "/pt-br/verificar/7K3M9QX2TB",
    ],
  ])("%s is %s in English and %s in Portuguese", (screen, params, en, pt) => {
    expect(localizePath(screen, "en", params)).toBe(en);
    expect(localizePath(screen, "pt-br", params)).toBe(pt);
    expect(matchScreen(en)).toEqual({ screen, locale: "en", params, valid: true });
    expect(matchScreen(pt)).toEqual({ screen, locale: "pt-br", params, valid: true });
  });

  it("covers every screen of the spec exactly once, plus the two addressed error screens, the certificate's verification, the account page, how the test works and the refund", () => {
    expect(screenNames).toHaveLength(19);
    expect(localizePath("refund", "pt-br", { paymentId: id })).toBe(`/pt-br/reembolso/${id}`);
    expect(localizePath("method", "en")).toBe("/how-it-works");
    expect(localizePath("method", "pt-br")).toBe("/pt-br/como-funciona");
    expect(localizePath("account", "en")).toBe("/account");
    expect(localizePath("account", "pt-br")).toBe("/pt-br/conta");
  });

  it("accepts only well-formed certificate codes (Crockford base32, 10 characters)", () => {
    expect(matchScreen("/verify/7k3m9qx2tb")).toMatchObject({ valid: true });
    for (const bad of ["7K3M9QX2T", "7K3M9QX2TBB", "7K3M9QX2TI", "7K3M9QX2T%3C"]) {
      expect(matchScreen(`/verify/${bad}`), bad).toMatchObject({ valid: false });
    }
  });

  it("refuses to build a path with a missing or malformed parameter", () => {
    expect(() => localizePath("result", "en")).toThrow(/id/);
    expect(() => localizePath("result", "en", { id: "../admin" })).toThrow(/id/);
  });

  it("marks a path whose parameters fail validation as invalid (404)", () => {
    expect(matchScreen("/result/not-a-uuid")).toMatchObject({ screen: "result", valid: false });
    expect(matchScreen(`/payments/refunded/${id}`)).toMatchObject({
      screen: "payments",
      valid: false,
    });
    expect(matchScreen("/change-password/short")).toMatchObject({ valid: false });
  });

  it("does not match paths outside the table", () => {
    expect(matchScreen("/nao-existe")).toBeNull();
    expect(matchScreen("/pt-br/register")).toBeNull();
    expect(matchScreen("/cadastro")).toBeNull();
  });

  it("treats a trailing slash as the same screen", () => {
    expect(matchScreen("/pt-br/cadastro/")).toMatchObject({ screen: "register", locale: "pt-br" });
  });

  it("switches language on the same screen, keeping ids and the query string", () => {
    expect(switchLocalePath("/register", "pt-br")).toBe("/pt-br/cadastro");
    expect(switchLocalePath("/pt-br/cadastro", "en")).toBe("/register");
    expect(switchLocalePath(`/result/${id}`, "pt-br")).toBe(`/pt-br/resultado/${id}`);
    expect(switchLocalePath(`/pt-br/pagamentos/success/${id}?x=1`, "en")).toBe(
      `/payments/success/${id}?x=1`,
    );
    expect(switchLocalePath("/", "pt-br")).toBe("/pt-br");
    expect(switchLocalePath("/pt-br", "en")).toBe("/");
  });

  it("sends unknown or invalid paths to the other language's home", () => {
    expect(switchLocalePath("/nao-existe", "pt-br")).toBe("/pt-br");
    expect(switchLocalePath("/pt-br/resultado/123", "en")).toBe("/");
  });

  it("names route modules in kebab-case and patterns with the prefix", () => {
    expect(routeModule("changePassword")).toBe("routes/change-password.tsx");
    // An IQ test someone takes is an attempt in code; the screens keep their URLs' names.
    expect(routeModule("test")).toBe("routes/attempt.tsx");
    expect(routeModule("tests")).toBe("routes/attempts.tsx");
    expect(routePattern("home", "pt-br")).toBe("/pt-br");
    expect(routePattern("result", "pt-br")).toBe("/pt-br/resultado/:id");
  });
});
