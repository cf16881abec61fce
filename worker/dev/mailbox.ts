import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { escapeHtml } from "../../core/web/escape";
import { database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { devPage } from "./page";

/** The local mailbox: what the outbox adapter "sent" (docs/decisions/0007-accounts.md). */
export const mailbox = new Hono<AppEnv>();

/** The links of a mail's HTML, in order, each once. */
export function linksOf(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    (m[1] ?? "")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&"),
  );
  return [...new Set(links)];
}

mailbox.get("/", async (c) => {
  const mails = await database(c.env.DB)
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(50);
  const cards = mails.map((mail) => {
    // Links open in a new tab: the sandbox keeps the mail away from this page.
    const srcdoc = `<base target="_blank">${mail.html}`;
    const links = linksOf(mail.html)
      .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
      .join("");
    return `<article class="card">
<h2>${escapeHtml(mail.subject)}</h2>
<div class="meta"><span>To: ${escapeHtml(mail.to)}</span><time datetime="${new Date(mail.createdAt).toISOString()}">${new Date(mail.createdAt).toISOString().replace("T", " ").slice(0, 19)} UTC</time></div>
<iframe title="${escapeHtml(mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(srcdoc)}"></iframe>
${links ? `<ul class="muted">${links}</ul>` : ""}
</article>`;
  });
  const body = `<h1>Mailbox</h1>
<p class="muted">E-mails written to the local outbox, newest first (the latest 50). Development only.</p>
${cards.length > 0 ? cards.join("\n") : '<div class="card empty">No e-mail yet.</div>'}`;
  return devPage("Mailbox", body);
});

/** The newest mail (to one address with `?to=`), for tests. */
mailbox.get("/latest.json", async (c) => {
  const to = c.req.query("to")?.trim().toLowerCase();
  const query = database(c.env.DB).select().from(emailOutbox);
  const [mail] = await (to ? query.where(eq(emailOutbox.to, to)) : query)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!mail) return c.json({ status: 404, code: "notFound" }, 404, { "Cache-Control": "no-store" });
  return c.json(
    {
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: linksOf(mail.html),
      createdAt: new Date(mail.createdAt).toISOString(),
    },
    200,
    { "Cache-Control": "no-store" },
  );
});
