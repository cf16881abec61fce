import { fontFamilies } from "./fonts";
import {
  box,
  corner,
  deepBlue,
  gradient,
  ink,
  line,
  logoMark,
  mint,
  muted,
  ornament,
  paper,
  periwinkle,
  type SatoriChild,
  type SatoriElement,
} from "./primitives";

/**
 * The certificate's design as a satori element tree, built from plain objects: every
 * user-supplied string is a text child, never markup (SECURITY.md 30). Landscape, A4
 * proportions (1600 x 1131): ivory paper in a navy frame with the site's periwinkle-to-mint
 * gradient, the name engraved in a serif, the score in a seal.
 */

export const certificateSize = { width: 1600, height: 1131 } as const;

/** Everything printed, already in the certificate's language. */
export interface CertificateContent {
  name: string;
  /** "Age 34"; null when the owner has no date of birth. */
  ageLine: string | null;
  iqLabel: string;
  /** The 95 % interval as every surface writes it ("≤55 to 71": core/scoring/score-text.ts). */
  interval: string;
  bandName: string;
  date: string;
  code: string;
  /** Shown without its scheme; the full URL is in the SVG's description. */
  verifyUrl: string;
  texts: {
    title: string;
    certifies: string;
    statement: string;
    iqCaption: string;
    intervalCaption: string;
    bandCaption: string;
    dateCaption: string;
    codeCaption: string;
    verifyCaption: string;
    notice: string;
  };
}

/** The name's size steps: long names get smaller and may take two lines (then no more). */
export const nameSizes = [
  { maxChars: 22, fontSize: 96 },
  { maxChars: 30, fontSize: 80 },
  { maxChars: 40, fontSize: 66 },
  { maxChars: Number.POSITIVE_INFINITY, fontSize: 54 },
] as const;

export function nameFontSize(name: string): number {
  const length = Array.from(name).length;
  return (nameSizes.find((step) => length <= step.maxChars) ?? nameSizes[3]).fontSize;
}

/**
 * "≤" is in none of the bundled subsets: drawn as a "<" over a bar wherever it appears in
 * `text` (the seal's "≤55", the interval's "≤55 to 71").
 */
function lessOrEqualText(text: string, fontSize: number, colour = "#ffffff"): SatoriChild[] {
  const [first, ...rest] = text.split("≤");
  const glyph = () =>
    box(
      { flexDirection: "column", alignItems: "center", marginRight: fontSize * 0.04 },
      box({ fontSize: fontSize * 0.72, lineHeight: 0.9 }, "<"),
      box({
        width: fontSize * 0.4,
        height: fontSize * 0.07,
        background: colour,
        borderRadius: 2,
        marginTop: fontSize * 0.02,
      }),
    );
  const children: SatoriChild[] = first ? [first] : [];
  for (const part of rest) children.push(glyph(), ...(part ? [part] : []));
  return children;
}

function caption(text: string): SatoriElement {
  return box(
    {
      fontFamily: fontFamilies.body,
      fontWeight: 600,
      fontSize: 17,
      letterSpacing: 2.5,
      textTransform: "uppercase",
      color: muted,
    },
    text,
  );
}

function seal(c: CertificateContent): SatoriElement {
  const fontSize = Array.from(c.iqLabel).length > 3 ? 58 : 70;
  return box(
    {
      width: 196,
      height: 196,
      borderRadius: "50%",
      backgroundImage: `linear-gradient(135deg, ${periwinkle}, ${mint})`,
      padding: 7,
    },
    box(
      {
        width: "100%",
        height: "100%",
        borderRadius: "50%",
        background: paper,
        padding: 3,
      },
      box(
        {
          width: "100%",
          height: "100%",
          borderRadius: "50%",
          background: ink,
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
        },
        box(
          {
            fontFamily: fontFamilies.body,
            fontWeight: 600,
            fontSize: 18,
            letterSpacing: 4,
            color: mint,
          },
          c.texts.iqCaption,
        ),
        box(
          {
            fontFamily: fontFamilies.display,
            fontWeight: 700,
            fontSize,
            lineHeight: 1.05,
            color: "#ffffff",
            alignItems: "center",
          },
          ...lessOrEqualText(c.iqLabel, fontSize),
        ),
      ),
    ),
  );
}

function sideFact(
  label: string,
  value: string,
  align: "flex-start" | "flex-end",
  fontSize = 32,
): SatoriElement {
  return box(
    { flexDirection: "column", alignItems: align, width: 500, gap: 10 },
    caption(label),
    box(
      {
        fontFamily: fontFamilies.display,
        fontWeight: 700,
        fontSize,
        lineHeight: 1.2,
        color: ink,
        textAlign: align === "flex-start" ? "left" : "right",
        alignItems: "center",
        justifyContent: align,
      },
      ...lessOrEqualText(value, fontSize, ink),
    ),
  );
}

export function certificateElement(c: CertificateContent): SatoriElement {
  const nameSize = nameFontSize(c.name);
  const header = box(
    { justifyContent: "space-between", alignItems: "center", width: "100%" },
    box(
      { alignItems: "center", gap: 14 },
      logoMark(44),
      box(
        {
          fontFamily: fontFamilies.display,
          fontWeight: 700,
          fontSize: 30,
          color: ink,
          letterSpacing: -0.5,
        },
        "Lumen IQ",
      ),
    ),
    box(
      { alignItems: "center", gap: 12 },
      caption(c.texts.codeCaption),
      box(
        {
          fontFamily: fontFamilies.body,
          fontWeight: 600,
          fontSize: 22,
          letterSpacing: 3,
          color: ink,
        },
        c.code,
      ),
    ),
  );

  const title = box(
    {
      fontFamily: fontFamilies.display,
      fontWeight: 700,
      fontSize: 42,
      letterSpacing: 7,
      textTransform: "uppercase",
      color: ink,
      textAlign: "center",
    },
    c.texts.title,
  );

  const name = box(
    {
      width: 1240,
      height: 2 * 54 * 1.12 + 8,
      alignItems: "center",
      justifyContent: "center",
    },
    box(
      {
        fontFamily: fontFamilies.name,
        fontWeight: 600,
        fontSize: nameSize,
        lineHeight: 1.12,
        color: ink,
        textAlign: "center",
        justifyContent: "center",
        maxWidth: 1240,
        wordBreak: "break-word",
        textWrap: "balance",
        lineClamp: 2,
      },
      c.name,
    ),
  );

  const whoBlock = box(
    { flexDirection: "column", alignItems: "center" },
    box(
      {
        fontFamily: fontFamilies.name,
        fontStyle: "italic",
        fontWeight: 500,
        fontSize: 36,
        color: muted,
      },
      c.texts.certifies,
    ),
    name,
    box({ width: 760, height: 3, backgroundImage: gradient, borderRadius: 2, marginTop: 6 }),
    ...(c.ageLine
      ? [
          box(
            {
              fontFamily: fontFamilies.body,
              fontWeight: 600,
              fontSize: 24,
              color: ink,
              marginTop: 18,
            },
            c.ageLine,
          ),
        ]
      : []),
    box(
      {
        fontFamily: fontFamilies.body,
        fontWeight: 400,
        fontSize: 24,
        color: muted,
        marginTop: c.ageLine ? 8 : 18,
        textAlign: "center",
      },
      c.texts.statement,
    ),
  );

  const results = box(
    { justifyContent: "space-between", alignItems: "center", width: 1240 },
    box(
      { flexDirection: "column", gap: 22 },
      sideFact(c.texts.bandCaption, c.bandName, "flex-start"),
      sideFact(c.texts.intervalCaption, c.interval, "flex-start", 26),
    ),
    seal(c),
    sideFact(c.texts.dateCaption, c.date, "flex-end"),
  );

  const footer = box(
    {
      justifyContent: "space-between",
      alignItems: "flex-end",
      width: "100%",
      position: "relative",
      paddingTop: 20,
      gap: 40,
    },
    line({ left: 0, right: 0, top: 0, height: 2 }),
    box(
      {
        fontFamily: fontFamilies.body,
        fontWeight: 400,
        fontSize: 17,
        lineHeight: 1.45,
        color: muted,
        maxWidth: 700,
      },
      c.texts.notice,
    ),
    box(
      { flexDirection: "column", alignItems: "flex-end", gap: 4 },
      caption(c.texts.verifyCaption),
      box(
        { fontFamily: fontFamilies.body, fontWeight: 600, fontSize: 21, color: deepBlue },
        c.verifyUrl.replace(/^https?:\/\//, ""),
      ),
    ),
  );

  const inner = box(
    {
      position: "relative",
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "space-between",
      width: "100%",
      height: "100%",
      padding: "42px 56px 34px",
    },
    line({ left: 0, right: 0, top: 0, height: 2 }),
    line({ left: 0, right: 0, bottom: 0, height: 2 }),
    line({ left: 0, top: 0, bottom: 0, width: 2 }),
    line({ right: 0, top: 0, bottom: 0, width: 2 }),
    corner({ left: -7, top: -7 }),
    corner({ right: -7, top: -7 }),
    corner({ left: -7, bottom: -7 }),
    corner({ right: -7, bottom: -7 }),
    header,
    box({ flexDirection: "column", alignItems: "center", gap: 18 }, title, ornament(420)),
    whoBlock,
    results,
    footer,
  );

  // The frame's gradient line as four strips: one full-size gradient box under the paper
  // would cost resvg a page-sized pattern.
  const strip = (style: Record<string, unknown>) => box({ position: "absolute", ...style });
  return box(
    {
      width: certificateSize.width,
      height: certificateSize.height,
      background: ink,
      padding: 34,
      position: "relative",
    },
    strip({ left: 30, right: 30, top: 30, height: 4, backgroundImage: gradient }),
    strip({ left: 30, right: 30, bottom: 30, height: 4, backgroundImage: gradient }),
    strip({ left: 30, top: 30, bottom: 30, width: 4, background: periwinkle }),
    strip({ right: 30, top: 30, bottom: 30, width: 4, background: mint }),
    box({ width: "100%", height: "100%", background: paper, padding: 30 }, inner),
  );
}
