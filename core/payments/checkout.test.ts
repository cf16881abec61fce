import { describe, expect, it } from "vitest";
import { isCheckoutAddress } from "./checkout";

describe("where Pay leads", () => {
  it("an absolute http(s) address only", () => {
    expect(isCheckoutAddress("https://checkout.stripe.com/c/pay/cs_x")).toBe(true);
    expect(isCheckoutAddress("http://localhost:8787/_dev/pay/x")).toBe(true);
    for (const url of ["/_dev/pay/x", "javascript:alert(1)", "data:text/html,x", ""]) {
      expect(isCheckoutAddress(url), url).toBe(false);
    }
  });
});
