import { describe, expect, it } from "vitest";
import {
  deferHydration,
  deferredScriptId,
  deferredScriptType,
  heldAttribute,
  heldControls,
  hydratedEvent,
  hydrateOnIntentScript,
  hydratesOnIntent,
  hydratingEvent,
} from "./hydrate-on-intent";

/** The shape of a page as React Router 8 and React 19 render it (head, then the body's end). */
const page = (moduleScripts = 1) =>
  [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/root-B.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/home-C.js" nonce="N"/>',
    '<link rel="stylesheet" href="/assets/entry-D.css" nonce="N" media="print"/>',
    '</head><body><main><a href="/test">Take the test</a></main>',
    '<script nonce="N">window.__reactRouterContext = {};</script>',
    ...Array.from(
      { length: moduleScripts },
      () =>
        '<script nonce="N" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
    ),
    '<script nonce="N">window.__reactRouterContext.streamController.close();</script>',
    "</body></html>",
  ].join("");

describe("deferHydration", () => {
  it("makes React Router's module script inert and lists the modules it preloaded on it, once each, in order", () => {
    const html = deferHydration(page());
    expect(html).not.toBeNull();
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script nonce="N" type="${deferredScriptType}" id="${deferredScriptId}" data-preload="/assets/entry.client-A.js /assets/root-B.js /assets/home-C.js">import * as route0`,
    );
    // Everything else is left as it was: the stylesheet, the classic scripts, the body.
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/entry-D.css" nonce="N" media="print"/>',
    );
    expect(html).toContain('<script nonce="N">window.__reactRouterContext = {};</script>');
    expect(html).toContain('<main><a href="/test">Take the test</a></main>');
  });

  it("leaves a page of another shape to hydrate at once", () => {
    expect(deferHydration(page(0))).toBeNull();
    expect(deferHydration(page(2))).toBeNull();
    expect(deferHydration(page().replaceAll(/<link rel="modulepreload"[^>]*\/>/g, ""))).toBeNull();
  });
});

describe("hydrateOnIntentScript", () => {
  it("is a script that parses, and names the inert script, the event and the held controls", () => {
    expect(() => new Function(hydrateOnIntentScript)).not.toThrow();
    for (const name of [
      deferredScriptId,
      hydratingEvent,
      hydratedEvent,
      heldControls,
      heldAttribute,
    ]) {
      expect(hydrateOnIntentScript).toContain(`"${name}"`);
    }
    // Inline in the page: it must not be able to close its own element.
    expect(hydrateOnIntentScript).not.toContain("</");
  });
});

describe("hydratesOnIntent", () => {
  it("is true when a matched route's data says so, and only then", () => {
    expect(hydratesOnIntent([{ hydrateOnIntent: true }, null, undefined])).toBe(true);
    expect(hydratesOnIntent([{ hydrateOnIntent: false }, { kind: "result" }, undefined])).toBe(
      false,
    );
    // A failed route has no data; a truthy value that is not `true` is not a yes.
    expect(hydratesOnIntent([undefined, { hydrateOnIntent: "yes" }, "hydrateOnIntent"])).toBe(
      false,
    );
    expect(hydratesOnIntent([])).toBe(false);
  });
});
