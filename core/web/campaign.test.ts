import { describe, expect, it } from "vitest";
import { isCampaignParameter, withoutCampaignParameters } from "./campaign";

describe("campaign parameters", () => {
  it("are the campaign tags and the ad networks' click ids, and nothing the site reads", () => {
    for (const name of [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_content",
      "gclid",
      "fbclid",
    ]) {
      expect(isCampaignParameter(name), name).toBe(true);
    }
    for (const name of ["returnUrl", "login", "session_id", "page", "utm", "gclid2", "FBCLID"]) {
      expect(isCampaignParameter(name), name).toBe(false);
    }
  });

  it("are dropped from a query string, which keeps everything else as it was", () => {
    expect(withoutCampaignParameters("")).toBe("");
    expect(withoutCampaignParameters("?")).toBe("");
    expect(withoutCampaignParameters("?utm_source=news&fbclid=IwAR0x")).toBe("");
    expect(withoutCampaignParameters("?returnUrl=%2Fpt-br%2Fteste")).toBe(
      "?returnUrl=%2Fpt-br%2Fteste",
    );
    expect(withoutCampaignParameters("?utm_source=news&returnUrl=%2Ftest&gclid=x")).toBe(
      "?returnUrl=%2Ftest",
    );
  });
});
