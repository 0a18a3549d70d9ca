import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.server.ts';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('contentSecurityPolicy', () => {
  it('allows scripts only from this origin or with the nonce, and no framing', () => {
    const csp = directives(contentSecurityPolicy('abc123', 'https://proj.supabase.co'));
    expect(csp['script-src']).toBe("'self' 'nonce-abc123'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    expect(csp['form-action']).toBe("'self'");
  });

  it('lets the app reach Supabase over https and wss, and show its images', () => {
    const csp = directives(contentSecurityPolicy('n', 'https://proj.supabase.co'));
    expect(csp['connect-src']).toBe("'self' https://proj.supabase.co wss://proj.supabase.co");
    expect(csp['img-src']).toContain('https://proj.supabase.co');
  });

  it('uses ws: for a local http stack', () => {
    const csp = directives(contentSecurityPolicy('n', 'http://127.0.0.1:54321'));
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:54321 ws://127.0.0.1:54321");
  });
});
