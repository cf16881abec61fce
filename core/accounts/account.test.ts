import { describe, expect, it } from "vitest";
import { initials } from "./account";

describe("the avatar placeholder: first letters of up to two words (spec section 9)", () => {
  it.each([
    ["Maria", "M"],
    ["maria silva", "MS"],
    ["Maria da Silva", "MD"],
    ["Ana Maria de Souza Lima", "AM"],
    ["  Maria   Silva  ", "MS"],
    ["\tJoão\n Souza", "JS"],
    ["élodie ávila", "ÉÁ"],
    ["𠮷田 太郎", "𠮷太"],
    ["", ""],
    ["   ", ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
