import type { AccountView } from "../../../core/accounts/account-rights";
import * as m from "../../../core/paraglide/messages";
import { GoogleIcon, MailIcon, ShieldIcon } from "../icons";
import { AccountCard } from "./account-card";

/** How the holder signs in: a password, Google, or both. */
export function MethodsCard({ account }: { account: AccountView }) {
  return (
    <AccountCard id="account-methods" icon={ShieldIcon} title={m.accountpage_methods_title()}>
      <ul className="account-methods">
        <li data-method="password" data-active={account.hasPassword}>
          <MailIcon width={18} height={18} aria-hidden="true" />
          <span className="account-method-name">{m.accountpage_method_password()}</span>
          <span className="account-method-state">
            {account.hasPassword ? m.accountpage_method_on() : m.accountpage_method_off()}
          </span>
        </li>
        <li data-method="google" data-active={account.google !== null}>
          <GoogleIcon width={18} height={18} aria-hidden="true" />
          <span className="account-method-name">{m.accountpage_method_google()}</span>
          <span className="account-method-state">
            {account.google
              ? m.accountpage_method_google_as({ email: account.google.email })
              : m.accountpage_method_off()}
          </span>
        </li>
      </ul>
    </AccountCard>
  );
}
