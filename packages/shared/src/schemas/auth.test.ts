import { describe, expect, it } from 'vitest';
import { signInInput, signUpInput, verifyTokenHashInput } from './auth.ts';

describe('sign-up input', () => {
  it('normalises email and display name', () => {
    expect(signUpInput.parse({ email: ' A@B.io', password: 'secret12', displayName: ' Ada ' })).toEqual({
      email: 'a@b.io',
      password: 'secret12',
      displayName: 'Ada',
    });
  });
  it('reports every broken field by path', () => {
    const result = signUpInput.safeParse({ email: 'x', password: 'short', displayName: '' });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([
      'email',
      'password',
      'password',
      'displayName',
    ]);
  });
});

describe('sign-in input', () => {
  it('does not apply the password rule to existing passwords', () => {
    expect(signInInput.safeParse({ email: 'a@b.io', password: 'x' }).success).toBe(true);
    expect(signInInput.safeParse({ email: 'a@b.io', password: '' }).success).toBe(false);
  });
});

describe('token hash verification', () => {
  it('accepts known email link types only', () => {
    expect(verifyTokenHashInput.safeParse({ tokenHash: 'abc', type: 'magiclink' }).success).toBe(true);
    expect(verifyTokenHashInput.safeParse({ tokenHash: 'abc', type: 'sms' }).success).toBe(false);
    expect(verifyTokenHashInput.safeParse({ tokenHash: '', type: 'signup' }).success).toBe(false);
  });
});
