import { useState } from "react";
import type { AccountView } from "../../core/accounts/account-rights";
import * as m from "../../core/paraglide/messages";
import { AccountDeleted } from "../components/account/account-deleted";
import { DataCard } from "../components/account/data-card";
import { MethodsCard } from "../components/account/methods-card";
import { PasswordCard } from "../components/account/password-card";
import { ProfileCard } from "../components/account/profile-card";
import { SessionsCard } from "../components/account/sessions-card";
import { Avatar } from "../components/account-menu";
import { callApi, failure } from "../lib/api-loader.server";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/account";
import "../account-page.css";

/**
 * The account holder's page (issue 14; LGPD art. 18, SECURITY.md 34): see and correct the
 * profile, change the password, see how they sign in, sign out everywhere, download
 * everything held about them, and delete the account. Export and deletion ask for the
 * password again (or Google, for an account without one) first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const answer = await callApi<AccountView>(context, { path: "/api/account" });
  if (!answer.ok) throw failure(answer.status);
  return { account: answer.body, user };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("account", m.accountpage_meta_title, m.accountpage_meta_description);

export default function Account({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { account, user } = loaderData;
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <AccountDeleted locale={locale} />;
  return (
    <div className="account container" data-testid="account-page">
      <header className="account-head">
        <Avatar user={{ ...user, name: account.name }} large />
        <div>
          <h1 className="account-title">{m.accountpage_title()}</h1>
          <p className="account-lead">{m.accountpage_intro()}</p>
        </div>
      </header>
      <div className="account-grid">
        <ProfileCard account={account} locale={locale} />
        <div className="account-column">
          <MethodsCard account={account} />
          <SessionsCard locale={locale} />
        </div>
        <PasswordCard account={account} locale={locale} />
        <DataCard account={account} locale={locale} onDeleted={() => setDeleted(true)} />
      </div>
    </div>
  );
}
