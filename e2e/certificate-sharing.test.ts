import { finishedAttemptOfNewAccount } from "./attempt-taking";
import {
  answerCookieBanner,
  baseUrl,
  hasNoHorizontalOverflow,
  screenshot,
  viewports,
} from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * Sharing a certificate (issue 30.7, docs/decisions/0043-a-certificate-worth-sharing.md):
 * the owner's Share button (the Web Share API, else the link copied) and Add to LinkedIn;
 * the verification page's preview card (Open Graph, Twitter) with the public image, in
 * both languages, at a phone width and on a desktop.
 */

const name = "Conceição Júlia Araújo";

const texts = {
  en: {
    certificate: "/certificate/",
    verify: "/verify/",
    share: "Share",
    linkedIn: "Add to LinkedIn",
    copied: "Link copied",
    certification: "IQ test: certificate of participation",
    title: `${name}: certificate of participation, IQ`,
  },
  "pt-br": {
    certificate: "/pt-br/certificado/",
    verify: "/pt-br/verificar/",
    share: "Compartilhar",
    linkedIn: "Adicionar ao LinkedIn",
    copied: "Link copiado",
    certification: "Teste de QI: certificado de participação",
    title: `${name}: certificado de participação, QI`,
  },
} as const;

describe.each([
  ["en", "phone"],
  ["pt-br", "phone"],
  ["en", "desktop"],
  ["pt-br", "desktop"],
] as const)("sharing a certificate in %s on a %s", (locale, size) => {
  const t = texts[locale];
  const viewport = viewports[size];

  it("shares through the device or copies the link, adds it to LinkedIn, and previews it with its image", async ({
    newPage,
  }) => {
    const { page, context, problems } = await newPage({ viewport });
    const attemptId = await finishedAttemptOfNewAccount(context, "share", name);
    // The device's share sheet and the clipboard, recorded: the test sees what they got.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { sharedWith: calls });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: unknown) => {
          calls.push({ share: data });
        },
      });
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: {
          writeText: async (text: string) => {
            calls.push({ copied: text });
          },
        },
      });
    });
    await page.goto(`${t.certificate}${attemptId}`);
    await answerCookieBanner(page);
    const verifyHref =
      (await page.getByTestId("certificate-verify-link").getAttribute("href")) ?? "";
    expect(verifyHref).toMatch(new RegExp(`^${t.verify}[0-9A-Z]{10}$`));
    const code = verifyHref.slice(t.verify.length);
    const verifyUrl = `${baseUrl}${verifyHref}`;

    // Where the browser has a share sheet, Share opens it with the verification link.
    await page.getByRole("button", { name: t.share }).click();
    await page.waitForFunction(() => (window as { sharedWith?: unknown[] }).sharedWith?.length);
    const shared = await page.evaluate(() => (window as { sharedWith?: unknown[] }).sharedWith);
    expect(shared).toEqual([
      { share: { title: expect.any(String), text: expect.stringContaining("IQ"), url: verifyUrl } },
    ]);
    // Without one, it copies the link and says so.
    await page.evaluate(() => {
      Reflect.deleteProperty(navigator, "share");
    });
    await page.getByRole("button", { name: t.share }).click();
    await page.getByText(t.copied).waitFor();
    expect(await page.evaluate(() => (window as { sharedWith?: unknown[] }).sharedWith)).toEqual([
      shared?.[0],
      { copied: verifyUrl },
    ]);

    // Add to LinkedIn: the certification form, filled.
    const linkedIn = new URL(
      (await page.getByRole("link", { name: t.linkedIn }).getAttribute("href")) ?? "",
    );
    expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe("https://www.linkedin.com/profile/add");
    const year = String(new Date().getUTCFullYear());
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: t.certification,
      organizationName: "Lumen IQ",
      issueYear: year,
      issueMonth: String(new Date().getUTCMonth() + 1),
      certUrl: verifyUrl,
      certId: code,
    });
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `certificate-share-${locale}-${size}`);

    // A stranger's link preview: the card's title and the public image, nothing private.
    const stranger = await newPage({ viewport });
    expect((await stranger.page.goto(verifyHref))?.status()).toBe(200);
    const tags = await stranger.page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll("meta[property], meta[name]")].map((tag) => [
          tag.getAttribute("property") ?? tag.getAttribute("name"),
          tag.getAttribute("content"),
        ]),
      ),
    );
    const image = `${baseUrl}/api/certificates/shared/${code}.png?lang=${locale}`;
    expect(tags).toMatchObject({
      "og:title": expect.stringContaining(t.title),
      "og:url": verifyUrl,
      "og:type": "website",
      "og:image": image,
      "og:image:type": "image/png",
      "og:image:width": "1600",
      "og:image:height": "1131",
      "og:image:alt": expect.stringContaining(name),
      "twitter:card": "summary_large_image",
      "twitter:title": tags["og:title"],
      "twitter:image": image,
    });
    expect(await stranger.page.title()).toBe(tags["og:title"]);
    const everything = JSON.stringify(tags);
    expect(everything).not.toContain("@example.com");
    expect(everything).not.toContain("1996");
    const png = await stranger.context.request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(png.headers()["cache-control"]).toBe("public, max-age=3600");
    await screenshot(stranger.page, `certificate-shared-verify-${locale}-${size}`);
    expect(stranger.problems).toEqual([]);
    expect(problems).toEqual([]);
  });
});
