/**
 * @module tests/helpers/authenticator — a software WebAuthn authenticator for the passkey tests: an ES256
 * key pair, a random credential id and a signature counter; `create` answers registration options as a
 * browser's navigator.credentials.create() would (attestation "none"), `get` signs an assertion. Knobs let
 * a test lie about the origin or the challenge, to see the server refuse.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

/** The CBOR subset attestation objects and COSE keys need: integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -value - 1);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;
const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');

interface Options {
  challenge: string;
  user?: { id: string };
}

export class Authenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: KeyObject;
  private readonly cose: Buffer;
  private userHandle: string | null = null;
  private counter = 0;

  readonly rpId: string;
  readonly origin: string;

  constructor(rpId = 'localhost', origin = 'http://localhost:5173') {
    this.rpId = rpId;
    this.origin = origin;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest();
  }

  /** navigator.credentials.create() for `options`; remembers the user handle for later assertions. */
  create(options: Options, lie: { origin?: string; challenge?: string } = {}) {
    this.userHandle = options.user!.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([UP_UV | ATTESTED]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cose,
    ]);
    const attestation = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = this.clientData(
      'webauthn.create',
      lie.challenge ?? options.challenge,
      lie.origin ?? this.origin,
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      response: {
        attestationObject: b64url(attestation),
        clientDataJSON: b64url(clientData),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() for `options`, signed with this authenticator's key. */
  get(options: Options, lie: { origin?: string; challenge?: string } = {}) {
    if (!this.userHandle) throw new Error('create() first: the authenticator holds no user handle');
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([UP_UV]), count]);
    const clientData = this.clientData(
      'webauthn.get',
      lie.challenge ?? options.challenge,
      lie.origin ?? this.origin,
    );
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      response: {
        authenticatorData: b64url(authData),
        clientDataJSON: b64url(clientData),
        signature: b64url(sign('sha256', signed, this.key)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
