import { createContext, useContext } from "react";

/**
 * The CSP nonce of the page. The server render gets it from the Worker; in the browser
 * the `nonce` attribute of scripts reads as "", but the property keeps the value, so the
 * client renders the same nonce and hydration matches.
 */
function browserNonce(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

const NonceContext = createContext(browserNonce());

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
