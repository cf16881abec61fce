/**
 * The one-column page of the account screens (a reset link, a finished change, the
 * profile's completion, a deleted account): a toned icon, a title, a text, then the
 * page's form or actions.
 */
export function AccountPageSection({
  icon,
  tone,
  overline,
  title,
  text,
  testId,
  view,
  children,
}: {
  icon: React.ReactNode;
  tone: "info" | "success" | "warning";
  overline?: string;
  title: string;
  text: string;
  testId?: string;
  /** The page's state, for the browser tests (`data-view`). */
  view?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="account-page container" data-testid={testId} data-view={view}>
      <span className={`account-page-icon tone-${tone}`}>{icon}</span>
      {overline ? <p className="account-page-eyebrow">{overline}</p> : null}
      <h1 className="account-page-title">{title}</h1>
      <p className="account-page-text">{text}</p>
      {children}
    </section>
  );
}
