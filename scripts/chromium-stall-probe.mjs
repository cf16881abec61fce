// Does Chromium stop rendering the home page? (issue 31.7) Loads the home page in a new
// context N times (phone and desktop in turn), scrolls through it waiting for real frames
// (requestAnimationFrame only, no fallback), then takes a screenshot; a load that does not
// finish in 20 s is a stall. Run it with each Chromium, with the machine under load
// (PROBE_LOAD=2 keeps two busy processes beside it), and compare:
//   node scripts/chromium-stall-probe.mjs /usr/bin/chromium-headless-shell 300
//   node scripts/chromium-stall-probe.mjs /usr/bin/chromium 300
// PROBE_CSS adds a style sheet to the page before it scrolls (to try a suspect away, e.g.
// PROBE_CSS='.site-header{backdrop-filter:none}'). Prints the stalls with the step each one
// stopped at, and the loads per second; exits 0 (a measurement, not a test).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumArgs } from "./chromium.mjs";
import { build, startServer } from "./local-server.mjs";

const executablePath = process.argv[2] ?? "/usr/bin/chromium-headless-shell";
const loads = Number(process.argv[3] ?? 100);
const busy = Number(process.env.PROBE_LOAD ?? 0);
const css = process.env.PROBE_CSS ?? "";
// PROBE_IMG sets an attribute on every <img> as the page is parsed, before it loads
// (e.g. PROBE_IMG=decoding=auto, PROBE_IMG=loading=eager).
const [imgAttribute, imgValue] = (process.env.PROBE_IMG ?? "").split("=");
const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
];

if (!process.env.PROBE_SKIP_BUILD) build();
const persistTo = ".wrangler/stall-probe-state";
rmSync(persistTo, { recursive: true, force: true });
const server = await startServer({ persistTo });
const burners = Array.from({ length: busy }, () =>
  spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }),
);
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
const stalls = [];
const started = performance.now();
try {
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: viewports[i % 2] });
    const page = await context.newPage();
    if (imgAttribute && imgValue) {
      await page.addInitScript(
        ([name, value]) => {
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) {
                if (node instanceof HTMLImageElement) node.setAttribute(name, value);
              }
            }
          }).observe(document, { childList: true, subtree: true });
        },
        [imgAttribute, imgValue],
      );
    }
    let step = "load";
    const load = (async () => {
      await page.goto(`${server.url}/`, { waitUntil: "load" });
      if (css) await page.addStyleTag({ content: css });
      step = "scroll";
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const height = document.documentElement.scrollHeight;
        for (let y = 0; y < height; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await frame();
        }
        await frame();
        await frame();
      });
      step = "screenshot";
      await page.screenshot({ timeout: 20_000 });
    })();
    const outcome = await Promise.race([
      load.then(() => "ok"),
      new Promise((resolve) => setTimeout(() => resolve("stall"), 20_000)),
    ]);
    if (outcome === "stall") {
      stalls.push(`load ${i + 1} (${viewports[i % 2].width} px, at ${step})`);
    }
    await context.close().catch(() => {});
  }
} finally {
  await browser.close().catch(() => {});
  for (const burner of burners) burner.kill();
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${executablePath}${css ? ` with ${css}` : ""}${imgAttribute ? ` with img ${imgAttribute}=${imgValue}` : ""}: ${loads} loads, ${stalls.length} stalls${stalls.length ? ` (${stalls.join(", ")})` : ""}, ${(loads / seconds).toFixed(2)} loads/s, ${busy} busy processes beside it`,
);
process.exit(0);
