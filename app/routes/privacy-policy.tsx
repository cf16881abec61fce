import * as m from "../../core/paraglide/messages";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { AppLink } from "../lib/app-link";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";

export const meta = screenMeta("privacyPolicy", m.privacy_meta_title, m.privacy_meta_description);

/** The rights a person can exercise on their own, at once: the account page (issue 14). */
function AccountControls() {
  const locale = useLocale();
  return (
    <p data-testid="privacy-account-controls">
      {m.privacy_s8_controls()}{" "}
      <AppLink screen="account" locale={locale}>
        {m.privacy_s8_controls_link()}
      </AppLink>
    </p>
  );
}

/** The cookie categories of the consent modal, with what is in use and the legal basis. */
function CookieCategories() {
  const categories = [
    {
      key: "necessary",
      title: m.cookies_necessary_title(),
      text: m.cookies_necessary_text(),
      inUse: m.privacy_s7_necessary_in_use(),
      basis: m.privacy_s7_necessary_basis(),
    },
    {
      key: "experience",
      title: m.cookies_experience_title(),
      text: m.cookies_experience_text(),
      inUse: m.privacy_s7_optional_in_use(),
      basis: m.privacy_s7_consent_basis(),
    },
    {
      key: "analytics",
      title: m.cookies_analytics_title(),
      text: m.cookies_analytics_text(),
      inUse: m.privacy_s7_optional_in_use(),
      basis: m.privacy_s7_consent_basis(),
    },
  ];
  return (
    <ul className="legal-cookies">
      {categories.map((category) => (
        <li key={category.key} data-category={category.key}>
          <h3>{category.title}</h3>
          <p>{category.text}</p>
          <p>
            <strong>{m.privacy_s7_in_use_label()}</strong> {category.inUse}
          </p>
          <p>
            <strong>{m.privacy_s7_basis_label()}</strong> {category.basis}
          </p>
        </li>
      ))}
    </ul>
  );
}

const sections: LegalSection[] = [
  {
    id: "controller",
    title: m.privacy_s1_title,
    blocks: [{ p: m.privacy_s1_p1 }, { p: m.privacy_s1_p2 }, { contact: true }],
  },
  {
    id: "data",
    title: m.privacy_s2_title,
    blocks: [
      { p: m.privacy_s2_p1 },
      { list: [m.privacy_s2_li1, m.privacy_s2_li2, m.privacy_s2_li3, m.privacy_s2_li4] },
    ],
  },
  {
    id: "purposes",
    title: m.privacy_s3_title,
    blocks: [
      {
        list: [
          m.privacy_s3_li1,
          m.privacy_s3_li2,
          m.privacy_s3_li3,
          m.privacy_s3_li4,
          m.privacy_s3_li5,
        ],
      },
      { p: m.privacy_s3_p1 },
    ],
  },
  {
    id: "sharing",
    title: m.privacy_s4_title,
    blocks: [{ list: [m.privacy_s4_li1, m.privacy_s4_li2, m.privacy_s4_li3] }],
  },
  { id: "transfers", title: m.privacy_s5_title, blocks: [{ p: m.privacy_s5_p1 }] },
  {
    id: "retention",
    title: m.privacy_s6_title,
    blocks: [{ p: m.privacy_s6_p1 }, { p: m.privacy_s6_p2 }],
  },
  {
    id: "cookies",
    title: m.privacy_s7_title,
    blocks: [
      { p: m.privacy_s7_p1 },
      { render: () => <CookieCategories /> },
      { p: m.privacy_s7_p2 },
    ],
  },
  {
    id: "rights",
    title: m.privacy_s8_title,
    blocks: [
      { p: m.privacy_s8_p1 },
      {
        list: [
          m.privacy_s8_li1,
          m.privacy_s8_li2,
          m.privacy_s8_li3,
          m.privacy_s8_li4,
          m.privacy_s8_li5,
          m.privacy_s8_li6,
          m.privacy_s8_li7,
        ],
      },
      { render: () => <AccountControls /> },
      { p: m.privacy_s8_p2 },
      { p: m.privacy_s8_p3 },
    ],
  },
  { id: "security", title: m.privacy_s9_title, blocks: [{ p: m.privacy_s9_p1 }] },
  { id: "minors", title: m.privacy_s10_title, blocks: [{ p: m.privacy_s10_p1 }] },
  { id: "changes", title: m.privacy_s11_title, blocks: [{ p: m.privacy_s11_p1 }] },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title={m.privacy_title()}
      intro={m.privacy_intro()}
      sections={sections}
      data-testid="privacy-policy"
    />
  );
}
