/** A titled section of the account page, with its toned icon. */
export function AccountCard({
  id,
  icon,
  title,
  children,
  tone = "info",
}: {
  id: string;
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  tone?: "info" | "danger";
}) {
  return (
    <section
      className={`account-card account-card-${tone}`}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`} className="account-card-title">
        <span className={`account-card-icon tone-${tone === "danger" ? "warning" : "info"}`}>
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
