/**
 * @module auth/totp — RFC 6238 one-time codes as GoTrue checks them (SHA-1, 6 digits, 30 s steps, one step
 * of skew either way), the base32 secret, the `otpauth://` URI authenticator apps read, and its QR code as
 * the SVG GoTrue returns (auth-js turns it into a data URL).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { renderSVG } from 'uqr';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of now: GoTrue's `Skew: 1`. */
const SKEW = 1;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes, 32 base32 characters, as pquerna/otp (GoTrue's library) makes them. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The code for `secret` at `time` (ms), RFC 6238 / RFC 4226 dynamic truncation. */
export function totpCode(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / PERIOD)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** Whether `code` is the code of the current step or one step before or after it. */
export function verifyTotp(code: string, secret: string, time = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  let ok = false;
  for (let step = -SKEW; step <= SKEW; step++) {
    const expected = Buffer.from(totpCode(secret, time + step * PERIOD * 1000));
    ok = timingSafeEqual(expected, Buffer.from(code)) || ok;
  }
  return ok;
}

/** The key URI authenticator apps scan: `otpauth://totp/<issuer>:<account>?…` with sorted parameters. */
export function totpUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(DIGITS),
    issuer,
    period: String(PERIOD),
    secret,
  });
  return `otpauth://totp/${label}?${query}`;
}

/** The URI as a QR code in SVG markup. */
export const qrSvg = (uri: string) => renderSVG(uri, { ecc: 'H', pixelSize: 3 });
