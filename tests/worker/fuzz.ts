/**
 * Bodies no form of ours sends: broken JSON, JSON of the wrong shape, wrong types, broken
 * forms. Every endpoint that reads a body must answer them with 400 and field errors,
 * never a 500 (SECURITY.md 28). Imported by tests only.
 */
export const malformedBodies: { body: string | FormData; type?: string }[] = [
  { body: "" },
  ...[
    "",
    "{",
    "null",
    "[]",
    '"text"',
    "12",
    '{"email":["a@b.co"],"password":{"x":1},"name":7}',
    '{"email":null,"password":null,"passwordConfirmation":true,"token":5,"dateOfBirth":19900101,"rememberMe":"yes"}',
    '{"__proto__":{"email":"a@b.co"},"constructor":1}',
    "\u0000\u0001\u0002",
  ].map((body) => ({ body, type: "application/json" })),
  { body: "email=&password=", type: "application/x-www-form-urlencoded" },
  { body: "%%%=%%%", type: "application/x-www-form-urlencoded" },
  { body: "--x\r\nnot multipart", type: "multipart/form-data" },
  { body: "--x\r\nbroken", type: "multipart/form-data; boundary=x" },
  { body: "email=a@b.co", type: "text/plain" },
  { body: "<xml/>", type: "application/xml" },
];
