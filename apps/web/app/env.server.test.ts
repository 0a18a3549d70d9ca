import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server.ts';

describe('parseEnv', () => {
  it('defaults to the local stack in development', () => {
    expect(parseEnv({ NODE_ENV: 'development' })).toEqual({
      NODE_ENV: 'development',
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: expect.stringMatching(/^eyJ/),
      SITE_URL: 'http://localhost:5173',
      AUTH_LIMIT_SECRET: expect.any(String),
      TRUSTED_PROXIES: [],
    });
  });

  it('accepts a publishable key and drops trailing slashes', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      SUPABASE_URL: 'https://abc.supabase.co/',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      SITE_URL: 'https://lanes.example',
      AUTH_LIMIT_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    expect(env.SUPABASE_URL).toBe('https://abc.supabase.co');
    expect(env.SUPABASE_ANON_KEY).toBe('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH');
  });

  it('requires every value in production and names what is wrong', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SUPABASE_URL: 'ftp://x' })).toThrow(
      /SUPABASE_URL[\s\S]*SUPABASE_ANON_KEY[\s\S]*SITE_URL[\s\S]*AUTH_LIMIT_SECRET/,
    );
  });

  it('reads TRUSTED_PROXIES as a list of addresses, and refuses anything else', () => {
    expect(parseEnv({ TRUSTED_PROXIES: ' 10.0.0.2, ::1 ' }).TRUSTED_PROXIES).toEqual(['10.0.0.2', '::1']);
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8' })).toThrow(/TRUSTED_PROXIES/);
  });
});
