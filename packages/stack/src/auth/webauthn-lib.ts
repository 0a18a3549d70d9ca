/**
 * @module auth/webauthn-lib — @simplewebauthn/server, loaded at the first passkey request: its CBOR,
 * ASN.1 and crypto modules cost the idle stack memory that a project without passkeys never uses
 * (measured in decision 173).
 */
import { lazy } from '../util/lazy.ts';

export const loadWebAuthn = lazy(() => import('@simplewebauthn/server'));
