import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, apiError, errors } from './errors.ts';
import { fromPgError } from './pg-errors.ts';

/** Every module of the service but the two that build errors, and the tests. */
function callSites(): { file: string; text: string }[] {
  const root = import.meta.dirname;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'errors.ts' && f !== 'pg-errors.ts',
  );
  return files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

describe('the error table', () => {
  it('builds each error with the status of its entry', () => {
    const singular = apiError('PGRST116', 2);
    expect(singular).toBeInstanceOf(ApiError);
    expect([singular.status, singular.toJSON()]).toEqual([
      406,
      {
        code: 'PGRST116',
        details: 'The result contains 2 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      },
    ]);
    for (const [code, entry] of Object.entries(errors)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(300);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it('words a grammar failure and a refused cast as PostgREST does (PGRST100)', () => {
    expect(
      apiError('PGRST100', { what: 'order', value: 'x;', detail: 'unexpected ";"', column: 2 }),
    ).toMatchObject({
      message: '"failed to parse order (x;)" (line 1, column 2)',
      details: 'unexpected ";"',
    });
    expect(apiError('PGRST100', { cast: 'int[][]' }).message).toBe(
      '"failed to parse select parameter" (invalid cast int[][])',
    );
  });

  it('sends WWW-Authenticate with the JWT refusals', () => {
    expect(apiError('PGRST303').headers).toEqual({
      'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
    expect(apiError('PGRST301', 'JWT cryptographic operation failed').status).toBe(401);
  });

  it('is the only place a status is given: call sites name the code', () => {
    for (const { file, text } of callSites()) {
      expect(text, file).not.toMatch(/new ApiError\(/);
    }
  });

  it('answers errors raised by Postgres with the SQLSTATE’s status, PT statuses and RAISE PGRST bodies', () => {
    expect(fromPgError({ code: '23505', message: 'duplicate key' }, true).status).toBe(409);
    expect(fromPgError({ code: '42501', message: 'permission denied' }, false).status).toBe(401);
    expect(fromPgError({ code: '42501', message: 'permission denied' }, true).status).toBe(403);
    expect(fromPgError({ code: 'PT402', message: 'pay' }, true).status).toBe(402);
    const raised = fromPgError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"no"}',
        detail: '{"status":418,"headers":{"X-A":"b"}}',
      },
      true,
    );
    expect([raised.status, raised.code, raised.headers]).toEqual([418, '123', { 'x-a': 'b' }]);
    expect(fromPgError({ code: 'PGRST', message: 'not json' }, true).code).toBe('PGRST121');
  });
});
