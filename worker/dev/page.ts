import { escapeHtml } from "../../core/web/escape";

/** A small dark HTML page for the development-only tools. */

const styles = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; background: #0f1117; color: #e6e8ef; font: 15px/1.5 system-ui, sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 32px 20px 64px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.muted { color: #9aa0b4; font-size: 13px; }
.card { background: #181b24; border: 1px solid #2a2f3d; border-radius: 12px; padding: 20px; margin-top: 20px; }
.card h2 { font-size: 17px; margin: 0 0 6px; }
.meta { display: flex; flex-wrap: wrap; gap: 4px 16px; color: #9aa0b4; font-size: 13px; margin-bottom: 12px; }
iframe { width: 100%; height: 420px; border: 0; border-radius: 8px; background: #fff; }
a { color: #a99bff; word-break: break-all; }
label { display: block; margin: 14px 0 4px; font-size: 13px; color: #c3c7d6; }
input[type=text], input[type=email] { width: 100%; padding: 10px 12px; border-radius: 8px; border: 1px solid #343a4c; background: #0f1117; color: inherit; font: inherit; }
.check { display: flex; gap: 8px; align-items: center; margin-top: 14px; }
.check label { margin: 0; }
.actions { display: flex; gap: 12px; margin-top: 22px; }
button { flex: 1; padding: 11px 16px; border-radius: 8px; border: 1px solid #343a4c; background: #232838; color: inherit; font: inherit; font-weight: 600; cursor: pointer; }
button.primary { background: #6c5ce7; border-color: #6c5ce7; color: #fff; }
.empty { text-align: center; padding: 48px 20px; color: #9aa0b4; }
`;

/**
 * Dev pages carry their own CSP: no scripts at all. Mail bodies render in sandboxed
 * `srcdoc` iframes, which inherit it (`frame-src about:` lets those frames load).
 */
export function devPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-src 'self' about:; form-action 'self'; frame-ancestors 'none'",
    },
  });
}
