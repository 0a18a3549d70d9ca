/** Loader tests where a browser is overkill: who gets redirected where, from the session in the context. */
import type { LanesClient } from '@lanes/data/client';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requireUser, type SessionUser, supabaseContext } from '#app/lib/supabase.server.ts';
import { loader as confirmLoader } from './auth/confirm.tsx';
import { loader as signInLoader } from './auth/sign-in.tsx';
import { loader as homeLoader } from './home.tsx';
import { action as themeAction } from './theme.ts';

const alice: SessionUser = {
  id: 'u1',
  email: 'alice@lanes.test',
  displayName: 'Alice',
  methods: ['password'],
};

function contextWith(user: SessionUser | null) {
  const context = new RouterContextProvider();
  context.set(supabaseContext, { client: {} as LanesClient, user });
  return context;
}

function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown response');
}

const args = (url: string, user: SessionUser | null) =>
  ({ request: new Request(url), context: contextWith(user), params: {} }) as never;

describe('loaders', () => {
  it('requireUser sends a signed-out visitor to sign-in with the path as next', () => {
    const response = thrown(() => requireUser(new Request('http://x/w/acme/b/9?view=1'), contextWith(null)));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/sign-in?next=%2Fw%2Facme%2Fb%2F9%3Fview%3D1');
    expect(requireUser(new Request('http://x/w'), contextWith(alice)).user).toBe(alice);
  });

  it('the landing page sends a signed-in visitor to /w', () => {
    expect(thrown(() => homeLoader(args('http://x/', alice))).headers.get('Location')).toBe('/w');
    expect(homeLoader(args('http://x/', null))).toEqual({ deleted: false });
  });

  it('the landing page confirms a deleted account only for ?deleted=1', () => {
    expect(homeLoader(args('http://x/?deleted=1', null))).toEqual({ deleted: true });
    expect(homeLoader(args('http://x/?deleted=yes', null))).toEqual({ deleted: false });
  });

  it('sign-in passes a safe next on, and a signed-in visitor goes straight there', () => {
    expect(signInLoader(args('http://x/sign-in?next=/w/acme&email=a@b.co', null))).toEqual({
      next: '/w/acme',
      email: 'a@b.co',
    });
    expect(signInLoader(args('http://x/sign-in?next=https://evil.example', null))).toEqual({
      next: '/w',
      email: '',
    });
    const response = thrown(() => signInLoader(args('http://x/sign-in?next=/w/acme', alice)));
    expect(response.headers.get('Location')).toBe('/w/acme');
  });

  it('/auth/confirm without a token explains instead of signing anyone in', async () => {
    const result = (await confirmLoader(args('http://x/auth/confirm?next=/w', null))) as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.message).toBe('This link has expired or was already used. Ask for a new one.');
  });

  it('the theme action stores the choice in a cookie and refuses unknown themes', async () => {
    const post = (theme: string) =>
      new Request('http://x/theme', { method: 'POST', body: new URLSearchParams({ theme }) });
    const answer = (await themeAction({
      request: post('dark'),
      context: contextWith(null),
      params: {},
    } as never)) as {
      init: { headers: Record<string, string> };
    };
    expect(answer.init.headers['Set-Cookie']).toBe(
      'lanes-theme=dark; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    await expect(
      themeAction({ request: post('neon'), context: contextWith(null), params: {} } as never),
    ).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});
