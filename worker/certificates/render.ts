import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import { escapeXml } from "../../core/web/escape";
import { type CertificateContent, certificateElement, certificateSize } from "./design";
import { certificateFonts } from "./fonts";

/**
 * satori (layout and text to SVG) and resvg (SVG to PNG), both from WebAssembly modules
 * bundled with the Worker (STACK.md: satori stays 0.32.0, standalone build). Each isolate
 * initialises them once; a hot reload may find them initialised already.
 */

let ready: Promise<void> | null = null;

function tolerateInitialised(error: unknown): void {
  if (!String(error).includes("Already initialized")) throw error;
}

function initialise(): Promise<void> {
  ready ??= Promise.all([
    initSatori(yogaWasm).catch(tolerateInitialised),
    initWasm(resvgWasm).catch(tolerateInitialised),
  ]).then(
    () => undefined,
    (error) => {
      ready = null;
      throw error;
    },
  );
  return ready;
}

export interface SvgOptions {
  /**
   * Text as glyph outlines (the default: the SVG looks the same everywhere, and resvg
   * needs no fonts), or as `<text>` elements with the layout satori chose (tests read it).
   */
  textAsPaths?: boolean;
}

/** The certificate as SVG, with its text also in `<title>`/`<desc>` for screen readers. */
export async function renderCertificateSvg(
  content: CertificateContent,
  { textAsPaths = true }: SvgOptions = {},
): Promise<string> {
  await initialise();
  // satori accepts plain { type, props } objects, as React elements are.
  const element = certificateElement(content) as unknown as Parameters<typeof satori>[0];
  const svg = await satori(element, {
    ...certificateSize,
    fonts: certificateFonts(),
    embedFont: textAsPaths,
  });
  const description = [
    content.name,
    content.ageLine,
    `${content.texts.iqCaption} ${content.iqLabel}`,
    `${content.texts.intervalCaption}: ${content.interval}`,
    content.bandName,
    `${content.texts.dateCaption}: ${content.date}`,
    `${content.texts.codeCaption} ${content.code}`,
    `${content.texts.verifyCaption} ${content.verifyUrl}`,
    content.texts.notice,
  ]
    .filter((line): line is string => Boolean(line))
    .join(" · ");
  const accessible = `<title>${escapeXml(`${content.texts.title}: ${content.name}`)}</title><desc>${escapeXml(description)}</desc>`;
  return svg.replace(/^<svg([^>]*)>/, `<svg$1 role="img">${accessible}`);
}

/** The SVG rasterised at its own size (1600 x 1131). */
export async function renderCertificatePng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  await initialise();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
  });
  try {
    const image = resvg.render();
    try {
      // wasm-bindgen hands back a copy in a fresh ArrayBuffer.
      return image.asPng() as Uint8Array<ArrayBuffer>;
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
