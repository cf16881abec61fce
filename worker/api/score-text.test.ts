import { describe, expect, it } from "vitest";
import type { AttemptResult } from "../../core/attempts/attempt";
import type { CertificateDetails, CertificateVerification } from "../../core/attempts/certificate";
import type { ReportBody } from "../../core/report/api";
import { answer, formKeyOf, paceAnswers, startTest } from "../../tests/worker/attempts";
import {
  buyer,
  completedPaid,
  deliver,
  providerPayment,
  startCheckout,
} from "../../tests/worker/payments";

/**
 * One way to show a score (issue 29.4): the IQ and its 95 % interval, with the floor's and
 * the ceiling's labels at either end, read the same on the result, the report (whose PDF
 * is made from the same content), the certificate and its public verification. The pages
 * themselves are checked in the browser (e2e/certificate.test.ts, e2e/report.test.ts).
 */

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

describe("the score and its interval on every surface", () => {
  it.each([
    { right: 0, language: "en" as const, range: /^≤55 to \d+$/ },
    { right: 24, language: "pt-br" as const, range: /^de \d+ a \d+$/ },
  ])(
    "reads the same on the result, the report, the certificate and its verification ($right right, $language)",
    async ({ right, language, range: shape }) => {
      const who = await buyer();
      const headers: Record<string, string> = language === "pt-br" ? { i18n: "pt-br" } : {};
      const { state } = await startTest(who.client);
      const key = await formKeyOf(state.id);
      for (const question of state.questions.slice(0, right))
        expect(
          (await answer(who.client, state.id, question.code, { letter: key[question.code] }))
            .status,
        ).toBe(200);
      if (right > 0) await paceAnswers(state.id, 15_000);
      await who.client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });

      const result = (await (
        await who.client.fetch(`/api/tests/${state.id}/result`)
      ).json()) as AttemptResult;
      const low = result.interval.low <= 55 ? "≤55" : String(result.interval.low);
      const high = result.interval.high >= 145 ? "145+" : String(result.interval.high);
      const range = language === "en" ? `${low} to ${high}` : `de ${low} a ${high}`;
      expect(range).toMatch(shape);
      const caption = language === "en" ? "95% interval" : "Intervalo de 95%";

      // The report (paid) carries it as a figure and in its overview.
      const { body } = await startCheckout(who.client, state.id, {}, language);
      await deliver(completedPaid(await providerPayment(body.paymentId, state.id)));
      const report = (await (
        await who.client.fetch(`/api/tests/${state.id}/report`, { headers })
      ).json()) as ReportBody;
      const figures = report.report.sections[0]?.blocks.find((b) => b.kind === "figures");
      expect(
        figures?.kind === "figures" && figures.items.map((i) => [i.label, i.value]),
      ).toContainEqual([caption, range]);
      expect(figures?.kind === "figures" && figures.items[0]?.value).toContain(result.iqLabel);

      // The certificate prints it (its text layer says what the image shows), the owner's
      // certificate page and the public verification give it.
      const details = (await (
        await who.client.fetch(`/api/certificates/${state.id}`, { headers })
      ).json()) as CertificateDetails;
      expect(details.interval).toEqual({ low, high });
      expect(details.iqLabel).toBe(result.iqLabel);
      const svg = await (
        await who.client.fetch(`/api/certificates/${state.id}.svg`, { headers })
      ).text();
      expect(svg).toContain(escaped(`${caption}: ${range}`));
      const verified = (await (
        await who.client.fetch(`/api/certificates/verify/${details.code}`)
      ).json()) as CertificateVerification;
      expect(verified).toMatchObject({
        iqLabel: result.iqLabel,
        interval: { low, high },
        questions: { kind: "form", version: "v1" },
      });
    },
  );
});
