import { describe, expect, it } from "vitest";
import { readAttemptPosition } from "./attempt-position";

const id = "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the remembered question of a running test", () => {
  it.each([
    [`lang=en-US; test_position=${id}.12`, 12],
    [`test_position=${id}.0`, 0],
    [`test_position=${id}.40`, null], // past the last question
    [`test_position=${id}.-1`, null],
    [`test_position=${id}.x`, null],
    ["test_position=another-attempt.3", null],
    [null, null],
  ])("%s reads as %s", (cookies, position) => {
    expect(readAttemptPosition(cookies, id, 40)).toBe(position);
  });
});
