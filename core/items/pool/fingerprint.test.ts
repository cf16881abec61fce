import { describe, expect, it } from "vitest";
import { fingerprint } from "./fingerprint.ts";
import recorded from "./fingerprints.generated.json";
import { poolModels } from "./models.ts";

describe("the pool's models", () => {
  it("give the instances their names gave when they were recorded (stored forms never change)", () => {
    // A failure here means a model's code changed what (model, radicals, seed) builds. If
    // the change is wanted, give the model a new id (keep the old one for stored forms);
    // for a new model, run `npm run questions -- fingerprints`.
    const now = Object.fromEntries(poolModels.map((model) => [model.id, fingerprint(model)]));
    expect(now).toEqual(recorded);
  });

  it("have unique ids", () => {
    const ids = poolModels.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
