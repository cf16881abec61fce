import * as m from "../../core/paraglide/messages";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { screenMeta } from "../lib/seo";

export const meta = screenMeta("termsOfUse", m.terms_meta_title, m.terms_meta_description);

/** The terms and conditions, sections 1 to 11 (spec sections 1, 2, 4 and 5). */
const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: m.terms_s1_title,
    blocks: [{ p: m.terms_s1_p1 }, { p: m.terms_s1_p2 }],
  },
  { id: "service", title: m.terms_s2_title, blocks: [{ p: m.terms_s2_p1 }, { p: m.terms_s2_p2 }] },
  {
    id: "eligibility",
    title: m.terms_s3_title,
    blocks: [{ p: m.terms_s3_p1 }, { p: m.terms_s3_p2 }],
  },
  {
    id: "account",
    title: m.terms_s4_title,
    blocks: [
      { list: [m.terms_s4_li1, m.terms_s4_li2, m.terms_s4_li3, m.terms_s4_li4, m.terms_s4_li5] },
    ],
  },
  {
    id: "tests",
    title: m.terms_s5_title,
    blocks: [{ p: m.terms_s5_p1 }, { p: m.terms_s5_p2 }, { p: m.terms_s5_p3 }],
  },
  {
    id: "payment",
    title: m.terms_s6_title,
    blocks: [
      {
        list: [
          m.terms_s6_li1,
          m.terms_s6_li2,
          m.terms_s6_li3,
          m.terms_s6_li4,
          m.terms_s6_li6,
          m.terms_s6_li5,
        ],
      },
    ],
  },
  {
    id: "coupons",
    title: m.terms_s7_title,
    blocks: [{ list: [m.terms_s7_li1, m.terms_s7_li2, m.terms_s7_li3, m.terms_s7_li4] }],
  },
  {
    id: "intellectual-property",
    title: m.terms_s8_title,
    blocks: [{ p: m.terms_s8_p1 }, { p: m.terms_s8_p2 }],
  },
  {
    id: "liability",
    title: m.terms_s9_title,
    blocks: [{ p: m.terms_s9_p1 }, { p: m.terms_s9_p2 }],
  },
  {
    id: "cancellation",
    title: m.terms_s10_title,
    blocks: [{ p: m.terms_s10_p1 }, { p: m.terms_s10_p2 }],
  },
  {
    id: "law-and-contact",
    title: m.terms_s11_title,
    blocks: [{ p: m.terms_s11_p1 }, { p: m.terms_s11_p2 }, { contact: true }],
  },
];

export default function TermsOfUse() {
  return (
    <LegalPage
      title={m.terms_title()}
      intro={m.terms_intro()}
      // Changed on this date: seven days to change your mind (issue 30.6).
      updated={m.terms_last_updated()}
      sections={sections}
      data-testid="terms-of-use"
    />
  );
}
