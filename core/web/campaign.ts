/**
 * Query parameters that ad networks, social sites and newsletters add to a link to our
 * pages: campaign tags and click ids. They never change what a page shows, so a page
 * reached with them alone is still the page every anonymous visitor gets (its shared
 * copy, docs/decisions/0026-shared-page-copies.md), and the page's own links do not pass
 * them on.
 */
const clickIds = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_cid",
  "mc_eid",
  "_gl",
]);

export function isCampaignParameter(name: string): boolean {
  return name.startsWith("utm_") || clickIds.has(name);
}

/** A query string (`?…` or "") without its campaign parameters: "" if nothing else is left. */
export function withoutCampaignParameters(search: string): string {
  if (search === "" || search === "?") return "";
  const params = [...new URLSearchParams(search)];
  const kept = params.filter(([name]) => !isCampaignParameter(name));
  if (kept.length === params.length) return search;
  return kept.length === 0 ? "" : `?${new URLSearchParams(kept)}`;
}
