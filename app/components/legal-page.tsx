import type { ReactNode } from "react";
import * as m from "../../core/paraglide/messages";
import { usePrivacyEmail } from "../lib/privacy-email";

type Message = () => string;

/** A paragraph, a bulleted list, the contact e-mail, or a part drawn by the page itself. */
export type LegalBlock =
  | { p: Message }
  | { list: Message[] }
  | { contact: true }
  | { render: () => ReactNode };

export interface LegalSection {
  /** The anchor (`#id`), the same in both languages so links can be shared. */
  id: string;
  title: Message;
  blocks: LegalBlock[];
}

/**
 * The long-form layout of the privacy policy and the terms: numbered sections with
 * anchors, a table of contents (a sticky column on wide screens), lines of ~70ch.
 */
export function LegalPage(props: {
  title: string;
  intro: string;
  /** The line under the title; the legal pages' last update by default. */
  updated?: string;
  sections: LegalSection[];
  "data-testid": string;
}) {
  return (
    <div className="container legal" data-testid={props["data-testid"]}>
      <header className="legal-head">
        <h1 className="legal-title">{props.title}</h1>
        <p className="legal-updated">{props.updated ?? m.legal_last_updated()}</p>
        <p className="legal-intro">{props.intro}</p>
      </header>
      <div className="legal-body">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal-toc-title">
            {m.legal_toc_title()}
          </h2>
          <ol>
            {props.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title()}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-article">
          {props.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal-section"
              aria-labelledby={`${section.id}-title`}
            >
              <div className="legal-section-head">
                <h2 id={`${section.id}-title`} className="legal-section-title">
                  {index + 1}. {section.title()}
                </h2>
                <a
                  href={`#${section.id}`}
                  className="legal-anchor"
                  aria-label={m.legal_anchor_label({ title: section.title() })}
                >
                  #
                </a>
              </div>
              {section.blocks.map((block, i) => (
                // Blocks are static per section: their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
                <Block key={i} block={block} />
              ))}
            </section>
          ))}
          <p className="legal-top">
            <a href="#main">{m.legal_back_to_top()}</a>
          </p>
        </article>
      </div>
    </div>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if ("p" in block) return <p>{block.p()}</p>;
  if ("list" in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item()}>{item()}</li>
        ))}
      </ul>
    );
  }
  if ("contact" in block) return <ContactEmail />;
  return <>{block.render()}</>;
}

function ContactEmail() {
  const email = usePrivacyEmail();
  return (
    <p className="legal-contact">
      {m.legal_contact_email_label()}{" "}
      <a href={`mailto:${email}`} data-testid="privacy-email">
        {email}
      </a>
    </p>
  );
}
