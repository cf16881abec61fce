import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";

describe("scrypt password hashes", () => {
  it("SECURITY 6: stores scrypt with its parameters (N=16384, r=16, p=1) and verifies only the right password", async () => {
    const stored = await hashPassword("Correct-horse-1");
    expect(stored).toMatch(/^scrypt\$16384\$16\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("Correct-horse-1", stored)).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect((await verifyPassword("correct-horse-1", stored)).valid).toBe(false);
  });

  it("asks for a re-hash when the stored parameters are older", async () => {
    const { scryptSync } = await import("node:crypto");
    const salt = new Uint8Array(16);
    const key = scryptSync("Old-password-1", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$1024$8$1$${btoa(String.fromCharCode(...salt))}$${Buffer.from(key).toString("base64")}`;
    expect(await verifyPassword("Old-password-1", old)).toEqual({ valid: true, needsRehash: true });
  });

  it("treats malformed or hostile hashes as a mismatch", async () => {
    for (const stored of [
      "",
      "bcrypt$x",
      "scrypt$16384$16$1$$",
      "scrypt$3$16$1$AAAA$AAAAAAAAAAAAAAAAAAAAAA==",
      "scrypt$1073741824$16$1$AAAA$AAAAAAAAAAAAAAAAAAAAAA==",
      "scrypt$16384$16$1$!!!$???",
    ]) {
      expect((await verifyPassword("Anything-1", stored)).valid).toBe(false);
    }
  });

  it("the dummy hash is well formed and matches nothing a user types", async () => {
    expect((await verifyPassword("Anything-1", dummyPasswordHash)).valid).toBe(false);
  });
});
