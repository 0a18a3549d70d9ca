/**
 * @module jwt — signs and verifies the stack's JWTs: HS256 with the shared secret, and ES256 or RS256 with
 * the signing key published at `/auth/v1/.well-known/jwks.json` — the project's own keys when config.toml
 * names `[auth] signing_keys_path`, else a key the stack makes. Built on node:crypto, no dependency.
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
  /** The public JWK as the JWKS publishes it. */
  jwk: Record<string, unknown>;
  /** Absent on keys made before RS256 was supported: those are ES256. */
  alg?: AsymmetricAlg;
}

export type AsymmetricAlg = 'ES256' | 'RS256';

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
  return { kid, privateKey, publicKey, jwk, alg: 'ES256' };
}

/**
 * Reads a project's signing keys as `supabase gen signing-key` writes them: a JSON array of private JWKs
 * (EC P-256 for ES256, RSA for RS256). As GoTrue, exactly one key must carry `"sign"` in `key_ops`; it
 * signs, and it comes first in the result. The others only verify (keys being rotated in or out).
 */
export function loadProjectKeys(file: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`[auth] signing_keys_path: cannot read ${file}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new Error(`[auth] signing_keys_path: ${file} must hold a non-empty JSON array of JWKs`);
  }
  const keys = parsed.map((jwk, i) => projectKey(jwk, `${file} key ${i}`));
  const signing = keys.filter((key) => key.signs);
  if (signing.length === 0) throw new Error(`[auth] signing_keys_path: ${file}: no signing key detected`);
  if (signing.length > 1) {
    throw new Error(
      `[auth] signing_keys_path: ${file}: multiple signing keys detected, only 1 signing key is supported`,
    );
  }
  return [...signing, ...keys.filter((key) => !key.signs)].map(({ signs: _, ...key }) => key);
}

function projectKey(raw: unknown, where: string): SigningKey & { signs: boolean } {
  const jwk = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const alg = jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' ? 'ES256' : undefined);
  if (alg !== 'ES256' && alg !== 'RS256') {
    throw new Error(
      `[auth] signing_keys_path: ${where}: unsupported algorithm ${String(jwk.alg ?? jwk.kty)}`,
    );
  }
  if (typeof jwk.kid !== 'string' || !jwk.kid) throw new Error(`[auth] signing_keys_path: ${where}: no kid`);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
  } catch (error) {
    throw new Error(`[auth] signing_keys_path: ${where}: not a private JWK: ${(error as Error).message}`);
  }
  const expected = alg === 'RS256' ? 'rsa' : 'ec';
  if (privateKey.asymmetricKeyType !== expected) {
    throw new Error(`[auth] signing_keys_path: ${where}: ${alg} needs an ${expected.toUpperCase()} key`);
  }
  const publicKey = createPublicKey(privateKey);
  const ops = Array.isArray(jwk.key_ops) ? jwk.key_ops : [];
  return {
    kid: jwk.kid,
    alg,
    privateKey,
    publicKey,
    jwk: { ...publicKey.export({ format: 'jwk' }), kid: jwk.kid, alg, use: 'sig', key_ops: ['verify'] },
    signs: ops.includes('sign'),
  };
}

const algOf = (key: SigningKey): AsymmetricAlg => key.alg ?? 'ES256';

export class Jwt {
  /** Verified tokens, so a busy client does not pay for signature checks on every request. */
  readonly #cache = new Map<string, JwtClaims>();

  readonly secret: string;
  /** The key that signs; with project keys, the one marked `sign`. */
  readonly signingKey: SigningKey;
  /** Every key that verifies, the signing key first. */
  readonly keys: readonly SigningKey[];

  /** `others`: further keys that verify but do not sign (a project's keys being rotated). */
  constructor(secret: string, signingKey: SigningKey, others: readonly SigningKey[] = []) {
    this.secret = secret;
    this.signingKey = signingKey;
    this.keys = [signingKey, ...others];
  }

  /** The algorithm the signing key signs with. */
  get algorithm(): AsymmetricAlg {
    return algOf(this.signingKey);
  }

  get jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.keys.map((key) => key.jwk) };
  }

  /**
   * Signs `claims` with the signing key (user sessions; ES256 or RS256 as the key is, whichever
   * asymmetric algorithm is asked for) or with HS256 (the legacy shared-secret scheme).
   */
  sign(claims: JwtClaims, alg: AsymmetricAlg | 'HS256' = this.algorithm): string {
    const key = this.signingKey;
    const header =
      alg === 'HS256' ? { alg: 'HS256', typ: 'JWT' } : { alg: algOf(key), kid: key.kid, typ: 'JWT' };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const signature =
      alg === 'HS256'
        ? createHmac('sha256', this.secret).update(input).digest()
        : signData('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
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
    } else if (header.alg === 'ES256' || header.alg === 'RS256') {
      const alg = header.alg;
      // A token without `kid` is tried against every key of its algorithm, as GoTrue's fallback does.
      const candidates = this.keys.filter(
        (key) => algOf(key) === alg && (header.kid === undefined || key.kid === header.kid),
      );
      if (candidates.length === 0) throw new JwtError('signing key not found', 'signature');
      valid = candidates.some((key) =>
        verifyData('sha256', input, { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, signature),
      );
    } else {
      throw new JwtError(`signing method ${header.alg ?? 'none'} is invalid`, 'algorithm');
    }
    if (!valid) throw new JwtError('signature is invalid', 'signature');
    return claims;
  }
}
