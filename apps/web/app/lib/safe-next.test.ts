import { describe, expect, it } from 'vitest';
import { pagePath, safeNext, signInPath } from './safe-next.ts';

describe('safeNext', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNext('/w/acme/b/123?view=list#top')).toBe('/w/acme/b/123?view=list#top');
    expect(safeNext('/reset-password')).toBe('/reset-password');
    expect(safeNext('/invite/abc?next=//evil.com')).toBe('/invite/abc?next=//evil.com');
  });

  it('resolves harmless dot segments to the plain path', () => {
    expect(safeNext('/w/./acme/../acme/b/1')).toBe('/w/acme/b/1');
  });

  it.each([
    // absolute and protocol-relative URLs
    ['//evil.com'],
    ['///evil.com'],
    ['https://evil.com/w'],
    ['HTTPS://evil.com'],
    ['http:/evil.com'],
    ['http:evil.com'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['w/acme'],
    ['evil.com'],
    // dot segments that resolve to `//host`
    ['/.//evil.com/phish'],
    ['/./\\evil.com'],
    ['/w/../..//evil.com'],
    ['/w/..//evil.com'],
    ['/%2e//evil.com'],
    ['/%2E%2E//evil.com'],
    // backslashes, which browsers read as slashes
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['\\/evil.com'],
    ['/w\\..\\..\\evil.com'],
    // encoded slashes and backslashes
    ['/%2F%2Fevil.com'],
    ['/%2fevil.com'],
    ['/%5Cevil.com'],
    ['/%5cevil.com'],
    ['/w/%2F/evil.com'],
    // control characters, tabs and newlines (browsers drop them: `/\t/evil.com` is `//evil.com`)
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r/evil.com'],
    ['/\u0000/evil.com'],
    ['/\u007f/evil.com'],
    ['/%09/evil.com'],
    ['/%0a/evil.com'],
    ['/%00evil'],
    // malformed or empty
    ['/%E0%A4%A'],
    [''],
    [' /w'],
    [`/${'a'.repeat(2048)}`],
  ])('refuses %j and falls back to /w', (next) => {
    expect(safeNext(next)).toBe('/w');
  });

  it('uses the given fallback for a missing value', () => {
    expect(safeNext(null, '/reset-password')).toBe('/reset-password');
    expect(safeNext(undefined)).toBe('/w');
  });
});

describe('signInPath', () => {
  it('carries the current path and query as next', () => {
    expect(signInPath(new URL('http://x/w/acme/b/1?q=a'))).toBe('/sign-in?next=%2Fw%2Facme%2Fb%2F1%3Fq%3Da');
  });

  it('names the page, not the data request of a client navigation', () => {
    expect(signInPath(new URL('http://x/w/acme.data?_routes=routes%2Fapp%2Flayout'))).toBe(
      '/sign-in?next=%2Fw%2Facme',
    );
    expect(signInPath(new URL('http://x/_root.data'))).toBe('/sign-in');
  });

  it('produces a next that safeNext accepts unchanged', () => {
    const path = '/w/acme/b/1?q=a%20b';
    const next = new URLSearchParams(signInPath(new URL(`http://x${path}`)).split('?')[1]).get('next');
    expect(safeNext(next)).toBe(path);
  });
});

describe('pagePath', () => {
  it('keeps a page URL as it came', () => {
    expect(pagePath(new URL('http://x/w/acme/b/1?q=a%20b'))).toBe('/w/acme/b/1?q=a%20b');
  });

  it('drops the `.data` suffix and the `_routes` parameter, keeping the rest of the query', () => {
    expect(pagePath(new URL('http://x/w/acme/b/1.data?cards=all&_routes=routes%2Fapp%2Fboard'))).toBe(
      '/w/acme/b/1?cards=all',
    );
    expect(pagePath(new URL('http://x/_root.data?_routes=root'))).toBe('/');
  });
});
