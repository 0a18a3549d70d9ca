import { describe, expect, it } from 'vitest';
import { safeNext, signInPath } from './safe-next.ts';

describe('safeNext', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNext('/w/acme/b/123?view=list#top')).toBe('/w/acme/b/123?view=list#top');
    expect(safeNext('/reset-password')).toBe('/reset-password');
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com/w'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['http:/evil.com'],
    ['javascript:alert(1)'],
    ['w/acme'],
    ['/\tevil'],
    ['/%0a/evil'.replace('%0a', '\n')],
    [''],
  ])('refuses %j and falls back to /w', (next) => {
    expect(safeNext(next)).toBe('/w');
  });

  it('uses the given fallback for a missing value', () => {
    expect(safeNext(null, '/reset-password')).toBe('/reset-password');
  });
});

describe('signInPath', () => {
  it('carries the current path and query as next', () => {
    expect(signInPath(new URL('http://x/w/acme/b/1?q=a'))).toBe('/sign-in?next=%2Fw%2Facme%2Fb%2F1%3Fq%3Da');
  });
});
