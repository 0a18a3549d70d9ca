/**
 * @module jwt — signs and verifies the stack's JWTs: HS256 with the shared secret and ES256 with the
 * signing key published at `/auth/v1/.well-known/jwks.json`. Built on node:crypto, no dependency.
 */
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign as signData,
  timingSafeEqual,
  verify as verifyData,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type JwtClaims = Record<string, unknown> & {
  sub?: string;
  role?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
  session_id?: string;
};

export class JwtError extends Error {
  readonly reason: 'malformed' | 'signature' | 'expired' | 'algorithm';
  constructor(message: string, reason: JwtError['reason']) {
    super(message);
    this.reason = reason;
  }
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: Record<string, unknown>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** Loads the ES256 signing key from `file`, generating and saving it on first start. */
export function loadSigningKey(file: string): SigningKey {
  let pem: string;
  let kid: string;
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; pem: string };
    pem = saved.pem;
    kid = saved.kid;
  } else {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    kid = randomUUID();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ kid, pem }), { mode: 0o600 });
  }
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  return { kid, privateKey, publicKey, jwk };
}

export class Jwt {
  /** Verified tokens, so a busy client does not pay for signature checks on every request. */
  readonly #cache = new Map<string, JwtClaims>();

  readonly secret: string;
  readonly signingKey: SigningKey;

  constructor(secret: string, signingKey: SigningKey) {
    this.secret = secret;
    this.signingKey = signingKey;
  }

  get jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [this.signingKey.jwk] };
  }

  /** Signs `claims` with ES256 (user sessions) or HS256 (the legacy shared-secret scheme). */
  sign(claims: JwtClaims, alg: 'ES256' | 'HS256' = 'ES256'): string {
    const header =
      alg === 'ES256' ? { alg, kid: this.signingKey.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const signature =
      alg === 'ES256'
        ? signData('sha256', Buffer.from(input), {
            key: this.signingKey.privateKey,
            dsaEncoding: 'ieee-p1363',
          })
        : createHmac('sha256', this.secret).update(input).digest();
    return `${input}.${b64url(signature)}`;
  }

  /** Verifies signature and expiry; throws JwtError. `now` is in seconds. */
  verify(token: string, now = Math.floor(Date.now() / 1000)): JwtClaims {
    let claims = this.#cache.get(token);
    if (!claims) {
      claims = this.#verifySignature(token);
      if (this.#cache.size > 10_000) this.#cache.clear();
      this.#cache.set(token, claims);
    }
    if (typeof claims.exp === 'number' && claims.exp <= now)
      throw new JwtError('token has expired', 'expired');
    return claims;
  }

  #verifySignature(token: string): JwtClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw new JwtError('token is malformed', 'malformed');
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let claims: JwtClaims;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      throw new JwtError('token is malformed', 'malformed');
    }
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
      throw new JwtError('token is malformed', 'malformed');
    }
    const input = Buffer.from(`${h}.${p}`);
    const signature = Buffer.from(s, 'base64url');
    let valid: boolean;
    if (header.alg === 'HS256') {
      const expected = createHmac('sha256', this.secret).update(input).digest();
      valid = expected.length === signature.length && timingSafeEqual(expected, signature);
    } else if (header.alg === 'ES256') {
      if (header.kid !== undefined && header.kid !== this.signingKey.kid) {
        throw new JwtError('signing key not found', 'signature');
      }
      valid = verifyData(
        'sha256',
        input,
        { key: this.signingKey.publicKey, dsaEncoding: 'ieee-p1363' },
        signature,
      );
    } else {
      throw new JwtError(`signing method ${header.alg ?? 'none'} is invalid`, 'algorithm');
    }
    if (!valid) throw new JwtError('signature is invalid', 'signature');
    return claims;
  }
}
