import { createContext, useContext } from "react";

/** The request's Content-Security-Policy nonce; empty in the browser, where scripts already ran. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
