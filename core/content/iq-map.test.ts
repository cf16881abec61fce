import { describe, expect, it } from "vitest";
import { nationalIq } from "./data/national-iq";
import { mapBins, mapColour, noDataColour } from "./iq-map-scale";
import { alpha3FromNumeric, knownNumericIds } from "./iso-numeric";

describe("ISO numeric -> alpha-3", () => {
  it.each([
    ["076", "BRA"],
    [76, "BRA"],
    ["840", "USA"],
    ["826", "GBR"],
    ["004", "AFG"],
    ["180", "COD"],
    ["178", "COG"],
    ["410", "KOR"],
    ["408", "PRK"],
  ])("%s is %s", (id, alpha3) => {
    expect(alpha3FromNumeric(id)).toBe(alpha3);
  });

  it("gives null for features without an ISO id and unknown codes", () => {
    expect(alpha3FromNumeric(undefined)).toBeNull();
    expect(alpha3FromNumeric("")).toBeNull();
    expect(alpha3FromNumeric("999")).toBeNull();
  });

  it("maps no two ids to the same country", () => {
    const codes = knownNumericIds.map((id) => alpha3FromNumeric(id));
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("the map's colour scale", () => {
  it("colours by 10-point bins, lighter for higher values", () => {
    expect(mapColour(60)).toBe(mapBins[0]?.colour);
    expect(mapColour(69.99)).toBe(mapBins[0]?.colour);
    expect(mapColour(70)).toBe(mapBins[1]?.colour);
    expect(mapColour(83.42)).toBe(mapBins[2]?.colour);
    expect(mapColour(99.9)).toBe(mapBins[3]?.colour);
    expect(mapColour(106.49)).toBe(mapBins[4]?.colour);
    expect(new Set(mapBins.map((b) => b.colour)).size).toBe(mapBins.length);
  });

  it("gives the no-data grey to countries without a value", () => {
    expect(mapColour(undefined)).toBe(noDataColour);
    expect(mapColour(null)).toBe(noDataColour);
    expect(mapColour(Number.NaN)).toBe(noDataColour);
    expect(mapBins.map((b) => b.colour)).not.toContain(noDataColour);
  });
});

describe("the national IQ data carried from the CSV", () => {
  it("has the 148 countries of Becker's NIQ v1.3.3 (QNW+SAS), Brazil at 83.42", () => {
    expect(nationalIq).toHaveLength(148);
    expect(nationalIq.find((row) => row.iso3 === "BRA")?.iq).toBe(83.42);
    for (const row of nationalIq) expect(row.iso3).toMatch(/^[A-Z]{3}$/);
  });
});
