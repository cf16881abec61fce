import * as m from "../../core/paraglide/messages";
import { AppLink } from "../lib/app-link";
import { useLocale } from "../lib/use-locale";
import { AlertIcon, SearchIcon } from "./icons";

/**
 * What a page about one test shows when it has nothing to show: the test is unknown or
 * another user's (the invalid-test page), not finished yet, or rejected. Each leads to
 * the test.
 */
export function NoResult({
  kind,
  testId = `result-${kind}`,
}: {
  kind: "invalid" | "notFinished" | "rejected";
  testId?: string;
}) {
  const locale = useLocale();
  const texts = {
    invalid: [m.invalid_test_title, m.invalid_test_text, m.invalid_test_button],
    notFinished: [
      m.result_not_finished_title,
      m.result_not_finished_text,
      m.result_not_finished_button,
    ],
    rejected: [m.test_rejected_title, m.test_rejected_text, m.test_rejected_button],
  } as const;
  const [title, text, button] = texts[kind];
  return (
    <section className="account-page container" data-testid={testId}>
      <span className="account-page-icon tone-warning">
        {kind === "invalid" ? (
          <SearchIcon width={30} height={30} />
        ) : (
          <AlertIcon width={30} height={30} />
        )}
      </span>
      <h1 className="account-page-title">{title()}</h1>
      <p className="account-page-text">{text()}</p>
      <div className="account-page-actions">
        <AppLink screen="test" locale={locale} className="button button-primary">
          {button()}
        </AppLink>
      </div>
    </section>
  );
}
