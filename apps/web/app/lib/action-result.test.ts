import { LanesError, validationError } from '@lanes/shared/errors';
import { redirect } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  oneLineErrors,
  postedValues,
  readIntent,
  refused,
  succeeded,
  unknownIntent,
} from './action-result.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

afterEach(() => vi.restoreAllMocks());

describe('readIntent', () => {
  it('reads a posted intent that names one of the forms', () => {
    expect(readIntent(form({ intent: 'invite' }), ['rename', 'invite'])).toBe('invite');
  });

  it('gives null for a missing, unknown or file-valued intent', () => {
    expect(readIntent(form({}), ['rename'])).toBeNull();
    expect(readIntent(form({ intent: 'drop-table' }), ['rename'])).toBeNull();
    const withFile = new FormData();
    withFile.append('intent', new File(['rename'], 'rename'));
    expect(readIntent(withFile, ['rename'])).toBeNull();
  });
});

describe('succeeded', () => {
  it('names the form, says it worked, and carries what the page needs', () => {
    expect(succeeded('rename', { done: 'Renamed to Acme.', values: { name: 'Acme' } })).toEqual({
      intent: 'rename',
      ok: true,
      done: 'Renamed to Acme.',
      values: { name: 'Acme' },
    });
  });
});

describe('refused', () => {
  it('answers a catalogue error with its status, its field messages and what was posted', () => {
    const answer = refused('invite', validationError([{ path: ['email'], message: 'Enter an email.' }]), {
      values: { email: 'nope' },
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      intent: 'invite',
      ok: false,
      errors: { code: 'VALIDATION', fields: { email: 'Enter an email.' } },
      values: { email: 'nope' },
    });
  });

  it('names the wait of a limit in Retry-After, at least one second', () => {
    const limited = new LanesError('RATE_LIMITED', { details: { retryAfterSeconds: 0 } });
    const answer = refused('password', limited);
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get('Retry-After')).toBe('1');
  });

  it('lets a redirect thrown by the work pass through', () => {
    expect(() => refused('delete', redirect('/w'))).toThrow(Response);
  });

  it('logs what is not a catalogue error and says only that something went wrong', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = refused('rename', new Error('socket hang up'));
    expect(answer.init?.status).toBe(500);
    expect(answer.data.errors.code).toBe('UNEXPECTED');
    expect(answer.data.errors.form).toBe('Something went wrong. Please try again.');
    expect(log).toHaveBeenCalledOnce();
  });

  it('keeps a screen’s own words when it gives them', () => {
    const errors = { code: 'FORBIDDEN' as const, fields: {}, form: 'Only admins can import boards.' };
    const answer = refused('import', new LanesError('FORBIDDEN'), { errors });
    expect(answer.init?.status).toBe(403);
    expect(answer.data.errors).toBe(errors);
  });
});

describe('oneLineErrors', () => {
  it('says a refused field’s own rule in the form’s one line', () => {
    const error = validationError([
      { path: ['confirm'], message: 'Type the board’s name exactly to delete it.' },
    ]);
    expect(oneLineErrors(error)).toEqual({
      code: 'VALIDATION',
      fields: {},
      form: 'Type the board’s name exactly to delete it.',
    });
  });
});

describe('unknownIntent', () => {
  it('is a 400 that ran nothing', () => {
    const answer = unknownIntent('rename');
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { form: 'Unknown action.' } });
  });
});

describe('postedValues', () => {
  it('gives the posted text fields to show again, without the intent or what must not come back', () => {
    const posted = form({ intent: 'email', email: 'a@b.co', currentPassword: 'secret' });
    expect(postedValues(posted, ['currentPassword'])).toEqual({ email: 'a@b.co' });
  });
});
