/**
 * The key rows of the role matrix through the real client: supabase-js signed in as the seeded
 * users, over the stack's REST API. Errors arrive as PostgREST shapes them (decision 060).
 */

import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { signInCast } from './support/clients.ts';
import {
  acme,
  asService,
  asUser,
  type CastRole,
  cast,
  db,
  globex,
  seededTask,
  tokenHash,
} from './support/db.ts';

let clients: Record<CastRole, SupabaseClient>;

beforeAll(async () => {
  clients = await signInCast();
});

describe('through supabase-js', () => {
  test('a board with its columns, tasks and labels loads in one request for members, not for outsiders', async () => {
    const query = (client: SupabaseClient) =>
      client
        .from('boards')
        .select('name, columns(name, tasks(number, title, labels(name)))')
        .eq('id', acme.board)
        .order('position', { referencedTable: 'columns' });
    const { data, error } = await query(clients.viewer);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]!.columns.map((c: { name: string }) => c.name)).toEqual(['To do', 'Doing', 'Done']);
    const outsider = await query(clients.outsider);
    expect(outsider).toMatchObject({ data: [], error: null, status: 200 });
  });

  test("a column's task_count counts its cards on the board as the caller: members and viewers alike, outsiders nothing", async () => {
    const counts = async (client: SupabaseClient) => {
      const { data, error } = await client
        .from('columns')
        .select('id, task_count')
        .eq('board_id', acme.board)
        .order('position');
      expect(error).toBeNull();
      return data;
    };
    // The truth, read as the service role: cards neither archived nor elsewhere.
    const expected = await asService(
      (tx) => tx<{ id: string; task_count: number }[]>`
        select c.id, (select count(*)::int from public.tasks t where t.column_id = c.id and t.archived_at is null) as task_count
        from public.columns c where c.board_id = ${acme.board} order by c.position`,
    );
    expect(expected.some((c) => c.task_count > 0)).toBe(true);
    expect(await counts(clients.member)).toEqual(expected);
    expect(await counts(clients.viewer)).toEqual(expected);
    expect(await counts(clients.outsider)).toEqual([]);
    // Called on a column row it cannot read, the function still counts under the caller's policies: nothing.
    const hidden = await asUser(
      cast.outsider,
      (tx) => tx<{ n: number }[]>`
        select public.task_count(jsonb_populate_record(null::public.columns, jsonb_build_object('id', ${acme.todo}::uuid))) as n`,
    );
    expect(hidden).toEqual([{ n: 0 }]);
  });

  test('a member creates a task; a viewer is refused with 403 and 42501', async () => {
    const row = { board_id: acme.board, column_id: acme.todo, title: 'From supabase-js' };
    const created = await clients.member
      .from('tasks')
      .insert({ ...row, created_by: cast.member.id })
      .select('number, title')
      .single();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ title: 'From supabase-js' });
    expect(created.data!.number).toBeGreaterThan(10);
    const refused = await clients.viewer
      .from('tasks')
      .insert({ ...row, created_by: cast.viewer.id })
      .select();
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: '42501' });
    await db`delete from public.tasks where title = 'From supabase-js'`;
  });

  test('move_task: FORBIDDEN for a viewer, NOT_FOUND for an outsider, the moved row for a member', async () => {
    const task = await seededTask('Record a demo video');
    const args = { task_id: task, column_id: acme.doing, before_id: null, after_id: null };
    const viewer = await clients.viewer.rpc('move_task', args);
    expect(viewer.status).toBe(400);
    expect(viewer.error).toMatchObject({ code: 'P0001', message: 'FORBIDDEN', hint: 'member' });
    const outsider = await clients.outsider.rpc('move_task', args);
    expect(outsider.error).toMatchObject({ code: 'P0001', message: 'NOT_FOUND', hint: 'task' });
    const member = await clients.member.rpc('move_task', args).single();
    expect(member.error).toBeNull();
    expect(member.data).toMatchObject({ id: task, column_id: acme.doing, completed_at: null });
    await clients.member.rpc('move_task', { ...args, column_id: acme.todo });
  });

  test('an update a role may not make changes nothing and returns no rows', async () => {
    const { data, error, status } = await clients.viewer
      .from('boards')
      .update({ name: 'Viewer was here' })
      .eq('id', acme.board)
      .select();
    expect({ data, error, status }).toEqual({ data: [], error: null, status: 200 });
    const [board] = await db`select name from public.boards where id = ${acme.board}`;
    expect(board).toEqual({ name: 'Product launch' });
  });

  test('LAST_OWNER and SLUG_TAKEN arrive with their catalogue code in message', async () => {
    const leave = await clients.outsider.rpc('leave_workspace', { workspace_id: globex.id });
    expect(leave.status).toBe(400);
    expect(leave.error).toEqual({
      code: 'P0001',
      message: 'LAST_OWNER',
      details: 'The workspace needs another owner first.',
      hint: 'owner',
    });
    const taken = await clients.member.rpc('create_workspace', { name: 'Acme again', slug: 'acme' });
    expect(taken.error).toMatchObject({ code: 'P0001', message: 'SLUG_TAKEN', hint: 'slug' });
  });

  test('invitations are visible to admins only', async () => {
    await db`insert into public.invitations (workspace_id, email, token_hash)
             values (${acme.id}, 'rest-invitee@example.com', ${tokenHash()})`;
    const query = (client: SupabaseClient) =>
      client.from('invitations').select('email, role, status').eq('email', 'rest-invitee@example.com');
    expect((await query(clients.admin)).data).toEqual([
      { email: 'rest-invitee@example.com', role: 'member', status: 'pending' },
    ]);
    expect(await query(clients.member)).toMatchObject({ data: [], error: null });
    await db`delete from public.invitations where email = 'rest-invitee@example.com'`;
  });
});
