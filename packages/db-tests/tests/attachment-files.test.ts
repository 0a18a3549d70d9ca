/**
 * Attachment files follow their rows (issue 26, decision 076), from the attacker's side, through
 * supabase-js against the stack: reads need the row, deleting a task/board/workspace/account removes the
 * objects (queued by a trigger, removed through Storage by `remove-attachment-files`, so old signed URLs
 * die), and files with no row are swept an hour after upload (the sweep is run with a moved clock).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { env } from './support/clients.ts';
import { createWorkspace, db, type User } from './support/db.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const admin = createClient(env.apiUrl, env.serviceRoleKey, options);

interface Person {
  user: User;
  client: SupabaseClient;
}

/** A fresh user with a real session. */
async function person(name: string): Promise<Person> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@lanes.test`;
  const created = await admin.auth.admin.createUser({
    email,
    password: 'secret-pass-1',
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = createClient(env.apiUrl, env.anonKey, options);
  const signIn = await client.auth.signInWithPassword({ email, password: 'secret-pass-1' });
  if (signIn.error) throw signIn.error;
  return { user: { id: created.data.user.id, email }, client };
}

/** Polls `check` until it holds; the test's timeout is the deadline. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 50));
}

async function objectExists(path: string): Promise<boolean> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from storage.objects where bucket_id = 'attachments' and name = ${path}`;
  return row!.n > 0;
}

const file = () => new Blob(['hello'], { type: 'text/plain' });

/** Uploads a file under the task's folder as `who`; returns its path. */
async function upload(who: Person, workspaceId: string, taskId: string, name = 'brief.txt'): Promise<string> {
  const path = `${workspaceId}/${taskId}/${crypto.randomUUID()}/${name}`;
  const { error } = await who.client.storage.from('attachments').upload(path, file());
  if (error) throw error;
  return path;
}

/** Uploads a file and makes its attachments row over REST, as the panel does. */
async function attach(who: Person, workspaceId: string, taskId: string): Promise<string> {
  const path = await upload(who, workspaceId, taskId);
  const { error } = await who.client.from('attachments').insert({
    task_id: taskId,
    object_path: path,
    file_name: 'brief.txt',
    mime_type: 'text/plain',
    size_bytes: 5,
  });
  if (error) throw error;
  return path;
}

async function newTask(boardId: string, columnId: string): Promise<string> {
  const [task] = await db<{ id: string }[]>`
    insert into public.tasks (board_id, column_id, title) values (${boardId}, ${columnId}, 'With files') returning id`;
  return task!.id;
}

/** What storage-api answers for a path with no object: HTTP 400, `statusCode: '404'`. */
const notFound = { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' };

let owner: Person;
let adminUser: Person;
let member: Person;
let viewer: Person;
let outsider: Person;
let ws: Awaited<ReturnType<typeof createWorkspace>>;

/** Creates or replaces a Vault secret by name. */
async function setSecret(name: string, value: string): Promise<void> {
  await db`
    select case
      when exists (select 1 from vault.secrets where name = ${name})
      then (select vault.update_secret(id, ${value}) from vault.secrets where name = ${name})::text
      else vault.create_secret(${value}, ${name})::text
    end`;
}

beforeAll(async () => {
  // Supabase's convention for calling functions from the database: the project URL and a key in Vault.
  await setSecret('project_url', env.apiUrl);
  await setSecret('service_role_key', env.serviceRoleKey);
  [owner, adminUser, member, viewer, outsider] = await Promise.all([
    person('owner'),
    person('admin'),
    person('member'),
    person('viewer'),
    person('outsider'),
  ]);
  ws = await createWorkspace({
    owner: owner.user,
    admin: adminUser.user,
    member: member.user,
    viewer: viewer.user,
  });
});

describe('reads need the attachment row', () => {
  test('an upload with no row is unreadable, even by its uploader; with the row, viewers read it', async () => {
    const task = await newTask(ws.board, ws.todo);
    const rowless = await upload(member, ws.id, task);
    for (const who of [member, viewer, owner]) {
      const read = await who.client.storage.from('attachments').download(rowless);
      expect(read.data).toBeNull();
      const signed = await who.client.storage.from('attachments').createSignedUrl(rowless, 60);
      expect(signed.data).toBeNull();
    }
    const attached = await attach(member, ws.id, task);
    const read = await viewer.client.storage.from('attachments').download(attached);
    expect(await read.data?.text()).toBe('hello');
    const hidden = await outsider.client.storage.from('attachments').download(attached);
    expect(hidden.data).toBeNull();
  });
});

describe('deleting rows removes their files', () => {
  test('a task deleted over REST takes its file: an old signed URL answers not found, a viewer reads nothing', async () => {
    const task = await newTask(ws.board, ws.todo);
    const path = await attach(member, ws.id, task);
    const signed = await viewer.client.storage.from('attachments').createSignedUrl(path, 3600);
    expect(signed.error).toBeNull();
    const before = await fetch(signed.data!.signedUrl);
    expect(await before.text()).toBe('hello');

    // SPEC §4: archived → deleted, by an admin, over REST.
    const archived = await adminUser.client
      .from('tasks')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', task);
    expect(archived.error).toBeNull();
    const deleted = await adminUser.client.from('tasks').delete().eq('id', task).select('id');
    expect(deleted.data).toHaveLength(1);

    await until(async () => !(await objectExists(path)));
    const after = await fetch(signed.data!.signedUrl);
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual(notFound);
    const read = await viewer.client.storage.from('attachments').download(path);
    expect(read.data).toBeNull();
    // The drain settles its batch (the path leaves the queue) right after Storage removed the object.
    const queued = async () =>
      (
        await db<{ n: number }[]>`
        select count(*)::int as n from private.attachment_file_removals where object_path = ${path}`
      )[0]!.n;
    await until(async () => (await queued()) === 0);
  });

  test('deleting an attachment row removes its file, and a rolled-back delete keeps it', async () => {
    const task = await newTask(ws.board, ws.todo);
    const path = await attach(member, ws.id, task);
    await db
      .begin(async (tx) => {
        await tx`delete from public.attachments where object_path = ${path}`;
        throw new Error('rolled back');
      })
      .catch(() => {});
    const kept = await viewer.client.storage.from('attachments').download(path);
    expect(await kept.data?.text()).toBe('hello');

    const removed = await member.client.from('attachments').delete().eq('object_path', path).select('id');
    expect(removed.data).toHaveLength(1);
    await until(async () => !(await objectExists(path)));
  });

  test('a board deleted by an admin, and a workspace deleted by its owner, take their files', async () => {
    const other = await createWorkspace({ owner: owner.user, admin: adminUser.user, member: member.user });
    const task = await newTask(other.board, other.todo);
    const onBoard = await attach(member, other.id, task);
    // A member may not delete the board: refused, the file stays readable.
    const refused = await member.client.from('boards').delete().eq('id', other.board).select('id');
    expect(refused.data).toEqual([]);
    const stays = await member.client.storage.from('attachments').download(onBoard);
    expect(await stays.data?.text()).toBe('hello');
    const board = await adminUser.client.from('boards').delete().eq('id', other.board).select('id');
    expect(board.data).toHaveLength(1);
    await until(async () => !(await objectExists(onBoard)));

    const third = await createWorkspace({ owner: owner.user, member: member.user });
    const thirdTask = await newTask(third.board, third.todo);
    const inWorkspace = await attach(member, third.id, thirdTask);
    const gone = await owner.client.from('workspaces').delete().eq('id', third.id).select('id');
    expect(gone.data).toHaveLength(1);
    await until(async () => !(await objectExists(inWorkspace)));
  });

  test('deleting an account removes its solo workspaces and their files; LAST_OWNER leaves files alone (decision 085)', async () => {
    const solo = await person('solo');
    const own = await createWorkspace({ owner: solo.user });
    const soloTask = await newTask(own.board, own.todo);
    const soloFile = await attach(solo, own.id, soloTask);

    // The last owner of a workspace with others in it is refused, and nothing is removed.
    const shared = await createWorkspace({ owner: solo.user, member: member.user });
    const sharedTask = await newTask(shared.board, shared.todo);
    const sharedFile = await attach(member, shared.id, sharedTask);
    const refused = await solo.client.functions.invoke('delete-account', { body: {} });
    expect(refused.error).not.toBeNull();
    expect(await objectExists(soloFile)).toBe(true);
    const stillThere = await member.client.storage.from('attachments').download(sharedFile);
    expect(await stillThere.data?.text()).toBe('hello');

    await db`update public.workspace_members set role = 'owner' where workspace_id = ${shared.id} and user_id = ${member.user.id}`;
    const done = await solo.client.functions.invoke('delete-account', { body: {} });
    expect(done.error).toBeNull();
    await until(async () => !(await objectExists(soloFile)));
    // The shared workspace stays with its other owner, and so does its file.
    const kept = await member.client.storage.from('attachments').download(sharedFile);
    expect(await kept.data?.text()).toBe('hello');
  });
});

describe('files without a row are swept after an hour', () => {
  test('a row-less upload survives the real clock and is swept an hour on; files with rows stay', async () => {
    const sweepWs = await createWorkspace({ owner: owner.user, member: member.user, viewer: viewer.user });
    const task = await newTask(sweepWs.board, sweepWs.todo);
    const rowless = await upload(member, sweepWs.id, task);
    const attached = await attach(member, sweepWs.id, task);

    const [now] = await db<{ n: number }[]>`select public.sweep_attachment_files(now(), ${sweepWs.id}) as n`;
    expect(now!.n).toBe(0);
    const [later] = await db<{ n: number }[]>`
      select public.sweep_attachment_files(now() + interval '61 minutes', ${sweepWs.id}) as n`;
    expect(later!.n).toBe(1);
    await until(async () => !(await objectExists(rowless)));
    const read = await viewer.client.storage.from('attachments').download(attached);
    expect(await read.data?.text()).toBe('hello');
  });

  test('a 21st file uploaded without a row does not count, cannot be read, and is swept', async () => {
    const limitWs = await createWorkspace({ owner: owner.user, member: member.user, viewer: viewer.user });
    const task = await newTask(limitWs.board, limitWs.todo);
    for (let i = 0; i < 20; i++) {
      await db`
        insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
        values (${task}, ${`${limitWs.id}/${task}/${crypto.randomUUID()}/f${i}.txt`}, ${`f${i}.txt`}, 'text/plain', 5, ${member.user.id})`;
    }
    const extra = await upload(member, limitWs.id, task, 'extra.txt');
    const row = await member.client.from('attachments').insert({
      task_id: task,
      object_path: extra,
      file_name: 'extra.txt',
      mime_type: 'text/plain',
      size_bytes: 5,
    });
    expect(row.error).toMatchObject({ code: 'P0001', message: 'LIMIT_REACHED' });
    const listed = await viewer.client.from('attachments').select('id').eq('task_id', task);
    expect(listed.data).toHaveLength(20);
    for (const who of [viewer, member]) {
      const read = await who.client.storage.from('attachments').download(extra);
      expect(read.data).toBeNull();
    }
    const [swept] = await db<{ n: number }[]>`
      select public.sweep_attachment_files(now() + interval '61 minutes', ${limitWs.id}) as n`;
    expect(swept!.n).toBe(1);
    await until(async () => !(await objectExists(extra)));
  });

  test('a drain that cannot be reached leaves the path queued, and the next sweep removes it', async () => {
    const task = await newTask(ws.board, ws.todo);
    const path = await attach(member, ws.id, task);
    const [since] = await db<{ now: Date }[]>`select clock_timestamp() as now`;
    await setSecret('project_url', 'http://127.0.0.1:1');
    try {
      await member.client.from('attachments').delete().eq('object_path', path);
      // pg_net's answer for the unreachable address is the signal that the call was made and failed.
      await until(async () => {
        const [failed] = await db<{ n: number }[]>`
          select count(*)::int as n from net._http_response
          where created >= ${since!.now} and error_msg = 'Couldn''t connect to server'`;
        return failed!.n > 0;
      });
      // Checked while the address is still wrong, so the schedule cannot drain it meanwhile.
      expect(await objectExists(path)).toBe(true);
      const [queued] =
        await db`select count(*)::int as n from private.attachment_file_removals where object_path = ${path}`;
      expect(queued!.n).toBe(1);
    } finally {
      await setSecret('project_url', env.apiUrl);
    }
    await db`select public.sweep_attachment_files()`;
    await until(async () => !(await objectExists(path)));
  });

  test('the schedule that sweeps and retries is registered with pg_cron', async () => {
    const jobs =
      await db`select schedule, command, active from cron.job where jobname = 'lanes-attachment-files'`;
    expect(jobs).toEqual([
      { schedule: '* * * * *', command: 'select public.sweep_attachment_files()', active: true },
    ]);
  });
});

describe('the queue and its drain are closed to users', () => {
  test('users cannot call the drain function, claim or settle the queue, or sweep', async () => {
    for (const who of [member.client, createClient(env.apiUrl, env.anonKey, options)]) {
      const drained = await who.functions.invoke('remove-attachment-files', { body: {} });
      expect(drained.error).not.toBeNull();
      expect([401, 403]).toContain((drained.error as { context?: Response }).context?.status);
      for (const [fn, args] of [
        ['claim_attachment_file_removals', {}],
        ['settle_attachment_file_removals', { removed: ['x'] }],
        ['sweep_attachment_files', {}],
      ] as const) {
        const called = await who.rpc(fn, args);
        expect(called.error, fn).toMatchObject({ code: '42501' });
      }
    }
    const queue = await member.client
      .schema('private' as 'public')
      .from('attachment_file_removals')
      .select();
    expect(queue.data).toBeNull();
  });

  test('bad input is refused and changes nothing; a failed removal waits before its next try', async () => {
    const path = `${ws.id}/${crypto.randomUUID()}/${crypto.randomUUID()}/ghost.txt`;
    await db`insert into private.attachment_file_removals (object_path, not_before) values (${path}, now() + interval '1 day')`;
    for (const size of [0, 1001]) {
      const bad = await admin.rpc('claim_attachment_file_removals', { batch_size: size });
      expect(bad.error).toMatchObject({ code: 'P0001', message: 'VALIDATION', hint: 'batch_size' });
    }
    const badSweep = await admin.rpc('sweep_attachment_files', { at_time: 'not a time' });
    expect(badSweep.error).toMatchObject({ code: '22007' });
    const badSettle = await db`select public.settle_attachment_file_removals(null, ${[path]}, 'x')`.catch(
      (error: unknown) => error,
    );
    expect(badSettle).toMatchObject({ code: 'P0001', message: 'VALIDATION' });
    const [untouched] = await db`
      select attempts, not_before > now() + interval '23 hours' as waits, last_error
      from private.attachment_file_removals where object_path = ${path}`;
    expect(untouched).toEqual({ attempts: 0, waits: true, last_error: null });

    await db`update private.attachment_file_removals set not_before = now(), attempts = 1 where object_path = ${path}`;
    const failed = await admin.rpc('settle_attachment_file_removals', {
      failed: [path],
      error_message: 'storage down',
    });
    expect(failed.error).toBeNull();
    const [row] = await db<{ waits: boolean; last_error: string }[]>`
      select not_before > now() + interval '20 seconds' as waits, last_error
      from private.attachment_file_removals where object_path = ${path}`;
    expect(row).toEqual({ waits: true, last_error: 'storage down' });
    await db`delete from private.attachment_file_removals where object_path = ${path}`;
  });
});
