import type { SVGProps } from "react";

/** A titled section of the account page, with its toned icon. */
export function AccountCard({
  id,
  icon: Icon,
  title,
  children,
  tone = "info",
}: {
  id: string;
  icon: (props: SVGProps<SVGSVGElement>) => React.ReactNode;
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
          <Icon width={20} height={20} />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
