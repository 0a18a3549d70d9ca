/**
 * @module bench/attachment-files — how soon a deleted attachment's file is gone (decision 076): on its own
 * stack with Vault configured, each sample deletes one attachments row (committed) and polls storage.objects
 * until the object is removed by the trigger → pg_net → remove-attachment-files → Storage chain; then a
 * workspace with 200 files is deleted at once; then the schedule's idle sweep is timed over 10,000 files with rows.
 * Prints milliseconds. Usage: `pnpm --filter @lanes/db-tests bench:files [samples]`.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';

const SAMPLES = Number(process.argv[2] ?? 30);
const CASCADE = 200;

const stack = await startTestStack({ workdir: fileURLToPath(new URL('../../..', import.meta.url)) });
const db = postgres(stack.dbUrl, { max: 4, onnotice: () => {} });
const storage = createClient(stack.apiUrl, stack.serviceRoleKey, {
  auth: { persistSession: false },
}).storage.from('attachments');

try {
  await db`select vault.create_secret(${stack.apiUrl}, 'project_url'),
                  vault.create_secret(${stack.serviceRoleKey}, 'service_role_key')`;
  const owner = randomUUID();
  await db`insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', ${owner}, 'authenticated', 'authenticated',
                   ${`owner-${owner.slice(0, 8)}@bench.test`}, now(), now(), now())`;

  async function taskIn(): Promise<{ workspace: string; task: string }> {
    const [ws] = await db`insert into public.workspaces (slug, name, created_by)
                          values (${`b-${randomUUID().slice(0, 8)}`}, 'Bench', ${owner}) returning id`;
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws!.id}, ${owner}, 'owner')`;
    const [board] =
      await db`insert into public.boards (workspace_id, name) values (${ws!.id}, 'B') returning id`;
    const [column] =
      await db`insert into public.columns (board_id, name) values (${board!.id}, 'C') returning id`;
    const [task] =
      await db`insert into public.tasks (board_id, column_id, title) values (${board!.id}, ${column!.id}, 'T') returning id`;
    return { workspace: ws!.id, task: task!.id };
  }

  async function attach(place: { workspace: string; task: string }): Promise<string> {
    const path = `${place.workspace}/${place.task}/${randomUUID()}/f.txt`;
    const { error } = await storage.upload(path, new Blob(['bench'], { type: 'text/plain' }));
    if (error) throw error;
    await db`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
             values (${place.task}, ${path}, 'f.txt', 'text/plain', 5, ${owner})`;
    return path;
  }

  async function remaining(paths: string[]): Promise<number> {
    const [row] = await db`select count(*)::int as n from storage.objects
                           where bucket_id = 'attachments' and name in ${db(paths)}`;
    return row!.n;
  }

  async function untilGone(paths: string[], started: number): Promise<number> {
    while ((await remaining(paths)) > 0) await new Promise((r) => setTimeout(r, 5));
    return performance.now() - started;
  }

  const place = await taskIn();
  const single: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const path = await attach(place);
    const started = performance.now();
    await db`delete from public.attachments where object_path = ${path}`;
    single.push(await untilGone([path], started));
  }
  single.sort((a, b) => a - b);
  const at = (q: number) => single[Math.min(single.length - 1, Math.floor(q * single.length))]!.toFixed(0);
  console.log(
    `one row deleted → file gone: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${SAMPLES} samples)`,
  );

  const big = await taskIn();
  const paths: string[] = [];
  // 20 per task (the limit): ten tasks of one workspace.
  for (let t = 0; t < CASCADE / 20; t++) {
    const [task] = await db`insert into public.tasks (board_id, column_id, title)
                            select board_id, column_id, 'T' from public.tasks where id = ${big.task} returning id`;
    for (let i = 0; i < 20; i++) paths.push(await attach({ workspace: big.workspace, task: task!.id }));
  }
  const started = performance.now();
  await db`delete from public.workspaces where id = ${big.workspace}`;
  console.log(
    `workspace with ${CASCADE} files deleted → all gone: ${(await untilGone(paths, started)).toFixed(0)} ms`,
  );

  // The schedule's idle work: 10,000 files older than an hour, each with its row (metadata only; 20 per task).
  const old = await taskIn();
  await db`
    with tasks as (
      insert into public.tasks (board_id, column_id, title)
      select t.board_id, t.column_id, 'T' || g from public.tasks t, generate_series(1, 500) g where t.id = ${old.task}
      returning id
    ), files as (
      select t.id as task_id, ${old.workspace}::text || '/' || t.id || '/' || gen_random_uuid() || '/f.txt' as path
      from tasks t, generate_series(1, 20)
    ), objects as (
      insert into storage.objects (bucket_id, name, created_at) select 'attachments', path, now() - interval '2 hours' from files
    )
    insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes)
    select task_id, path, 'f.txt', 'text/plain', 5 from files`;
  await db`analyze storage.objects`;
  await db`analyze public.attachments`;
  const [objects] = await db`select count(*)::int as n from storage.objects where bucket_id = 'attachments'`;
  const sweeps: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await db`select public.sweep_attachment_files()`;
    sweeps.push(performance.now() - t);
  }
  sweeps.sort((a, b) => a - b);
  const [queued] = await db`select count(*)::int as n from private.attachment_file_removals`;
  console.log(
    `idle sweep over ${objects!.n} attachment objects with rows, older than an hour: median ${sweeps[10]!.toFixed(1)} ms per run (round trip included); queued ${queued!.n}`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${navigator.hardwareConcurrency} cores`,
  );
} finally {
  await db.end();
  await stack.stop();
}
