import { localeInfo } from "../../core/locales/locales";
import { numberFormat } from "../../core/locales/number-format";
import * as m from "../../core/paraglide/messages";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { methodPageData } from "../lib/method-figures.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/method";

/**
 * How the test works, in public (issue 29.5): the items and how they are made, the score,
 * its precision (figures computed from the current parameters), the norms and their
 * sources, and what the test is not. Linked from the result, the report, the FAQ and the
 * certificate's verification.
 */
export const meta = screenMeta("method", m.method_meta_title, m.method_meta_description);

export function loader() {
  return methodPageData();
}

export default function Method({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { figures, parameterVersion, normsVersion } = loaderData;
  const margin = (iq: number) => figures.margins.find((x) => x.iq === iq)?.margin ?? 0;
  const middle = Math.max(...[85, 100, 115, 130].map(margin));
  const decimal = (value: number) =>
    numberFormat(localeInfo[locale].iso, { minimumFractionDigits: 2 }).format(value);
  const sections: LegalSection[] = [
    { id: "questions", title: m.method_s1_title, blocks: [{ p: m.method_s1_p1 }] },
    {
      id: "item-models",
      title: m.method_s2_title,
      blocks: [{ p: m.method_s2_p1 }, { p: m.method_s2_p2 }],
    },
    {
      id: "score",
      title: m.method_s3_title,
      blocks: [{ p: m.method_s3_p1 }, { p: m.method_s3_p2 }],
    },
    {
      id: "precision",
      title: m.method_s4_title,
      blocks: [
        { p: () => m.method_s4_p1({ middle, low: margin(70), top: margin(145) }) },
        {
          p: () =>
            m.method_s4_p2({
              reliability: decimal(figures.reliability),
              area: decimal(figures.areaReliability),
            }),
        },
        { p: m.method_s4_p3 },
      ],
    },
    {
      id: "norms",
      title: m.method_s5_title,
      blocks: [{ p: () => m.method_s5_p1({ norms: normsVersion }) }, { p: m.method_s5_p2 }],
    },
    {
      id: "limits",
      title: m.method_s6_title,
      blocks: [{ p: m.method_s6_p1 }, { p: m.method_s6_p2 }],
    },
  ];
  return (
    <LegalPage
      title={m.method_title()}
      intro={m.method_intro()}
      updated={m.method_updated({ parameters: parameterVersion, norms: normsVersion })}
      sections={sections}
      data-testid="method"
    />
  );
}
