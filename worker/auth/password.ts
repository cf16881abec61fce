import { scrypt } from "node:crypto";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * Password hashing with scrypt from node:crypto (SECURITY.md 6; docs/decisions/0007-accounts.md).
 * Stored as `scrypt$N$r$p$salt$hash` (base64) so the parameters can be raised later:
 * a sign-in with an older hash re-hashes the password with the current ones.
 */
export const currentParameters = { N: 16384, r: 16, p: 1, keyLength: 64, saltLength: 16 } as const;

type Parameters = { N: number; r: number; p: number };

function derive(password: string, salt: Uint8Array, params: Parameters, keyLength: number) {
  return new Promise<Uint8Array>((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      // 128 * N * r bytes is exactly Node's default 32 MiB limit: give it room.
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = currentParameters;
  const salt = crypto.getRandomValues(new Uint8Array(saltLength));
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return ["scrypt", N, r, p, encodeBase64(salt), encodeBase64(key)].join("$");
}

function parse(stored: string) {
  const [algorithm, n, r, p, salt, key] = stored.split("$");
  if (algorithm !== "scrypt" || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N >= 2 &&
    params.N <= 2 ** 20 &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 4;
  if (!sane) return null;
  try {
    return { params, salt: decodeBase64(salt), key: decodeBase64(key) };
  } catch {
    return null;
  }
}

export interface Verification {
  valid: boolean;
  /** The hash uses older parameters: store a new one now that the password is known. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string): Promise<Verification> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length < 16) return { valid: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  const valid = constantTimeEqual(key, parsed.key);
  const { N, r, p, keyLength } = currentParameters;
  const needsRehash =
    valid &&
    (parsed.params.N !== N ||
      parsed.params.r !== r ||
      parsed.params.p !== p ||
      parsed.key.length !== keyLength);
  return { valid, needsRehash };
}

/**
 * A hash of a random password nobody knows, verified when the e-mail has no password
 * account, so an unknown address costs the same time as a wrong password.
 */
export const dummyPasswordHash =
  "scrypt$16384$16$1$w4OuZ77Gt4Ui1eLQZwBq6g==$G3TTFQEdnA8EFGNIwTZxyz0C+KM6yvNrKl64/q7vThFv7z6KcT50MdOYELzk0nw40gnfMcI8deOA0GarEGSgTA==";
