/**
 * Workspace search (issue 24, decision 077): `search_workspace` finds what the caller can read and nothing
 * else, by title, description or comment words, fragments and typos; deleted comments and archived tasks
 * follow their rules; hostile input answers calmly and changes nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acme, alice, asUser, bob, carol, dave, db, erin, type User } from './support/db.ts';

const START = '\uE000';
const STOP = '\uE001';
/** A word nobody else wrote: letters only, so the search parser keeps it one word. */
/**
 * A word no other task holds, and not one typo away from another test's: ten letters from the whole alphabet
 * (letters a–f of a uuid made words so alike that the typo match found each other's tasks in a full run).
 */
const word = () => `zq${Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

interface Hit {
  task_id: string;
  task_number: number;
  title: string;
  title_marked: string;
  snippet: string;
  matched_in: string[];
  board_name: string;
  is_archived: boolean;
  is_completed: boolean;
}

const search = (user: User | null, q: string, filters = '') =>
  asUser(user, (tx) =>
    tx.unsafe<Hit[]>(`select * from public.search_workspace($1, $2${filters})`, [acme.id, q]),
  );

const created: string[] = [];
async function task(title: string, description = '', column: string = acme.todo) {
  const [row] = await db<{ id: string }[]>`
    insert into public.tasks (board_id, column_id, title, description, created_by)
    values (${acme.board}, ${column}, ${title}, ${description}, ${alice.id}) returning id`;
  created.push(row!.id);
  return row!.id;
}
async function comment(taskId: string, body: string, author: User = carol) {
  const [row] = await db<{ id: string }[]>`
    insert into public.comments (task_id, author_id, body) values (${taskId}, ${author.id}, ${body}) returning id`;
  return row!.id;
}

let unique: string;
let titled: string;

beforeAll(async () => {
  unique = word();
  titled = await task(`Ship the ${unique} release`, `Notes about the ${unique} rollout and what follows.`);
});
afterAll(async () => {
  await db`delete from public.tasks where id = any(${created})`;
});

describe('who finds what', () => {
  test('a member, a viewer and the owner find the task, with its words marked; an outsider finds nothing', async () => {
    for (const user of [carol, dave, alice, bob]) {
      const hits = await search(user, unique);
      expect(hits.map((h) => h.task_id)).toEqual([titled]);
      expect(hits[0]!.title_marked).toBe(`Ship the ${START}${unique}${STOP} release`);
      expect(hits[0]!.snippet).toContain(`${START}${unique}${STOP}`);
      expect(hits[0]!.matched_in).toEqual(['title', 'description']);
      expect(hits[0]!.board_name).toBe('Product launch');
    }
    expect(await search(erin, unique)).toEqual([]);
  });

  test('a signed-out visitor may not call it at all', async () => {
    await expect(search(null, unique)).rejects.toMatchObject({ code: '42501' });
  });

  test('the hits helper answers only about what the caller can read', async () => {
    const hits = (user: User) =>
      asUser(
        user,
        (tx) => tx`select task_id from public.my_search_hits(${acme.id}, ${`${unique}:*`}::tsquery, ${unique},
                     null, null, null, null, null, 10)`,
      );
    expect((await hits(carol)).map((h) => h.task_id)).toEqual([titled]);
    expect(await hits(erin)).toEqual([]);
  });
});

describe('where words are found', () => {
  test('a word only in a comment finds its task, and the snippet comes from the comment', async () => {
    const secret = word();
    const id = await task('Quarterly planning');
    await comment(id, `Remember the ${secret} handover on Thursday`);
    const [hit, ...rest] = await search(dave, secret);
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ task_id: id, matched_in: ['comment'], title_marked: 'Quarterly planning' });
    expect(hit!.snippet).toBe(`Remember the ${START}${secret}${STOP} handover on Thursday`);
  });

  test("a deleted comment's words are not found, nor are an edited comment's old words", async () => {
    const gone = word();
    const old = word();
    const fresh = word();
    const id = await task('Vendor review');
    const deleted = await comment(id, `The ${gone} contract`);
    const edited = await comment(id, `Waiting on ${old}`);
    expect(await search(carol, gone)).toHaveLength(1);
    await asUser(carol, (tx) => tx`update public.comments set deleted_at = now() where id = ${deleted}`, {
      commit: true,
    });
    await asUser(
      carol,
      (tx) => tx`update public.comments set body = ${`Waiting on ${fresh}`} where id = ${edited}`,
      {
        commit: true,
      },
    );
    expect(await search(carol, gone)).toEqual([]);
    expect(await search(carol, old)).toEqual([]);
    expect((await search(carol, fresh)).map((h) => h.task_id)).toEqual([id]);
  });

  test('a renamed task is found by its new title, not its old one', async () => {
    const before = word();
    const after = word();
    const id = await task(`Draft ${before}`);
    await db`update public.tasks set title = ${`Draft ${after}`} where id = ${id}`;
    expect(await search(carol, before)).toEqual([]);
    expect((await search(carol, after)).map((h) => h.task_id)).toEqual([id]);
  });

  test('the start of a word finds it, and so does a title with two letters swapped', async () => {
    expect((await search(carol, unique.slice(0, 6))).map((h) => h.task_id)).toContain(titled);
    const id = await task(`Renew the ${word()} subscription`);
    const hits = await search(carol, 'subscirption');
    expect(hits.map((h) => h.task_id)).toContain(id);
    expect(hits.find((h) => h.task_id === id)!.matched_in).toEqual(['title']);
  });

  test('non-Latin words are found', async () => {
    const id = await task(`Перевод интерфейса ${word()}`, '東京タワー の 写真');
    expect((await search(carol, 'перевод')).map((h) => h.task_id)).toContain(id);
    expect((await search(carol, '東京')).map((h) => h.task_id)).toContain(id);
  });
});

describe('filters', () => {
  test('archived tasks are hidden unless asked for; done and open tasks can be picked', async () => {
    const w = word();
    const open = await task(`Open ${w}`);
    const done = await task(`Done ${w}`, '', acme.done);
    const archived = await task(`Archived ${w}`);
    await db`update public.tasks set archived_at = now() where id = ${archived}`;
    const ids = async (filters: string) => (await search(carol, w, filters)).map((h) => h.task_id).sort();
    expect(await ids('')).toEqual([open, done].sort());
    expect(await ids(', filter_archived => true')).toEqual([archived]);
    expect(await ids(', filter_archived => null')).toEqual([open, done, archived].sort());
    expect(await ids(', filter_done => true')).toEqual([done]);
    expect(await ids(', filter_done => false')).toEqual([open]);
    const [flag] = await search(carol, w, ', filter_archived => true');
    expect(flag).toMatchObject({ is_archived: true, is_completed: false });
  });

  test('the filters follow later changes: moved to done and back, archived and restored, also for comment hits', async () => {
    const w = word();
    const moved = await task('Moved into done');
    await comment(moved, `The ${w} notes`);
    const ids = async (filters: string) => (await search(carol, w, filters)).map((h) => h.task_id);
    expect(await ids(', filter_done => true')).toEqual([]);
    // Only the column changes: completed_at is set by the tasks' own before trigger.
    await db`update public.tasks set column_id = ${acme.done} where id = ${moved}`;
    expect(await ids(', filter_done => true')).toEqual([moved]);
    expect(await ids(', filter_done => false')).toEqual([]);
    await db`update public.tasks set column_id = ${acme.todo} where id = ${moved}`;
    expect(await ids(', filter_done => false')).toEqual([moved]);
    await db`update public.tasks set archived_at = now() where id = ${moved}`;
    expect(await ids('')).toEqual([]);
    expect(await ids(', filter_archived => true')).toEqual([moved]);
    await db`update public.tasks set archived_at = null where id = ${moved}`;
    expect(await ids('')).toEqual([moved]);
  });

  test('by assignee, by label and by board', async () => {
    const w = word();
    const mine = await task(`Assigned ${w}`);
    const labelled = await task(`Labelled ${w}`);
    await db`update public.tasks set assignee_id = ${carol.id} where id = ${mine}`;
    await db`insert into public.task_labels (task_id, label_id) values (${labelled}, ${acme.bugLabel})`;
    const ids = async (filters: string, params: string) =>
      (
        await asUser(carol, (tx) =>
          tx.unsafe<Hit[]>(`select * from public.search_workspace($1, $2${filters})`, [acme.id, w, params]),
        )
      ).map((h) => h.task_id);
    expect(await ids(', filter_assignee => $3', carol.id)).toEqual([mine]);
    expect(await ids(', filter_label => $3', acme.bugLabel)).toEqual([labelled]);
    expect(await ids(', filter_board => $3', randomUUID())).toEqual([]);
    expect((await ids(', filter_board => $3', acme.board)).sort()).toEqual([mine, labelled].sort());
  });
});

describe('hostile and odd input', () => {
  test('quotes, operators and stray syntax never fail', async () => {
    for (const q of [`"unclosed`, `'`, `''`, `& | ! <-> :* ()`, `-`, `or or`, `"${unique}`, `\\`, `a:*`]) {
      await expect(search(carol, q)).resolves.toBeInstanceOf(Array);
    }
    expect((await search(carol, `"${unique} release"`)).map((h) => h.task_id)).toEqual([titled]);
    expect(await search(carol, `${unique} -release`)).toEqual([]);
  });

  test('empty and blank searches find nothing', async () => {
    expect(await search(carol, '')).toEqual([]);
    expect(await search(carol, '   ')).toEqual([]);
  });

  test('highlight marks typed by someone are not taken for highlights', async () => {
    const hits = await search(carol, `${START}${unique}${STOP}`);
    expect(hits.map((h) => h.task_id)).toEqual([titled]);
  });

  test('500 characters are searched; 501 are VALIDATION; max_results is 1–100', async () => {
    await expect(search(carol, `${unique} `.repeat(60).slice(0, 500))).resolves.toBeInstanceOf(Array);
    await expect(search(carol, 'x'.repeat(501))).rejects.toMatchObject({
      code: 'P0001',
      message: 'VALIDATION',
      hint: 'q',
    });
    await expect(search(carol, unique, ', max_results => 0')).rejects.toMatchObject({ hint: 'max_results' });
    await expect(search(carol, unique, ', max_results => 101')).rejects.toMatchObject({
      hint: 'max_results',
    });
  });
});
