import { describe, expect, it } from "vitest";
import { linkedInAddToProfileUrl, sharedCertificateImagePath } from "./certificate-sharing";

describe("LinkedIn's add-to-profile link", () => {
  it("fills the certification's name, organisation, issue year and month, URL and id", () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        name: "IQ test: certificate of participation",
        organizationName: "Lumen IQ",
        issued: "2026-03-09",
        certUrl: "https://example.com/pt-br/verificar/7K3M9QX2TB",
        code: "7K3M9QX2TB",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "IQ test: certificate of participation",
      organizationName: "Lumen IQ",
      issueYear: "2026",
      issueMonth: "3",
      certUrl: "https://example.com/pt-br/verificar/7K3M9QX2TB",
      certId: "7K3M9QX2TB",
    });
  });

  it("names the shared image by code and language", () => {
    expect(sharedCertificateImagePath("7K3M9QX2TB", "pt-br")).toBe(
      "/api/certificates/shared/7K3M9QX2TB.png?lang=pt-br",
    );
  });
});
