import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './same-origin.server.ts';

const SITE = 'https://lanes.app';
const post = (headers: Record<string, string>, url = `${SITE}/sign-out`) =>
  new Request(url, { method: 'POST', headers });

describe('isCrossSiteWrite', () => {
  it('lets same-origin writes through, by Origin or by Sec-Fetch-Site', () => {
    expect(isCrossSiteWrite(post({ Origin: SITE }), SITE)).toBe(false);
    expect(isCrossSiteWrite(post({ 'Sec-Fetch-Site': 'same-origin', Origin: SITE }), SITE)).toBe(false);
    expect(isCrossSiteWrite(post({ 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBe(false);
  });

  it('accepts the origin the request was addressed to (a second host name for the same app)', () => {
    const request = post({ Origin: 'http://127.0.0.1:5173' }, 'http://127.0.0.1:5173/theme');
    expect(isCrossSiteWrite(request, 'http://localhost:5173')).toBe(false);
  });

  it.each([
    [{ Origin: 'https://evil.example' }],
    [{ Origin: 'null' }],
    [{ Origin: 'https://lanes.app.evil.example' }],
    [{ Origin: 'http://lanes.app' }],
    [{ 'Sec-Fetch-Site': 'cross-site' }],
    [{ 'Sec-Fetch-Site': 'same-site', Origin: 'https://lanes.app' }],
    [{ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://lanes.app' }],
  ])('refuses a write with %j', (headers) => {
    expect(isCrossSiteWrite(post(headers), SITE)).toBe(true);
  });

  it('never refuses reads, and lets a non-browser client (no Origin, no Sec-Fetch-Site) through', () => {
    expect(
      isCrossSiteWrite(new Request(`${SITE}/w`, { headers: { Origin: 'https://evil.example' } }), SITE),
    ).toBe(false);
    expect(isCrossSiteWrite(post({}), SITE)).toBe(false);
    const put = new Request(`${SITE}/x`, { method: 'PUT', headers: { Origin: 'https://evil.example' } });
    expect(isCrossSiteWrite(put, SITE)).toBe(true);
  });
});
