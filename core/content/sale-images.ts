/**
 * The login modal's promotional images (spec section 2; ADR 0014): the designed sizes,
 * the responsive WebP widths drawn by `npm run sale-images` (spec section 9's list) and the
 * `media`/`sizes` the modal gives the browser to choose among them.
 */

/** CSS pixels of each design (scripts/sale-images.ts draws them at every width below). */
export const saleImageSizes = {
  desktop: { width: 400, height: 680 },
  mobile: { width: 480, height: 160 },
} as const;
export type SaleImageKind = keyof typeof saleImageSizes;

/**
 * WebP widths per variant, from spec section 9 (320, 640, 768, 1024, 1280, 1536): the 1x and
 * 2x candidates for the sizes each variant is actually drawn at.
 * - mobile: the full width of the sheet under 640 px (320 to 639 CSS px), a 458 px card from
 *   640 to 767 px: 320 and 640 at 1x; 640 to 1280 at 2x (and 3x phones: 412 x 3 = 1236).
 * - desktop: the column is 316 to 387 px wide but the login view's panel is about 660 to 700 px
 *   tall, so object-fit: cover draws the 400 x 680 design about 400 px wide: 640 at 1x, 768 and
 *   1024 at 2x. 320 would never be picked, 1280 only by 3x desktops.
 */
export const saleImageWidths = {
  desktop: [640, 768, 1024],
  mobile: [320, 640, 768, 1024, 1280],
} as const satisfies Record<SaleImageKind, readonly number[]>;

/** The desktop design from the modal's two-column breakpoint (app/accounts.css). */
export const saleImageDesktopMedia = "(min-width: 768px)";

/** How wide each variant is drawn, for the browser's choice (`sizes`). */
export const saleImageSlot: Record<SaleImageKind, string> = {
  desktop: "400px",
  mobile: "(min-width: 640px) 458px, 100vw",
};

export interface SaleImageFile {
  width: number;
  height: number;
  /** Content-hashed, so served with a year-long immutable cache (public/_headers). */
  url: string;
}
