import { describe, expect, it } from "vitest";
import { questionCodes } from "../../core/items/questions.ts";
import { normsTable } from "../../core/scoring/norms";
import { normsVersion } from "../../core/scoring/norms-model";
import { proposeNorms, v1Items } from "./norms-proposal.ts";

const now = new Date("2027-03-15T12:00:00Z");
/** A proposal on v1's model items: no takers, reliability 0.85, unless told otherwise. */
function propose(
  input: { takers?: { ability: number; ageBand: string }[]; reliability?: number } = {},
) {
  return proposeNorms({
    questionBankVersion: "bank1",
    codes: questionCodes,
    items: v1Items(questionCodes),
    takers: input.takers ?? [],
    reliability: input.reliability ?? 0.85,
    now,
  });
}

describe("the proposed norms table", () => {
  it("on v1's own item parameters and no measured bands, is v1's table: same shape, same method", () => {
    const proposal = propose();
    const iqs = (table: Readonly<Record<string, readonly { iq: number }[]>>) =>
      Object.fromEntries(
        Object.entries(table).map(([band, rows]) => [band, rows.map((r) => r.iq)]),
      );
    expect(iqs(proposal.table)).toEqual(iqs(normsTable));
    for (const [band, rows] of Object.entries(normsTable)) {
      rows.forEach((row, raw) => {
        expect(proposal.table[band]?.[raw]?.percentile).toBeCloseTo(row.percentile, 6);
      });
    }
    expect(proposal.normsVersion).toBe("v2-calibrated-2027-03-bank1");
    expect(proposal.intervalHalfWidth).toBe(11);
    expect(proposal.ageBands.every((band) => band.source === "v1 model")).toBe(true);
    expect(proposal.current).toEqual({ normsVersion, iq: iqs(normsTable) });
  });

  it("takes the SEM from the measured reliability", () => {
    const proposal = propose({ reliability: 0.91 });
    expect(proposal.sem).toBeCloseTo(4.5, 10);
    expect(proposal.intervalHalfWidth).toBe(9);
  });

  it("measures an age band's mean against the reference band once both have enough takers", () => {
    const takers = [
      ...Array.from({ length: 250 }, (_, i) => ({
        ability: 0.3 + (i % 2 ? 0.1 : -0.1),
        ageBand: "25-34",
      })),
      ...Array.from({ length: 250 }, () => ({ ability: -0.2, ageBand: "65+" })),
      ...Array.from({ length: 50 }, () => ({ ability: 1, ageBand: "16-17" })),
    ];
    const proposal = propose({ takers });
    const band = (id: string) => proposal.ageBands.find((b) => b.id === id);
    expect(band("65+")).toMatchObject({ source: "measured", takers: 250 });
    expect(band("65+")?.meanAbility).toBeCloseTo(-0.5, 10);
    expect(band("16-17")).toMatchObject({ source: "v1 model", meanAbility: -0.1, takers: 50 });
    // Ability 0.3 is the reference band's average: the raw total whose ability it is
    // scores 100 there, and more at 65+.
    const reference = proposal.table["25-34"] ?? [];
    const older = proposal.table["65+"] ?? [];
    const middle = reference.findIndex((row) => row.iq >= 100);
    expect(reference[middle]?.iq).toBeLessThanOrEqual(102);
    expect(older[middle]?.iq).toBeGreaterThan(reference[middle]?.iq ?? 0);
    // Chance (10 of 40) is still the floor everywhere.
    expect(reference[10]?.iq).toBe(55);
    expect(older[10]?.iq).toBe(55);
  });
});
