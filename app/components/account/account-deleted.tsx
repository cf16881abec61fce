import type { Locale } from "../../../core/locales/locales";
import * as m from "../../../core/paraglide/messages";
import { localizePath } from "../../../core/web/route-table";
import { AccountPageSection } from "../account-page-section";
import { CheckCircleIcon } from "../icons";

/** What the page becomes once the account is gone. */
export function AccountDeleted({ locale }: { locale: Locale }) {
  return (
    <AccountPageSection
      icon={<CheckCircleIcon width={30} height={30} />}
      tone="success"
      title={m.accountpage_deleted_title()}
      text={m.accountpage_deleted_text()}
      testId="account-deleted"
    >
      <div className="account-page-actions">
        {/* A full load: the session is gone, the header must say so. */}
        <a className="button button-primary" href={localizePath("home", locale)}>
          {m.errors_back_home()}
        </a>
      </div>
    </AccountPageSection>
  );
}
