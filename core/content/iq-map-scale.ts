/**
 * The colour scale of the average-IQ world map: five 10-point bins on the data's UK = 100
 * scale, from dark blue (low) to light mint (high), so lightness alone orders them (and no
 * red/green judgement is implied). Countries absent from the data get a neutral grey.
 */
export type MapBin = { min: number; max: number; colour: string };

export const mapBins: readonly MapBin[] = [
  { min: Number.NEGATIVE_INFINITY, max: 70, colour: "#33418a" },
  { min: 70, max: 80, colour: "#4869c4" },
  { min: 80, max: 90, colour: "#6b98e6" },
  { min: 90, max: 100, colour: "#5fcdc4" },
  { min: 100, max: Number.POSITIVE_INFINITY, colour: "#b4f2dd" },
];

export const noDataColour = "#3a3e4d";

/** The fill of a country: its bin's colour, or the 'no data' grey when there is no value. */
export function mapColour(iq: number | null | undefined): string {
  if (iq === null || iq === undefined || !Number.isFinite(iq)) return noDataColour;
  const bin = mapBins.find((b) => iq >= b.min && iq < b.max);
  return (bin ?? (mapBins.at(-1) as MapBin)).colour;
}
