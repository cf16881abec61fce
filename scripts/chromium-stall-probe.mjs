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
import { readFileSync, rmSync } from "node:fs";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
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
// PROBE_MAP=png serves the world map as a PNG drawn from its SVG (2,000 px wide), to tell
// painting an SVG image from painting any image of that size; PROBE_MAP=inline draws it as
// the page's own SVG elements instead of an image.
const mapAs = process.env.PROBE_MAP ?? "";
let mapPng;
if (mapAs === "png") {
  await initWasm(readFileSync("node_modules/@resvg/resvg-wasm/index_bg.wasm"));
  const svg = readFileSync("public/images/world-iq-map.svg", "utf8");
  mapPng = new Resvg(svg, { fitTo: { mode: "width", value: 2000 } }).render().asPng();
}
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
// PROBE_ARGS adds switches to Chromium's (e.g. PROBE_ARGS=--disable-checker-imaging).
const extraArgs = (process.env.PROBE_ARGS ?? "").split(" ").filter(Boolean);
const browser = await chromium.launch({
  executablePath,
  args: [...chromiumArgs, ...extraArgs],
});
const stalls = [];

/** What a stalled page still does: answers script? a timer? a frame after a nudge? */
async function diagnose(page) {
  const within = (promise, ms) =>
    Promise.race([
      promise.then(
        (value) => JSON.stringify(value),
        (error) => `error ${String(error).slice(0, 60)}`,
      ),
      new Promise((resolve) => setTimeout(() => resolve("no answer"), ms)),
    ]);
  const script = await within(
    page.evaluate(() => ({
      visibility: document.visibilityState,
      focus: document.hasFocus(),
      y: Math.round(window.scrollY),
      images: [...document.images].map((img) => `${img.complete}/${img.naturalWidth}`).join(","),
    })),
    3000,
  );
  const timer = await within(
    page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve("fired"), 10))),
    3000,
  );
  const frame = await within(
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve("frame")))),
    3000,
  );
  await within(page.bringToFront(), 3000);
  const afterFront = await within(
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve("frame")))),
    3000,
  );
  await within(page.mouse.move(10, 10), 3000);
  await within(
    page.evaluate(() => window.scrollBy(0, 1)),
    3000,
  );
  const afterNudge = await within(
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve("frame")))),
    3000,
  );
  const size = page.viewportSize();
  if (size) {
    await within(page.setViewportSize({ width: size.width + 1, height: size.height }), 3000);
  }
  const afterResize = await within(
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve("frame")))),
    3000,
  );
  return `; script ${script}; timer ${timer}; rAF ${frame}; after bringToFront ${afterFront}; after mouse+scroll ${afterNudge}; after a resize ${afterResize}`;
}
const started = performance.now();
try {
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: viewports[i % 2] });
    const page = await context.newPage();
    if (mapPng) {
      await page.route("**/images/world-iq-map.svg", (route) =>
        route.fulfill({ status: 200, contentType: "image/png", body: Buffer.from(mapPng) }),
      );
    }
    if (mapAs === "inline") {
      // The map drawn as the page's own SVG (DOM), not as an image to decode.
      await page.addInitScript(() => {
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLImageElement && node.src.endsWith("world-iq-map.svg")) {
                const box = document.createElement("div");
                box.className = node.className;
                box.style.aspectRatio = "1000 / 442";
                node.replaceWith(box);
                fetch("/images/world-iq-map.svg")
                  .then((response) => response.text())
                  .then((text) => {
                    box.innerHTML = text;
                    const svg = box.querySelector("svg");
                    svg?.setAttribute("width", "100%");
                    svg?.setAttribute("height", "100%");
                  });
              }
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
    }
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
      stalls.push(
        `load ${i + 1} (${viewports[i % 2].width} px, at ${step}${await diagnose(page)})`,
      );
    }
    await Promise.race([
      context.close().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
    if ((i + 1) % 25 === 0) console.error(`${i + 1} loads, ${stalls.length} stalls`);
  }
} finally {
  await browser.close().catch(() => {});
  for (const burner of burners) burner.kill();
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${executablePath}${css ? ` with ${css}` : ""}${imgAttribute ? ` with img ${imgAttribute}=${imgValue}` : ""}${mapAs ? ` with the map as ${mapAs}` : ""}${extraArgs.length ? ` with ${extraArgs.join(" ")}` : ""}: ${loads} loads, ${stalls.length} stalls${stalls.length ? ` (${stalls.join(", ")})` : ""}, ${(loads / seconds).toFixed(2)} loads/s, ${busy} busy processes beside it`,
);
process.exit(0);
