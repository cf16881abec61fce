import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { ImageNaming, ImagePart } from "../../core/items/pool/public-form";

/**
 * The server's item secret (docs/decisions/0039-forms-served-and-scored.md): the seed of an
 * attempt's form and the names of its images are HMACs under it, so a client that knows an
 * attempt id (it is in every result URL) can derive neither. `ITEM_SECRET` is required in
 * production (worker/env.ts); development and the tests use a fixed stand-in, so a local
 * attempt's form is the same on every run.
 */
const developmentItemSecret = "development-only item secret: set ITEM_SECRET in production";

const encoder = new TextEncoder();

function itemSecret(env: Env): Uint8Array {
  const secret = (env as Env & { ITEM_SECRET?: string }).ITEM_SECRET;
  if (!secret && env.ENVIRONMENT === "production") throw new Error("ITEM_SECRET is not set");
  return encoder.encode(secret || developmentItemSecret);
}

/** 128 bits of HMAC-SHA256 under the item secret, in hex, for one labelled message. */
function mac(env: Env, label: string, message: string): string {
  return encodeHexLowerCase(
    hmac(SHA256, itemSecret(env), encoder.encode(`${label}\n${message}`)),
  ).slice(0, 32);
}

/** The seed of an attempt's form: no client can derive it from the attempt id. */
export function formSeed(env: Env, attemptId: string): string {
  return mac(env, "form-seed", attemptId);
}

/** The path of an item image of an attempt: `/q/f/<attempt id>/<token>.svg`. */
export function itemImagePath(attemptId: string, token: string): string {
  return `/q/f/${attemptId}/${token}.svg`;
}

/**
 * How an attempt names its images: the token is an HMAC of the instance and the image's
 * content (never its letter), the same in every form that has the instance.
 */
export function imageNaming(env: Env, attemptId: string): ImageNaming {
  return {
    token: (instanceId: string, part: ImagePart) =>
      mac(env, "item-image", `${instanceId}\n${part}`),
    url: (token: string) => itemImagePath(attemptId, token),
  };
}
