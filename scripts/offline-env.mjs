// Local runs stay on this machine: wrangler/Miniflare would otherwise download the
// `Request.cf` sample from workers.cloudflare.com and send usage metrics. Imported for
// its effect by every script that starts wrangler, Vite or vitest.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";
