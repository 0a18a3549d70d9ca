import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  fromErrorBody,
  isErrorCode,
  LanesError,
  validationError,
} from './errors.ts';
import { signUpInput } from './schemas/auth.ts';

describe('error catalogue', () => {
  it('holds every SPEC §8 code with a message and a status', () => {
    expect([...ERROR_CODES].sort()).toEqual(
      [
        'INVALID_CREDENTIALS',
        'EMAIL_NOT_CONFIRMED',
        'USER_EXISTS',
        'WEAK_PASSWORD',
        'SESSION_EXPIRED',
        'RATE_LIMITED',
        'VALIDATION',
        'SLUG_TAKEN',
        'NOT_FOUND',
        'FORBIDDEN',
        'LAST_OWNER',
        'LIMIT_REACHED',
        'INVITE_EXPIRED',
        'INVITE_REVOKED',
        'INVITE_USED',
        'INVITE_EMAIL_MISMATCH',
        'ALREADY_MEMBER',
        'FILE_TOO_LARGE',
        'FILE_TYPE',
        'CONFLICT',
        'NETWORK',
        'UNEXPECTED',
      ].sort(),
    );
    for (const code of ERROR_CODES) {
      expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(0);
      expect(ERROR_CATALOGUE[code].status).toBeGreaterThanOrEqual(400);
    }
  });
  it('recognises codes', () => {
    expect(isErrorCode('LAST_OWNER')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('LanesError', () => {
  it('carries code, default message, status and options', () => {
    const error = new LanesError('SLUG_TAKEN', { field: 'slug', requestId: 'r1' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: 'SLUG_TAKEN',
      status: 409,
      field: 'slug',
      requestId: 'r1',
      reaction: 'field',
    });
    expect(error.message).toBe('This address is already taken.');
  });
  it('round-trips through the wire body', () => {
    const body = new LanesError('LIMIT_REACHED', {
      message: 'At most 50 boards.',
      details: { limit: 'boardsPerWorkspace' },
    }).toBody();
    expect(body).toEqual({
      error: {
        code: 'LIMIT_REACHED',
        message: 'At most 50 boards.',
        details: { limit: 'boardsPerWorkspace' },
      },
    });
    const back = fromErrorBody(JSON.parse(JSON.stringify(body)), 'req-9');
    expect(back).toMatchObject({ code: 'LIMIT_REACHED', message: 'At most 50 boards.', requestId: 'req-9' });
  });
  it('reads nothing from foreign bodies', () => {
    expect(fromErrorBody({ error: { code: 'NOPE' } })).toBeNull();
    expect(fromErrorBody({ message: 'x' })).toBeNull();
    expect(fromErrorBody('x')).toBeNull();
  });
});

describe('validationError', () => {
  it('maps schema issues to the first invalid field and per-field messages', () => {
    const result = signUpInput.safeParse({ email: 'ok@x.io', password: 'short', displayName: '' });
    const error = validationError(result.error?.issues ?? []);
    expect(error.code).toBe('VALIDATION');
    expect(error.field).toBe('password');
    expect(error.details).toEqual({
      fields: { password: 'At least 8 characters.', displayName: 'Required.' },
    });
  });
});
