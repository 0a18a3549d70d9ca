/**
 * Client-chosen ids (decision 120): the board's write queue names a new task, column or label itself, so a
 * replayed create finds what the first one stored. Each role's side: members may choose the id, viewers still
 * create nothing, and an id already used in another workspace is refused without showing or changing that row.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { acme, asUser, carol, dave, db, erin, seededTask } from './support/db.ts';

describe('a task created under a chosen id', () => {
  test('a member keeps the id; the same insert again is a unique violation and leaves one row', async () => {
    const id = randomUUID();
    await asUser(carol, async (tx) => {
      const [row] = await tx`
        insert into public.tasks (id, board_id, column_id, title) values (${id}, ${acme.board}, ${acme.todo}, 'Mine')
        returning id`;
      expect(row!.id).toBe(id);
      await expect(
        tx`insert into public.tasks (id, board_id, column_id, title) values (${id}, ${acme.board}, ${acme.todo}, 'Mine')`,
      ).rejects.toMatchObject({ code: '23505', constraint_name: 'tasks_pkey' });
    });
  });

  test('a viewer creates nothing, chosen id or not', async () => {
    await asUser(dave, async (tx) => {
      await expect(
        tx`insert into public.tasks (id, board_id, column_id, title) values (${randomUUID()}, ${acme.board}, ${acme.todo}, 'No')`,
      ).rejects.toMatchObject({ code: '42501' });
    });
  });
});

describe("another workspace's id, from the attacker's side", () => {
  test("inserting it on one's own board is refused, and the victim's task is unchanged", async () => {
    const secret = await seededTask('Globex secret plan');
    await asUser(carol, async (tx) => {
      await expect(
        tx`insert into public.tasks (id, board_id, column_id, title) values (${secret}, ${acme.board}, ${acme.todo}, 'Hijack')`,
      ).rejects.toMatchObject({ code: '23505' });
    });
    const [row] = await db`select board_id, title from public.tasks where id = ${secret}`;
    expect(row).toEqual({ board_id: 'b0000000-0000-4000-8000-000000000003', title: 'Globex secret plan' });
  });

  test('an upsert over it (what PostgREST sends for merge-duplicates) is refused by the update policy', async () => {
    const secret = await seededTask('Globex secret plan');
    await asUser(carol, async (tx) => {
      await expect(
        tx`insert into public.tasks (id, board_id, column_id, title) values (${secret}, ${acme.board}, ${acme.todo}, 'Hijack')
           on conflict (id) do update set title = excluded.title returning *`,
      ).rejects.toMatchObject({ code: '42501' });
    });
    const [row] = await db`select title from public.tasks where id = ${secret}`;
    expect(row!.title).toBe('Globex secret plan');
  });

  test('ignore-duplicates answers with no row: nothing of the victim task is shown', async () => {
    const secret = await seededTask('Globex secret plan');
    const rows = await asUser(
      carol,
      (
        tx,
      ) => tx`insert into public.tasks (id, board_id, column_id, title) values (${secret}, ${acme.board}, ${acme.todo}, 'Peek')
                 on conflict (id) do nothing returning *`,
    );
    expect(rows).toEqual([]);
    const visible = await asUser(carol, (tx) => tx`select id from public.tasks where id = ${secret}`);
    expect(visible).toEqual([]);
  });

  test("an outsider's column or label under Acme's ids is refused, and Acme's rows are unchanged", async () => {
    await asUser(erin, async (tx) => {
      await expect(
        tx`insert into public.columns (id, board_id, name) values (${acme.todo}, 'b0000000-0000-4000-8000-000000000003', 'Mine')`,
      ).rejects.toMatchObject({ code: '23505' });
    });
    await asUser(erin, async (tx) => {
      await expect(
        tx`insert into public.labels (id, board_id, name, color)
           values (${acme.bugLabel}, 'b0000000-0000-4000-8000-000000000003', 'Mine', 'red')
           on conflict (id) do update set name = excluded.name`,
      ).rejects.toMatchObject({ code: '42501' });
    });
    const [column] = await db`select board_id, name from public.columns where id = ${acme.todo}`;
    const [label] = await db`select board_id from public.labels where id = ${acme.bugLabel}`;
    expect(column).toEqual({ board_id: acme.board, name: 'To do' });
    expect(label!.board_id).toBe(acme.board);
  });
});
