import type { CallOptions } from "./client.ts";

/**
 * Hostile input (SECURITY 28): bodies that are malformed, oversized, wrongly typed or
 * broken multipart, odd unicode and percent-encoding in paths, forged cookies. None may
 * end in a 5xx or change anything.
 */

export const hostileBodies: readonly { name: string; options: CallOptions }[] = [
  { name: "malformed JSON", options: { body: '{"letter": "A",', headers: json() } },
  { name: "JSON null", options: { body: "null", headers: json() } },
  { name: "JSON array", options: { body: '["A"]', headers: json() } },
  { name: "a number for a string", options: { json: { letter: 1, coupon: 7, restart: "yes" } } },
  {
    name: "nested objects",
    options: { json: { letter: { A: true }, coupon: ["X"], restart: {} } },
  },
  { name: "oversized", options: { json: { letter: "A", pad: "x".repeat(300 * 1024) } } },
  {
    name: "deep nesting",
    options: { body: `${"[".repeat(5000)}${"]".repeat(5000)}`, headers: json() },
  },
  {
    name: "broken multipart",
    options: {
      body: '--XYZ\r\nContent-Disposition: form-data; name="letter"\r\n\r\nA\r\n--WRONG--',
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    },
  },
  {
    name: "multipart without a boundary",
    options: { body: "letter=A", headers: { "Content-Type": "multipart/form-data" } },
  },
  {
    name: "a file in a text field",
    options: {
      body: '--B\r\nContent-Disposition: form-data; name="coupon"; filename="c.txt"\r\nContent-Type: text/plain\r\n\r\nSPRING\r\n--B--\r\n',
      headers: { "Content-Type": "multipart/form-data; boundary=B" },
    },
  },
  {
    name: "a repeated form field",
    options: { body: "letter=A&letter=B&coupon=X&coupon=Y", headers: form() },
  },
  { name: "fullwidth letter", options: { json: { letter: "Ａ", coupon: "ＳＰＲＩＮＧ" } } },
  { name: "letter with NUL", options: { json: { letter: "A\u0000", coupon: "A\u0000B" } } },
  {
    name: "lone surrogate",
    options: { body: '{"letter":"\\ud800","coupon":"\\udfff"}', headers: json() },
  },
  {
    name: "right-to-left override",
    options: { json: { letter: "\u202eA", coupon: "\u202eSHARE-1" } },
  },
  { name: "emoji and combining marks", options: { json: { letter: "A\u0301", coupon: "🎟️🎟️" } } },
  {
    name: "invalid UTF-8",
    options: { body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: json() },
  },
  {
    name: "wrong content type",
    options: { body: "letter=A", headers: { "Content-Type": "text/xml" } },
  },
  { name: "empty body", options: { body: "", headers: json() } },
  {
    name: "prototype keys",
    options: {
      body: '{"__proto__":{"letter":"A"},"constructor":{"prototype":{}}}',
      headers: json(),
    },
  },
];

function json() {
  return { "Content-Type": "application/json" };
}

function form() {
  return { "Content-Type": "application/x-www-form-urlencoded" };
}

/** Odd forms of an attempt id and a question code in a path. */
export function oddIds(id: string): readonly string[] {
  return [
    id.toUpperCase(),
    `${id}%00`,
    `${id}%20`,
    encodeURIComponent(`${id}/../${id}`),
    `%2e%2e%2f${id}`,
    `${id.slice(0, -1)}%${id.slice(-1)}`,
    `${id}%2F..%2F`,
    `${id.replaceAll("-", "%2D")}`,
    `%E2%80%AE${id}`,
    "%C0%AF",
    "%ff%fe",
    `${id}${"a".repeat(2000)}`,
    "00000000-0000-0000-0000-000000000000",
    "' OR 1=1 --",
  ];
}

export const oddCodes: readonly string[] = [
  "SM-00",
  "SM-1",
  "sm-01",
  "SM-01%00",
  "%EF%BC%B3M-01",
  "SM-01%2F..",
  "__proto__",
  "constructor",
  "RL-11",
];

/** Forged session cookies: garbled, the right shape with a wrong secret, overlong. */
export function forgedSessions(realToken: string | undefined): readonly string[] {
  const id = realToken?.split(".")[0] ?? "abc";
  return [
    "garbage!!",
    `${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    `${id}.`,
    `.${id}`,
    `${id}.${"B".repeat(5000)}`,
    "%00%00",
    `${id}.${id}.${id}`,
  ];
}
