import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { Locale } from "../core/locales/locales";
import {
  answerByKey,
  sendAnyway,
  sendsHomeToSignIn,
  showsInvalidAttempt,
  signUpInModal,
  signUpViaApi,
  startTest,
} from "./attempt-taking";
import { hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * The participation certificate in Chromium (issue 6): from the result to the certificate
 * page, the image, the PNG download, the printed page, and the public verification page,
 * in both languages, at a phone width and on a desktop.
 */

const name = "Conceição Júlia Araújo";

const texts = {
  en: {
    result: "/result/",
    certificate: "/certificate/",
    verify: "/verify/",
    yourCertificate: "Your certificate",
    title: "Your certificate of participation",
    download: "Download PNG",
    print: "Print",
    back: "Back to your result",
    fileName: /^lumen-iq-certificate-[0-9A-Z]{10}\.png$/,
    verified: "Genuine certificate",
    notFound: "Certificate not found",
  },
  "pt-br": {
    result: "/pt-br/resultado/",
    certificate: "/pt-br/certificado/",
    verify: "/pt-br/verificar/",
    yourCertificate: "Seu certificado",
    title: "Seu certificado de participação",
    download: "Baixar PNG",
    print: "Imprimir",
    back: "Voltar ao resultado",
    fileName: /^lumen-iq-certificado-[0-9A-Z]{10}\.png$/,
    verified: "Certificado autêntico",
    notFound: "Certificado não encontrado",
  },
} as const;

/** A short test: eight answers (some right), sent anyway, then sign-up in the modal. */
async function takeTestAndSignUp(page: Page, locale: Locale) {
  const t = texts[locale];
  await startTest(page, locale);
  for (let index = 0; index < 8; index++) {
    await answerByKey(page, index, index % 2 === 0);
    await page.keyboard.press("ArrowRight");
  }
  await sendAnyway(page, locale);
  await signUpInModal(page, locale, "certificate", name);
  await page.waitForURL((url) => url.pathname.startsWith(t.result));
  await page.getByTestId("result").waitFor();
}

/** Waits for the page transition (a client-side navigation animates) to end. */
function settled(page: Page) {
  return page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

function imageLoaded(page: Page) {
  return page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>("[data-testid=certificate-image]");
    return image?.complete && image.naturalWidth > 0 ? image.naturalWidth : false;
  });
}

describe.each([
  ["en", "phone"],
  ["pt-br", "phone"],
  ["en", "desktop"],
  ["pt-br", "desktop"],
] as const)("the certificate in %s on a %s", (locale, size) => {
  const t = texts[locale];
  const viewport = viewports[size];

  it("goes from the result to the certificate, downloads the PNG, and verifies by its link", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport, acceptDownloads: true });
    await takeTestAndSignUp(page, locale);
    const iq = (await page.getByTestId("result-iq").textContent()) ?? "";
    // "95% interval: ≤55 to 72": the verification page gives the same range (issue 29.4).
    const interval = (await page.getByTestId("result-interval").textContent()) ?? "";

    await page.getByRole("link", { name: t.yourCertificate }).click();
    await page.waitForURL((url) => url.pathname.startsWith(t.certificate));
    await page.getByRole("heading", { name: t.title }).waitFor();
    expect(await (await imageLoaded(page)).jsonValue()).toBe(1600);
    expect(await page.getByTestId("certificate-image").getAttribute("alt")).toContain(name);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await settled(page);
    await screenshot(page, `certificate-${locale}-${size}`);

    // The download is the PNG, with a localized file name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(t.fileName);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(1600);
    expect(bytes.readUInt32BE(20)).toBe(1131);
    expect(bytes.length).toBeLessThan(150 * 1024);
    expect(await page.getByRole("button", { name: t.print }).isVisible()).toBe(true);

    // Printed: the certificate alone on one A4 landscape page (desktop only: same CSS).
    if (size === "desktop") {
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".site-header").isVisible()).toBe(false);
      expect(await page.getByRole("heading", { name: t.title }).isVisible()).toBe(false);
      expect(await page.getByTestId("certificate-image").isVisible()).toBe(true);
      await screenshot(page, `certificate-print-${locale}`);
      const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString(
        "latin1",
      );
      expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
      // A4 landscape: 297 x 210 mm = 842 x 595 points.
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
      expect(box?.slice(1, 3).map((n) => Math.round(Number(n)))).toEqual([842, 595]);
      await page.emulateMedia({ media: "screen" });
    }

    // Anyone with the link sees the name, the IQ with its interval, the date and the questions.
    const verifyHref =
      (await page.getByTestId("certificate-verify-link").getAttribute("href")) ?? "";
    expect(verifyHref).toMatch(new RegExp(`^${t.verify}[0-9A-Z]{10}$`));
    const stranger = await newPage({ viewport });
    const response = await stranger.page.goto(verifyHref);
    expect(response?.status()).toBe(200);
    await stranger.page.getByRole("heading", { name: t.verified }).waitFor();
    expect(await stranger.page.getByTestId("verify-name").textContent()).toBe(name);
    expect(await stranger.page.getByTestId("verify-iq").textContent()).toBe(iq);
    const range = (await stranger.page.getByTestId("verify-interval").textContent()) ?? "";
    expect(range).toMatch(/\d/);
    expect(interval.endsWith(`: ${range}`)).toBe(true);
    expect(await stranger.page.getByTestId("verify-questions").textContent()).toContain("v1");
    expect(await stranger.page.getByTestId("verify-date").textContent()).toMatch(/\d{4}/);
    expect(await hasNoHorizontalOverflow(stranger.page)).toBe(true);
    await screenshot(stranger.page, `certificate-verify-${locale}-${size}`);
    expect(stranger.problems).toEqual([]);
    await stranger.context.close();

    await page.getByRole("link", { name: t.back }).click();
    await page.waitForURL((url) => url.pathname.startsWith(t.result));
    expect(problems).toEqual([]);
  });
});

describe("certificates that are not there", () => {
  it.for(["en", "pt-br"] as const)(
    "answers 'certificate not found' (404) for an unknown code in %s",
    async (locale, { newPage }) => {
      const { page } = await newPage({ viewport: viewports.narrowest });
      const response = await page.goto(`${texts[locale].verify}7K3M9QX2TB`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: texts[locale].notFound }).waitFor();
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `certificate-not-found-${locale}`);
    },
  );

  it("shows the invalid-test page (404) for another user's or an unknown attempt", async ({
    newPage,
  }) => {
    const owner = await newPage({ viewport: viewports.desktop });
    await takeTestAndSignUp(owner.page, "en");
    const id = new URL(owner.page.url()).pathname.split("/").pop() ?? "";
    await owner.context.close();

    const other = await newPage({ viewport: viewports.phone });
    await signUpViaApi(other.context, "other", "Outra Pessoa");
    await showsInvalidAttempt(other.page, [
      `/certificate/${id}`,
      `/pt-br/certificado/${crypto.randomUUID()}`,
    ]);
  });

  it("sends an anonymous visitor home to sign in first", async ({ newPage }) => {
    const { page } = await newPage({ viewport: viewports.phone });
    await sendsHomeToSignIn(page, `/certificate/${crypto.randomUUID()}`);
  });
});
