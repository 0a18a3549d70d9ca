import { LanesError } from '@lanes/shared/errors';
import { signUpInput } from '@lanes/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { firstInvalid, fromIssues, refusalMessage, toFormErrors } from './form-errors.ts';

describe('toFormErrors', () => {
  it('puts schema issues under their fields, in the schema order', () => {
    const result = signUpInput.safeParse({ email: 'nope', password: 'short', displayName: ' ' });
    expect(result.success).toBe(false);
    const errors = fromIssues(result.error!.issues);
    expect(errors).toEqual({
      code: 'VALIDATION',
      fields: {
        email: 'Enter a valid email address.',
        password: 'At least 8 characters.',
        displayName: 'Required.',
      },
    });
    expect(firstInvalid(errors, ['displayName', 'email', 'password'])).toBe('displayName');
  });

  it('maps an error naming a field to that field', () => {
    expect(toFormErrors(new LanesError('USER_EXISTS', { field: 'email' }))).toEqual({
      code: 'USER_EXISTS',
      fields: { email: 'An account with this email already exists.' },
    });
  });

  it('maps an error without a field to the form', () => {
    expect(toFormErrors(new LanesError('INVALID_CREDENTIALS'))).toEqual({
      code: 'INVALID_CREDENTIALS',
      fields: {},
      form: 'Wrong email or password.',
    });
  });

  it('names the wait of a rate limit when the backend said it', () => {
    const cause = { message: 'For security purposes, you can only request this after 37 seconds.' };
    expect(toFormErrors(new LanesError('RATE_LIMITED', { cause })).form).toBe(
      'Too many attempts. Please wait 37 seconds and try again.',
    );
    const lastMoment = { message: 'For security purposes, you can only request this after 0 seconds.' };
    expect(toFormErrors(new LanesError('RATE_LIMITED', { cause: lastMoment })).form).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );
    expect(toFormErrors(new LanesError('RATE_LIMITED')).form).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it("names the sign-in limits' wait (carried in details) in minutes from a minute up", () => {
    const limited = (retryAfterSeconds: number) =>
      toFormErrors(new LanesError('RATE_LIMITED', { details: { retryAfterSeconds } })).form;
    expect(limited(840)).toBe('Too many attempts. Please wait 14 minutes and try again.');
    expect(limited(60)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(limited(12)).toBe('Too many attempts. Please wait 12 seconds and try again.');
  });

  it('gives unexpected errors a reference and never leaks foreign errors', () => {
    expect(toFormErrors(new LanesError('UNEXPECTED', { requestId: 'ab12cd34' })).form).toBe(
      'Something went wrong. (reference ab12cd34)',
    );
    expect(toFormErrors(new Error('connect ECONNREFUSED 10.0.0.1'))).toEqual({
      code: 'UNEXPECTED',
      fields: {},
      form: 'Something went wrong. Please try again.',
    });
  });
});

describe('refusalMessage', () => {
  it("says the refused field's own rule, else the error's message", () => {
    const tooLong = new LanesError('VALIDATION', {
      details: { fields: { title: 'At most 200 characters.' } },
    });
    expect(refusalMessage(tooLong)).toBe('At most 200 characters.');
    expect(refusalMessage(new LanesError('FORBIDDEN'))).toBe(new LanesError('FORBIDDEN').message);
  });
});
