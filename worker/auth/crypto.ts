import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** `bytes` random bytes from crypto.getRandomValues, as lower-case base32 without padding. */
export function randomToken(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function sha256Hex(value: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(value)));
}

/** Compares two hex digests in constant time; anything malformed is simply unequal. */
export function sameHexDigest(a: string, b: string): boolean {
  try {
    return constantTimeEqual(decodeHex(a), decodeHex(b));
  } catch {
    return false;
  }
}
