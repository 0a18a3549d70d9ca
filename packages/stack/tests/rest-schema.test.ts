/** The schema cache follows DDL: the event trigger's NOTIFY (and an explicit one) reloads it. */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { anon, env, rest } from './rest-helpers.ts';

const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
afterAll(async () => {
  await sql.unsafe('drop table if exists public.rest_dynamic');
  await sql.end();
});

/** Polls until `check` passes: the reload is asynchronous, so the test waits for it rather than timing it. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('rest: schema cache', () => {
  it('serves a table created after start, and a column added with NOTIFY pgrst', async () => {
    const before = await rest('/rest_dynamic');
    expect(before.json()).toMatchObject({ code: 'PGRST205' });
    await sql.unsafe(`create table public.rest_dynamic (id int primary key, label text);
      alter table public.rest_dynamic enable row level security;
      create policy "anyone can read dynamic rows" on public.rest_dynamic for select using (true);
      insert into public.rest_dynamic values (1, 'one')`);
    expect(await eventually(async () => (await rest('/rest_dynamic')).status === 200)).toBe(true);
    expect((await anon().from('rest_dynamic').select()).data).toEqual([{ id: 1, label: 'one' }]);

    await sql.unsafe(`alter table public.rest_dynamic add column extra text default 'x'`);
    await sql.unsafe(`notify pgrst, 'reload schema'`);
    expect(await eventually(async () => (await rest('/rest_dynamic?select=extra')).status === 200)).toBe(
      true,
    );
    expect((await anon().from('rest_dynamic').select('id, extra')).data).toEqual([{ id: 1, extra: 'x' }]);
  });
});
