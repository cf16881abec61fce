import { describe, expect, it } from "vitest";
import { criticalCss, selectorIsUsed, usedNames } from "./critical-css";

const source = `
  export function Card({ tone }) {
    return <div className={\`card tone-\${tone}\`}><p className="card-title" id="intro">x</p></div>;
  }
  const size = "button-" + large;
`;
const used = usedNames([source]);

describe("the names a page's source can produce", () => {
  it("has its words and the prefixes it completes at run time", () => {
    expect(used.words.has("card-title")).toBe(true);
    expect(used.words.has("intro")).toBe(true);
    expect(used.prefixes).toEqual(expect.arrayContaining(["tone-", "button-"]));
  });
});

describe("a selector the page can match", () => {
  it.each([
    [".card", true],
    [".card .card-title", true],
    ["#intro", true],
    [".tone-warning", true],
    [".button-large:hover", true],
    ["html.dark body", false],
    [".card > .missing", false],
    ["#elsewhere", false],
    // Elements and attributes are assumed present; what a :not() names is not required.
    ["main p[data-x='.missing']", true],
    [".card:not(.missing)", true],
    [".card:is(.missing, .other) p", true],
    ["a::after", true],
  ])("%s: %s", (selector, expected) => {
    expect(selectorIsUsed(selector, used)).toBe(expected);
  });
});

describe("the critical CSS of a page", () => {
  const css = [
    ":root{--x:1}",
    "@font-face{font-family:A;src:url(a.woff2)}",
    ".card{color:red}",
    ".missing{color:blue}",
    ".card,.missing{margin:0}",
    "@media (width>=640px){.missing{padding:0}.card-title{padding:1px}}",
    "@media print{.missing{display:none}}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    "@keyframes pulse{to{opacity:0}}",
    ".card-title{animation:spin 1s}",
  ].join("");

  it("keeps the rules it can match, in their order, and drops the rest", () => {
    expect(criticalCss(css, used)).toBe(
      [
        ":root{--x:1}",
        "@font-face{font-family:A;src:url(a.woff2)}",
        ".card{color:red}",
        ".card{margin:0}",
        "@media (width>=640px){.card-title{padding:1px}}",
        "@keyframes spin{to{transform:rotate(1turn)}}",
        ".card-title{animation:spin 1s}",
      ].join(""),
    );
  });
});
