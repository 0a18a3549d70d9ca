import { LanesError } from '@lanes/shared/errors';
import { signUpInput } from '@lanes/shared/schemas/auth';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from './replay-server.test-helper.ts';
import { toLanesError } from './to-lanes-error.ts';

// Bodies exactly as GoTrue, PostgREST, storage-api and our edge functions send them; supabase-js turns each
// into its own error object, which is what the mapper meets in the app.
let server: ReplayServer;
let client: SupabaseClient;
const AUTH_HEADERS = { 'x-supabase-api-version': '2024-01-01' };

beforeAll(async () => {
  server = await startReplayServer();
  client = createClient(server.url, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
});
afterAll(() => server.close());

async function authError(status: number, body: unknown) {
  server.reply({ status, body, headers: AUTH_HEADERS });
  const { error } = await client.auth.signInWithPassword({ email: 'a@b.io', password: 'secret12' });
  return error;
}

describe('Auth errors', () => {
  it.each([
    [400, 'invalid_credentials', 'Invalid login credentials', 'INVALID_CREDENTIALS', undefined],
    [400, 'email_not_confirmed', 'Email not confirmed', 'EMAIL_NOT_CONFIRMED', undefined],
    [422, 'user_already_exists', 'User already registered', 'USER_EXISTS', 'email'],
    [429, 'over_email_send_rate_limit', 'email rate limit exceeded', 'RATE_LIMITED', undefined],
    [429, 'over_request_rate_limit', 'Request rate limit reached', 'RATE_LIMITED', undefined],
    [
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
      'SESSION_EXPIRED',
      undefined,
    ],
    [400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used', 'SESSION_EXPIRED', undefined],
    [403, 'otp_expired', 'Email link is invalid or has expired', 'SESSION_EXPIRED', undefined],
    [
      422,
      'same_password',
      'New password should be different from the old password.',
      'VALIDATION',
      'password',
    ],
    [400, 'validation_failed', 'Unable to validate email address: invalid format', 'VALIDATION', undefined],
    [500, 'unexpected_failure', 'Database error saving new user', 'NETWORK', undefined],
    [400, 'something_new', 'A code we have never seen', 'UNEXPECTED', undefined],
  ])('%i %s → %s', async (status, code, message, expected, field) => {
    const error = await authError(status, { code, message });
    expect(error).not.toBeNull();
    const mapped = toLanesError(error);
    expect(mapped).toBeInstanceOf(LanesError);
    expect(mapped.code).toBe(expected);
    expect(mapped.field).toBe(field);
    expect(mapped.cause).toBe(error);
  });

  it('keeps the reasons of a weak password', async () => {
    const error = await authError(422, {
      code: 'weak_password',
      message: 'Password should contain at least one character of each: abc, 123',
      weak_password: { reasons: ['characters'] },
    });
    expect(toLanesError(error)).toMatchObject({
      code: 'WEAK_PASSWORD',
      field: 'password',
      details: { reasons: ['characters'] },
    });
  });

  it('keeps the wait GoTrue names for email rate limits', async () => {
    const error = await authError(429, {
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 42 seconds.',
    });
    expect(toLanesError(error)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait 42 seconds and try again.',
      details: { retryAfterSeconds: 42 },
    });
  });

  it('treats a missing session as expired', async () => {
    const { error } = await client.auth.updateUser({ data: { x: 1 } });
    expect(toLanesError(error).code).toBe('SESSION_EXPIRED');
  });
});

async function restError(status: number, body: unknown) {
  server.reply({ status, body });
  const { error } = await client.from('tasks').insert({ title: 'x' }).select().single();
  return error;
}

describe('PostgREST and Postgres errors', () => {
  it.each([
    [
      400,
      { code: 'P0001', message: 'LAST_OWNER', details: 'The workspace needs another owner.', hint: 'owner' },
      'LAST_OWNER',
    ],
    [
      400,
      { code: 'P0001', message: 'FORBIDDEN', details: 'Only admins may do this.', hint: 'admin' },
      'FORBIDDEN',
    ],
    [400, { code: 'P0001', message: 'NOT_FOUND', details: null, hint: 'task' }, 'NOT_FOUND'],
    [400, { code: 'P0001', message: 'CONFLICT', details: null, hint: 'before_id' }, 'CONFLICT'],
    [400, { code: 'P0001', message: 'INVITE_EXPIRED', details: null, hint: 'expired' }, 'INVITE_EXPIRED'],
    [400, { code: 'P0001', message: 'Some raw text from a raise', details: null, hint: null }, 'UNEXPECTED'],
    [
      409,
      {
        code: '23503',
        message: 'insert or update on table "tasks" violates foreign key constraint "tasks_column_id_fkey"',
        details: 'Key is not present in table "columns".',
        hint: null,
      },
      'NOT_FOUND',
    ],
    [
      403,
      {
        code: '42501',
        message: 'new row violates row-level security policy for table "tasks"',
        details: null,
        hint: null,
      },
      'FORBIDDEN',
    ],
    [
      406,
      {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
        hint: null,
      },
      'NOT_FOUND',
    ],
    [401, { code: 'PGRST301', message: 'JWT expired', details: null, hint: null }, 'SESSION_EXPIRED'],
    [
      400,
      { code: '22P02', message: 'invalid input syntax for type uuid: "42"', details: null, hint: null },
      'VALIDATION',
    ],
    [
      409,
      {
        code: '40001',
        message: 'could not serialize access due to concurrent update',
        details: null,
        hint: null,
      },
      'CONFLICT',
    ],
    [
      404,
      {
        code: 'PGRST205',
        message: "Could not find the table 'public.taks' in the schema cache",
        details: null,
        hint: null,
      },
      'UNEXPECTED',
    ],
  ])('%i %j', async (status, body, expected) => {
    expect(toLanesError(await restError(status, body)).code).toBe(expected);
  });

  it('names the limit that was reached', async () => {
    const error = await restError(400, {
      code: 'P0001',
      message: 'LIMIT_REACHED',
      details: 'boards',
      hint: 'boards_per_workspace',
    });
    expect(toLanesError(error)).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'A workspace has at most 50 boards.',
      details: { limit: 'boards_per_workspace' },
    });
  });

  it('maps a broken CHECK to the field in its name', async () => {
    const error = await restError(400, {
      code: '23514',
      message: 'new row for relation "tasks" violates check constraint "tasks_due_on_range"',
      details: 'Failing row contains (...)',
      hint: null,
    });
    expect(toLanesError(error)).toMatchObject({
      code: 'VALIDATION',
      field: 'dueOn',
      details: { constraint: 'tasks_due_on_range' },
    });
  });

  it('tells a taken slug from other duplicates', async () => {
    const slug = await restError(409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "workspaces_slug_key"',
      details: 'Key (slug)=(acme) already exists.',
      hint: null,
    });
    expect(toLanesError(slug)).toMatchObject({ code: 'SLUG_TAKEN', field: 'slug' });
    const invite = await restError(409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "invitations_one_pending_per_email"',
      details: null,
      hint: null,
    });
    expect(toLanesError(invite)).toMatchObject({ code: 'CONFLICT', field: 'email' });
  });

  it('gives UNEXPECTED errors a request id to quote', async () => {
    const mapped = toLanesError(
      await restError(500, { code: 'XX000', message: 'internal error', details: null, hint: null }),
    );
    expect(mapped.code).toBe('UNEXPECTED');
    expect(mapped.requestId).toMatch(/^[0-9a-f]{8}$/);
  });

  it('maps a direct postgres.js error the same way', () => {
    const pgError = Object.assign(new Error('LAST_OWNER'), {
      name: 'PostgresError',
      code: 'P0001',
      detail: 'x',
      hint: 'owner',
    });
    expect(toLanesError(pgError).code).toBe('LAST_OWNER');
    const unique = Object.assign(new Error('duplicate key'), {
      name: 'PostgresError',
      code: '23505',
      constraint_name: 'workspaces_slug_key',
    });
    expect(toLanesError(unique).code).toBe('SLUG_TAKEN');
  });
});

async function storageError(status: number, body: unknown) {
  server.reply({ status, body });
  const { error } = await client.storage.from('attachments').upload('w/t/u/a.txt', new Blob(['hi']));
  return error;
}

describe('Storage errors', () => {
  it.each([
    [
      413,
      {
        statusCode: '413',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      },
      'FILE_TOO_LARGE',
    ],
    [
      400,
      {
        statusCode: '413',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      },
      'FILE_TOO_LARGE',
    ],
    [
      415,
      { statusCode: '415', error: 'invalid_mime_type', message: 'mime type image/gif is not supported' },
      'FILE_TYPE',
    ],
    [
      403,
      { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' },
      'FORBIDDEN',
    ],
    [404, { statusCode: '404', error: 'not_found', message: 'Object not found' }, 'NOT_FOUND'],
    [409, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }, 'CONFLICT'],
    [400, { statusCode: '400', error: 'InvalidKey', message: 'Invalid key: w/t/u/a?.txt' }, 'VALIDATION'],
  ])('%i %j', async (status, body, expected) => {
    expect(toLanesError(await storageError(status, body)).code).toBe(expected);
  });
});

async function functionError(status: number, body: unknown) {
  server.reply({ status, body });
  const { error, response } = await client.functions.invoke('invite-member', { body: {} });
  expect(error).toBeInstanceOf(FunctionsHttpError);
  return { error, body: await response?.json() };
}

describe('Edge function errors', () => {
  it('reads the catalogue body our functions answer with', async () => {
    const { error, body } = await functionError(409, {
      error: { code: 'LAST_OWNER', message: 'Transfer ownership first.', requestId: 'fn-1' },
    });
    expect(toLanesError(error, body)).toMatchObject({
      code: 'LAST_OWNER',
      message: 'Transfer ownership first.',
      requestId: 'fn-1',
    });
  });
  it('keeps the field of a validation answer', async () => {
    const { error, body } = await functionError(400, {
      error: {
        code: 'VALIDATION',
        message: 'Check the fields.',
        field: 'email',
        details: { fields: { email: 'Enter a valid email address.' } },
      },
    });
    expect(toLanesError(error, body)).toMatchObject({ code: 'VALIDATION', field: 'email' });
  });
  it('treats the gateway refusing the JWT as an expired session', async () => {
    const { error, body } = await functionError(401, { msg: 'Invalid JWT' });
    expect(toLanesError(error, body).code).toBe('SESSION_EXPIRED');
  });
});

describe('Network failures', () => {
  // A port nobody listens on: every client meets a real refused connection.
  const offline = createClient('http://127.0.0.1:9', 'anon-key', { auth: { persistSession: false } });

  it('from Auth', async () => {
    const { error } = await offline.auth.signInWithPassword({ email: 'a@b.io', password: 'secret12' });
    expect(toLanesError(error).code).toBe('NETWORK');
  });
  it('from REST', async () => {
    // Retries are off so the refusal is seen at once (the app keeps them on).
    const { error } = await offline.from('tasks').select().retry(false);
    expect(toLanesError(error).code).toBe('NETWORK');
  });
  it('from Storage', async () => {
    const { error } = await offline.storage.from('avatars').download('x.png');
    expect(toLanesError(error).code).toBe('NETWORK');
  });
  it('from Functions', async () => {
    const { error } = await offline.functions.invoke('delete-account');
    expect(toLanesError(error).code).toBe('NETWORK');
  });
  it('from a bare fetch', async () => {
    const error = await fetch('http://127.0.0.1:9/').catch((e: unknown) => e);
    expect(toLanesError(error).code).toBe('NETWORK');
  });
});

describe('Other values', () => {
  it('passes LanesErrors through and turns zod errors into VALIDATION', () => {
    const original = new LanesError('FORBIDDEN');
    expect(toLanesError(original)).toBe(original);
    const zod = signUpInput.safeParse({ email: 'x', password: 'secret12', displayName: 'A' }).error;
    expect(toLanesError(zod)).toMatchObject({ code: 'VALIDATION', field: 'email' });
  });
  it('maps anything unknown to UNEXPECTED', () => {
    expect(toLanesError(new Error('boom')).code).toBe('UNEXPECTED');
    expect(toLanesError('boom').code).toBe('UNEXPECTED');
  });
});
