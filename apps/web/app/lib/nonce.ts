/**
 * @module lib/nonce — the CSP nonce of this response, for the inline scripts React Router writes. Provided by
 * entry.server; in the browser it is empty, which is fine: scripts added after load are not inline.
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
