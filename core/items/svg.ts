/**
 * Shared drawing vocabulary for item images: legible on the site's dark theme
 * (panels a shade lighter than the page, light strokes), small output (one decimal).
 */

export const palette = {
  /** Panel background: a little lighter than the page (#0a0f1e). */
  panel: "#141c3a",
  panelBorder: "#2b3868",
  /** Main strokes and text. */
  ink: "#e8ecff",
  muted: "#8f9bc4",
  accent: "#4fe0c2",
  /**
   * Fill levels, from none to full, told apart by lightness (also for colour-blind eyes).
   * Index 0 is "no fill" (the panel shows through).
   */
  fills: ["none", "#56649c", "#a3b3f5", "#e8ecff"] as const,
} as const;

export const fontFamily = "Inter, 'Segoe UI', Roboto, Arial, sans-serif";

/** A number with at most one decimal, no trailing zeros: keeps files small. */
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** A complete SVG document with an intrinsic size. */
export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}">${body}</svg>\n`;
}

/** A rounded panel (the background of a cell or an option). */
export function panel(x: number, y: number, width: number, height: number, radius = 12): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(radius)}" fill="${palette.panel}" stroke="${palette.panelBorder}" stroke-width="2"/>`;
}

export function text(
  x: number,
  y: number,
  content: string,
  options: {
    size?: number;
    weight?: number;
    fill?: string;
    anchor?: "start" | "middle" | "end";
  } = {},
): string {
  const escaped = content.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return `<text x="${n(x)}" y="${n(y)}" font-family="${fontFamily}" font-size="${n(options.size ?? 32)}" font-weight="${options.weight ?? 600}" fill="${options.fill ?? palette.ink}" text-anchor="${options.anchor ?? "middle"}" dominant-baseline="central">${escaped}</text>`;
}

/** Points of a regular polygon centred on (cx, cy), first vertex at the top. */
export function polygonPoints(
  cx: number,
  cy: number,
  radius: number,
  sides: number,
  rotation = 0,
): string {
  return Array.from({ length: sides }, (_, i) => {
    const angle = rotation + (Math.PI * 2 * i) / sides - Math.PI / 2;
    return `${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`;
  }).join(" ");
}

/** A question mark in a dashed accent box: the missing cell or term. */
export function missingMark(x: number, y: number, width: number, height: number): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="12" fill="none" stroke="${palette.accent}" stroke-width="2.5" stroke-dasharray="8 6"/>${text(x + width / 2, y + height / 2, "?", { size: Math.min(width, height) * 0.5, weight: 700, fill: palette.accent })}`;
}
