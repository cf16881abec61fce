import { chromium } from "playwright-core";
const [file, prefix, from = "0", count = "4"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 360, height: 1400 } });
await page.setContent(`<body style="margin:0"><img src="data:image/png;base64,${(await import("node:fs")).readFileSync(file).toString("base64")}"></body>`);
for (let i = Number(from); i < Number(from) + Number(count); i++) {
  await page.screenshot({ path: `${prefix}-${i}.png`, clip: { x: 0, y: i * 1400, width: 360, height: 1400 }, fullPage: true });
}
await browser.close();
