/**
 * Which tables may be in the `supabase_realtime` publication (decision 068). Realtime sends a DELETE to every
 * subscriber of the table, signed out included, with the old primary key and no row-level security check (as
 * hosted does), so a published table's key must reveal nothing: a random uuid, or a pair of them that names no
 * person and no workspace.
 */
import { describe, expect, test } from 'vitest';
import { db, type Tx } from './support/db.ts';

/** Every published table, with the key it gives away on DELETE and why that key says nothing. */
const ALLOWED: Record<string, { key: string[]; why: string }> = {
  'public.attachments': { key: ['id'], why: 'a random uuid' },
  'public.boards': { key: ['id'], why: 'a random uuid' },
  'public.checklist_items': { key: ['id'], why: 'a random uuid' },
  'public.columns': { key: ['id'], why: 'a random uuid' },
  'public.comments': { key: ['id'], why: 'a random uuid' },
  'public.labels': { key: ['id'], why: 'a random uuid' },
  'public.tasks': { key: ['id'], why: 'a random uuid' },
  // Two random uuids of rows only members read: "some label left some task", no names, no workspace, no
  // person. The board follows it unfiltered (decision 063), so it stays.
  'public.task_labels': { key: ['task_id', 'label_id'], why: 'a task id and a label id' },
};

/** Tables whose rows name a person or a workspace: a key column pointing at one gives the pair away. */
const IDENTITIES = ['public.profiles', 'public.workspaces', 'auth.users'];

interface Published {
  name: string;
  key: string[];
  /** Key columns that name someone or somewhere: not a uuid, or a reference to an identity table. */
  telling: string[];
  /** Key columns that are neither made by gen_random_uuid() nor a reference to another row's id. */
  unmade: string[];
}

/** The published tables as `sql` sees them (a transaction may add one to prove the check). */
async function published(sql: Tx | typeof db): Promise<Published[]> {
  return sql<Published[]>`
    with keys as (
      select format('%I.%I', t.schemaname, t.tablename) as name, a.attname::text as col, a.attnum,
             a.atttypid = 'uuid'::regtype as is_uuid,
             coalesce(pg_get_expr(d.adbin, d.adrelid), '') = 'gen_random_uuid()' as random,
             (select array_agg(format('%I.%I', n.nspname, r.relname))
                from pg_constraint f
                join pg_class r on r.oid = f.confrelid
                join pg_namespace n on n.oid = r.relnamespace
               where f.conrelid = c.oid and f.contype = 'f' and a.attnum = any (f.conkey)) as refs
      from pg_publication_tables t
      join pg_class c on c.oid = format('%I.%I', t.schemaname, t.tablename)::regclass
      left join pg_index x on x.indrelid = c.oid and x.indisprimary
      left join pg_attribute a on a.attrelid = c.oid and a.attnum = any (x.indkey)
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where t.pubname = 'supabase_realtime'
    )
    select name,
           coalesce(array_agg(col order by attnum) filter (where col is not null), '{}') as key,
           coalesce(array_agg(col order by attnum) filter (where
             col is not null and (not is_uuid or refs && ${IDENTITIES}::text[])), '{}') as telling,
           coalesce(array_agg(col order by attnum) filter (where
             col is not null and not random and refs is null), '{}') as unmade
    from keys
    group by name
    order by name`;
}

/** What is wrong with the publication: tables not allowed, keys changed, or keys that tell. */
function problems(tables: Published[]): string[] {
  return tables.flatMap(({ name, key, telling, unmade }) => [
    ...(ALLOWED[name] ? [] : [`${name} (key ${key.join(', ') || 'none'}) is not in the allow-list`]),
    ...(ALLOWED[name] && key.join() !== ALLOWED[name].key.join()
      ? [`${name}'s key is now ${key.join(', ')}`]
      : []),
    ...telling.map((column) => `${name}.${column} names a person or a workspace`),
    ...unmade.map((column) => `${name}.${column} is not a random id`),
  ]);
}

describe('the supabase_realtime publication', () => {
  test('holds only tables whose deleted keys reveal nothing', async () => {
    const tables = await published(db);
    expect(problems(tables)).toEqual([]);
    expect(tables.map((t) => t.name)).toEqual(Object.keys(ALLOWED).sort());
  });

  test('task_labels points only at tasks and labels, never at a person or a workspace', async () => {
    const targets = await db<{ target: string }[]>`
      select confrelid::regclass::text as target from pg_constraint
      where conrelid = 'public.task_labels'::regclass and contype = 'f' order by 1`;
    expect(targets.map((t) => t.target)).toEqual(['labels', 'tasks']);
  });

  test('the check refuses a table whose key is a membership (workspace, user)', async () => {
    const found = await db
      .begin(async (tx) => {
        await tx`alter publication supabase_realtime add table public.workspace_members`;
        const seen = problems(await published(tx));
        throw Object.assign(new Error('rollback'), { seen });
      })
      .catch((error: { seen?: string[] }) => error.seen);
    expect(found).toEqual([
      'public.workspace_members (key workspace_id, user_id) is not in the allow-list',
      'public.workspace_members.workspace_id names a person or a workspace',
      'public.workspace_members.user_id names a person or a workspace',
    ]);
  });
});
