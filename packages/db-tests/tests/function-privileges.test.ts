/**
 * Which functions the API roles can call (decision 067): signed-out visitors none in the exposed schemas, and
 * nobody the helpers that answer about any id. Checked in the catalog and over /rest/v1/rpc.
 */
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { env, signInCast } from './support/clients.ts';
import { acme, db, seededTask } from './support/db.ts';

// config.toml's `[api] schemas`: what PostgREST serves.
const EXPOSED = ['public', 'graphql_public'];

async function executableBy(role: string): Promise<string[]> {
  const rows = await db<{ fn: string }[]>`
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as fn
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any(${EXPOSED})
      and has_schema_privilege(${role}, n.oid, 'usage')
      and has_function_privilege(${role}, p.oid, 'execute')
    order by 1`;
  return rows.map((r) => r.fn);
}

const anon = createClient(env.apiUrl, env.anonKey, { auth: { persistSession: false } });

describe('function privileges', () => {
  let member: Awaited<ReturnType<typeof signInCast>>['member'];
  beforeAll(async () => {
    member = (await signInCast()).member;
  });

  test('anon can execute none of our functions in an exposed schema but the sign-in limiter and unsubscribe', async () => {
    // Supabase's own GraphQL entry point (pg_graphql), as on every Supabase project; the sign-in limiter the
    // web server calls before anyone is signed in (decision 069: its keys are HMACs only the server can make);
    // and one-click unsubscribe, which works signed out by design (decision 075: a token signed with a key in
    // Vault names one person and one kind, and changes nothing else).
    const allowed = [
      'graphql_public.graphql("operationName" text, query text, variables jsonb, extensions jsonb)',
      'public.begin_auth_attempt(action text, account_key text, address_key text)',
      'public.unsubscribe(token text)',
    ];
    expect(await executableBy('anon')).toEqual(allowed);
  });

  test('signed-in users cannot execute the helpers that answer about any id', async () => {
    const callable = await executableBy('authenticated');
    expect(callable).not.toContain('public.board_workspace_id(board_id uuid)');
    expect(callable).not.toContain('public.task_board_id(task_id uuid)');
    // The RPCs and the helpers policies call as the caller stay.
    expect(callable).toEqual(
      expect.arrayContaining([
        'public.move_task(task_id uuid, column_id uuid, before_id uuid, after_id uuid)',
        'public.create_workspace(name text, slug text)',
        'public.has_role_at_least(workspace_id uuid, min_role workspace_role)',
        'public.my_board_ids(min_role workspace_role)',
      ]),
    );
  });

  test.each([
    ['board_workspace_id', { board_id: acme.board }],
    ['workspace_role', { workspace_id: acme.id }],
    ['has_role_at_least', { workspace_id: acme.id, min_role: 'viewer' }],
    ['shares_workspace_with', { user_id: acme.id }],
    ['my_board_ids', { min_role: 'viewer' }],
    ['my_workspace_ids', { min_role: 'viewer' }],
    ['my_teammate_ids', {}],
  ])('anon is refused at /rest/v1/rpc/%s', async (name, args) => {
    const { data, error } = await anon.rpc(name, args);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501' });
  });

  test('a signed-in user is refused the id-revealing helpers over REST', async () => {
    const task = await seededTask('Record a demo video');
    for (const [name, args] of [
      ['board_workspace_id', { board_id: acme.board }],
      ['task_board_id', { task_id: task }],
    ] as const) {
      const { data, error } = await member.rpc(name, args);
      expect(data, name).toBeNull();
      expect(error, name).toMatchObject({ code: '42501' });
    }
  });
});
