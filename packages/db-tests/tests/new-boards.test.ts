/**
 * A board cannot be created archived (issue 26, decision 070): archiving takes an admin, so an insert that
 * names `archived_at` (or the timestamps the database keeps) is refused for every role and stores nothing.
 */
import { describe, expect, test } from 'vitest';
import { acme, alice, asUser, carol, db } from './support/db.ts';

const insert = (user: typeof carol, name: string, extra: 'archived_at' | 'created_at' | null) =>
  asUser(
    user,
    (tx) =>
      extra
        ? tx`insert into public.boards (workspace_id, name, ${tx(extra)}) values (${acme.id}, ${name}, now() - interval '1 day') returning id`
        : tx`insert into public.boards (workspace_id, name) values (${acme.id}, ${name}) returning id`,
    { commit: true },
  );

describe('a new board', () => {
  test('made archived is refused, for a member and for the owner, and nothing is stored', async () => {
    const name = `Archived at birth ${crypto.randomUUID().slice(0, 8)}`;
    for (const user of [carol, alice]) {
      await expect(insert(user, name, 'archived_at')).rejects.toMatchObject({ code: '42501' });
      await expect(insert(user, name, 'created_at')).rejects.toMatchObject({ code: '42501' });
    }
    const [stored] = await db`select count(*)::int as n from public.boards where name = ${name}`;
    expect(stored!.n).toBe(0);
  });

  test('made plainly is created open, by a member', async () => {
    const name = `Plain ${crypto.randomUUID().slice(0, 8)}`;
    const [row] = await insert(carol, name, null);
    const [stored] = await db`select archived_at, created_by from public.boards where id = ${row!.id}`;
    expect(stored).toEqual({ archived_at: null, created_by: carol.id });
    await db`delete from public.boards where id = ${row!.id}`;
  });
});
