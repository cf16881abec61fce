import { callApi, finishedAttemptOfNewAccount } from "./attempt-taking";
import { baseUrl, hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * A certificate whose account was deleted (issue 14, docs/decisions/0023-holder-rights.md):
 * its public verification page says it was withdrawn, in both languages, and no longer
 * shows the name it was issued to.
 */

const name = "Heloísa Withdrawn Prado";

const texts = {
  en: {
    verify: "/verify/",
    title: "Certificate withdrawn",
    text: "was withdrawn: the account it was issued to was deleted",
  },
  "pt-br": {
    verify: "/pt-br/verificar/",
    title: "Certificado retirado",
    text: "foi retirado: a conta para a qual foi emitido foi excluída",
  },
} as const;

describe("the verification page of a deleted account's certificate", () => {
  it("says the certificate was withdrawn (410), without the name, in English and Portuguese", async ({
    newPage,
  }) => {
    const owner = await newPage({ viewport: viewports.desktop });
    const attemptId = await finishedAttemptOfNewAccount(owner.context, "withdrawn", name);
    const { code } = (await callApi(owner.context, "GET", `/api/certificates/${attemptId}`)) as {
      code?: string;
    };
    expect(code).toMatch(/^[0-9A-Z]{10}$/);
    const before = await owner.page.goto(`${texts.en.verify}${code}`);
    expect(before?.status()).toBe(200);
    await owner.page.getByTestId("verify-name").waitFor();

    // Signed up moments ago: the fresh sign-in allows the deletion.
    const deleted = await owner.context.request.post(`${baseUrl}/api/account/delete`, {
      data: { confirm: "DELETE" },
      headers: { Origin: baseUrl },
    });
    expect(deleted.status()).toBe(200);

    for (const locale of ["en", "pt-br"] as const) {
      for (const [size, viewport] of [
        ["phone", viewports.phone],
        ["desktop", viewports.desktop],
      ] as const) {
        const { page } = await newPage({ viewport });
        const response = await page.goto(`${texts[locale].verify}${code}`);
        expect(response?.status()).toBe(410);
        await page.getByRole("heading", { name: texts[locale].title }).waitFor();
        const section = page.getByTestId("certificate-withdrawn");
        expect(await section.textContent()).toContain(texts[locale].text);
        expect(await section.textContent()).toContain(code);
        expect(await page.content()).not.toContain(name);
        expect(await hasNoHorizontalOverflow(page)).toBe(true);
        await screenshot(page, `certificate-withdrawn-${locale}-${size}`);
      }
    }
  });
});
