import type { TestContext } from "vitest";
import { describe, expect, test } from "./fixtures";

/**
 * The page fixture's end-of-test check (fixtures.ts): a page that logs a console error,
 * throws, or breaks the Content-Security-Policy fails its test even though the test itself
 * asserts nothing about it. Each such test is marked `fails`; what it failed with is kept
 * and checked by the last test, so a failure for another reason does not count.
 */

/** The errors each `fails` test ended with, by name, as the reporter will see them. */
const failures = new Map<string, string[]>();

function keepErrors(onTestFinished: TestContext["onTestFinished"]) {
  onTestFinished(({ task }) => {
    failures.set(
      task.name,
      (task.result?.errors ?? []).map((e) => `${e.name}: ${e.message}`),
    );
  });
}

describe("the page fixture", () => {
  test.fails("fails a test whose page logs a console error", async ({ page, onTestFinished }) => {
    keepErrors(onTestFinished);
    await page.goto("/");
    await page.evaluate(() => console.error("a deliberate console error"));
  });

  test.fails("fails a test whose page throws", async ({ page, onTestFinished }) => {
    keepErrors(onTestFinished);
    await page.goto("/");
    const thrown = page.waitForEvent("pageerror");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("a deliberate page error");
      });
    });
    await thrown;
  });

  test.fails("fails a test whose page breaks the Content-Security-Policy, in a second context", async ({
    newPage,
    onTestFinished,
  }) => {
    keepErrors(onTestFinished);
    await newPage();
    const { page } = await newPage();
    await page.goto("/");
    const reported = page.waitForEvent("console", (m) => m.text().startsWith("CSP violation"));
    // img-src allows this origin and Google's profile pictures only.
    await page.evaluate(() => {
      new Image().src = "https://blocked.example/pixel.png";
    });
    await reported;
  });

  test("lets through only the problems a test allows", async ({ newPage }) => {
    const { page, problems, allowProblems } = await newPage();
    allowProblems(/^console\.error: an expected error$/);
    await page.goto("/");
    await page.evaluate(() => console.error("an expected error"));
    expect(problems).toEqual(["console.error: an expected error"]);
  });

  test("records and dismisses a dialog, which is no problem by itself", async ({ newPage }) => {
    const { page, dialogs } = await newPage();
    await page.goto("/");
    expect(await page.evaluate(() => confirm("Sure?"))).toBe(false);
    expect(dialogs).toEqual(["confirm: Sure?"]);
  });

  test("failed the tests above with the problems, and for no other reason", () => {
    expect(Object.fromEntries(failures)).toEqual({
      "fails a test whose page logs a console error": [
        "BrowserProblems: the browser reported problems:\nconsole.error: a deliberate console error",
      ],
      "fails a test whose page throws": [
        "BrowserProblems: the browser reported problems:\npageerror: a deliberate page error",
      ],
      "fails a test whose page breaks the Content-Security-Policy, in a second context": [
        expect.stringContaining(
          "\ncontext 2: console.error: CSP violation: img-src https://blocked.example/pixel.png at ",
        ),
      ],
    });
  });
});
