import corLatin500i from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff?inline";
import corLatin600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff?inline";
import corLatinExt500i from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-500-italic.woff?inline";
import corLatinExt600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff?inline";
import interLatin400 from "@fontsource/inter/files/inter-latin-400-normal.woff?inline";
import interLatin600 from "@fontsource/inter/files/inter-latin-600-normal.woff?inline";
import interLatinExt400 from "@fontsource/inter/files/inter-latin-ext-400-normal.woff?inline";
import interLatinExt600 from "@fontsource/inter/files/inter-latin-ext-600-normal.woff?inline";
import soraLatin700 from "@fontsource/sora/files/sora-latin-700-normal.woff?inline";
import soraLatinExt700 from "@fontsource/sora/files/sora-latin-ext-700-normal.woff?inline";
import type { Font } from "satori/standalone";

/**
 * The certificate's fonts, bundled into the Worker (SECURITY.md 30: satori never fetches
 * one). WOFF, not WOFF2 (satori's font parser reads TTF/OTF/WOFF only). Each family comes
 * as its Latin and Latin Extended subsets under one name: satori takes each character
 * from the first font that has it, so accented names (ç, ã, ő, ł...) render.
 */

/** `?inline` gives a base64 data URL; satori wants the bytes. */
export function bytesOf(dataUrl: string): ArrayBuffer {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export const fontFamilies = {
  /** Titles, the wordmark and the score: the site's display face. */
  display: "Sora",
  /** Running text. */
  body: "Inter",
  /** The name: a classic serif, as certificates are engraved. */
  name: "Cormorant Garamond",
} as const;

let loaded: Font[] | null = null;

/** Decoded once per isolate; satori caches its parsed fonts by this array's identity. */
export function certificateFonts(): Font[] {
  loaded ??= [
    { name: fontFamilies.display, weight: 700, data: soraLatin700 },
    { name: fontFamilies.display, weight: 700, data: soraLatinExt700 },
    { name: fontFamilies.body, weight: 400, data: interLatin400 },
    { name: fontFamilies.body, weight: 400, data: interLatinExt400 },
    { name: fontFamilies.body, weight: 600, data: interLatin600 },
    { name: fontFamilies.body, weight: 600, data: interLatinExt600 },
    { name: fontFamilies.name, weight: 600, data: corLatin600 },
    { name: fontFamilies.name, weight: 600, data: corLatinExt600 },
    { name: fontFamilies.name, weight: 500, style: "italic", data: corLatin500i },
    { name: fontFamilies.name, weight: 500, style: "italic", data: corLatinExt500i },
  ].map((font) => ({ ...font, data: bytesOf(font.data) }) as Font);
  return loaded;
}
