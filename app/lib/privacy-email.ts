import { useRouteLoaderData } from "react-router";

/**
 * The privacy and data-protection contact (the encarregado's mailbox): `privacy@` at the
 * site's own domain, taken from BASE_URL, so no address is made up in the messages. The
 * operator must create that mailbox (README, Configuration; ADR 0012).
 */
export function privacyEmail(baseUrl: string): string {
  try {
    return `privacy@${new URL(baseUrl).hostname.replace(/^www\./, "")}`;
  } catch {
    return "";
  }
}

export function usePrivacyEmail(): string {
  const data = useRouteLoaderData("root") as { baseUrl?: string } | undefined;
  return data?.baseUrl ? privacyEmail(data.baseUrl) : "";
}
