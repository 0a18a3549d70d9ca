/**
 * Hostile input from issue 26: user metadata nested 50,000 levels deep answers GoTrue's 400 `bad_json` and
 * changes nothing; a select of 3,000 columns answers what PostgREST answers (Postgres's 54011 as 500).
 */
import { describe, expect, it } from 'vitest';
import { admin, authFetch, confirmedUser, signIn, uniqueEmail } from './auth-helpers.ts';
import { rest } from './rest-helpers.ts';

const V = { 'x-supabase-api-version': '2024-01-01' };
const nested = (depth: number, open = '{"a":', close = '}') => `${open.repeat(depth)}1${close.repeat(depth)}`;

describe('auth: deeply nested JSON', () => {
  it('PUT /user with metadata 50,000 levels deep is bad_json 400, as Go refuses past 10,000, and changes nothing', async () => {
    const user = await confirmedUser('deep', 'password-123', { kept: true });
    const session = await signIn(user.email, user.password);
    const res = await authFetch('/user', {
      method: 'PUT',
      headers: { ...V, authorization: `Bearer ${session.access_token}` },
      body: `{"data":${nested(50_000)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'bad_json',
      message: "Could not parse request body as JSON: invalid character '{' exceeded max depth",
    });
    const { data } = await admin().auth.admin.getUserById(user.id);
    expect(data.user?.user_metadata).toMatchObject({ kept: true });
    expect(data.user?.user_metadata).not.toHaveProperty('a');
  });

  it('a deep array in a sign-up is refused the same way, and no user is created', async () => {
    const email = uniqueEmail('deep-signup');
    const res = await authFetch('/signup', {
      method: 'POST',
      headers: V,
      body: `{"email":"${email}","password":"abcdef12","data":{"x":${nested(50_000, '[', ']')}}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'bad_json',
      message: "Could not parse request body as JSON: invalid character '[' exceeded max depth",
    });
    const { data } = await admin().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.some((u) => u.email === email)).toBe(false);
  });

  it('brackets inside strings do not count, and a shallow body still works', async () => {
    const user = await confirmedUser('brackets');
    const session = await signIn(user.email, user.password);
    const note = '{['.repeat(20_000);
    const res = await authFetch('/user', {
      method: 'PUT',
      headers: { ...V, authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ data: { note, quoted: 'a "{" \\" [' } }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user_metadata: Record<string, unknown> };
    expect(body.user_metadata.note).toBe(note);
  });
});

describe('rest: a select of 3,000 columns', () => {
  it('answers PostgREST\'s 500 with Postgres\'s 54011 ("too complex"), not a crash, and the next request works', async () => {
    const columns = Array.from({ length: 3000 }, () => 'name').join(',');
    const res = await rest(`/countries?select=${columns}`);
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({
      code: '54011',
      details: null,
      hint: null,
      message: 'target lists can have at most 1664 entries',
    });
    expect((await rest('/countries?select=name&limit=1')).status).toBe(200);
  });
});
