/**
 * Realtime and Storage through supabase-js, as the seeded cast: live task changes reach only the
 * workspace's members; the buckets' policies decide uploads.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInCast } from './support/clients.ts';
import { acme, asUser, type CastRole, cast, db, globex, seededTask } from './support/db.ts';

let clients: Record<CastRole, SupabaseClient>;
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  clients = await signInCast();
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

type TaskEvent = RealtimePostgresChangesPayload<{ title: string; board_id: string }>;

/** Subscribes to task inserts (optionally on one board) and resolves with the first event. */
async function firstTaskInsert(client: SupabaseClient, filter?: string): Promise<() => Promise<TaskEvent>> {
  let resolve: (event: TaskEvent) => void = () => {};
  const first = new Promise<TaskEvent>((r) => {
    resolve = r;
  });
  const channel = client
    .channel(`tasks-${crypto.randomUUID()}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'tasks', ...(filter ? { filter } : {}) },
      resolve,
    );
  channels.push(channel);
  await new Promise<void>((ok, fail) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') ok();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') fail(error ?? new Error(status));
    }),
  );
  return () => first;
}

describe('realtime', () => {
  test("a new task reaches the board's members and not an outsider", async () => {
    const member = await firstTaskInsert(clients.member, `board_id=eq.${acme.board}`);
    const viewer = await firstTaskInsert(clients.viewer, `board_id=eq.${acme.board}`);
    const outsider = await firstTaskInsert(clients.outsider);
    await db`insert into public.tasks (board_id, column_id, title) values (${acme.board}, ${acme.todo}, 'Live for Acme')`;
    // Sent after the Acme task: if the outsider could see Acme's, that would arrive first.
    const [globexColumn] = await db`select id from public.columns where board_id = ${globex.board} limit 1`;
    await db`insert into public.tasks (board_id, column_id, title) values (${globex.board}, ${globexColumn!.id}, 'Live for Globex')`;
    expect((await member()).new).toMatchObject({ title: 'Live for Acme', board_id: acme.board });
    expect((await viewer()).new).toMatchObject({ title: 'Live for Acme' });
    expect((await outsider()).new).toMatchObject({ title: 'Live for Globex', board_id: globex.board });
    await db`delete from public.tasks where title like 'Live for %'`;
  });
});

describe('storage', () => {
  const png = new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' });

  test('a user uploads an avatar into their own folder only', async () => {
    const own = await clients.member.storage
      .from('avatars')
      .upload(`${cast.member.id}/${crypto.randomUUID()}.png`, png);
    expect(own.error).toBeNull();
    const theirs = await clients.member.storage
      .from('avatars')
      .upload(`${cast.admin.id}/${crypto.randomUUID()}.png`, png);
    expect(theirs.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  test('members upload attachments into a task folder; viewers and outsiders cannot; members read them through the row', async () => {
    const task = await seededTask('New logo variants');
    const path = () => `${acme.id}/${task}/${crypto.randomUUID()}/brief.txt`;
    const file = new Blob(['hello'], { type: 'text/plain' });
    const uploaded = await clients.member.storage.from('attachments').upload(path(), file);
    expect(uploaded.error).toBeNull();
    for (const role of ['viewer', 'outsider'] as const) {
      const refused = await clients[role].storage.from('attachments').upload(path(), file);
      expect(refused.error).toMatchObject({ statusCode: '403' });
    }
    // Files are read through their attachments row (decision 076).
    const row = await clients.member.from('attachments').insert({
      task_id: task,
      object_path: uploaded.data!.path,
      file_name: 'brief.txt',
      mime_type: 'text/plain',
      size_bytes: 5,
    });
    expect(row.error).toBeNull();
    const read = await clients.viewer.storage.from('attachments').download(uploaded.data!.path);
    expect(await read.data?.text()).toBe('hello');
    const hidden = await clients.outsider.storage.from('attachments').download(uploaded.data!.path);
    expect(hidden.data).toBeNull();
  });

  test('attachments refuse HTML, SVG and executables for every role, by direct and by signed upload (decision 122)', async () => {
    const task = await seededTask('New logo variants');
    const refusedTypes = [
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['setup.exe', 'application/x-msdownload'],
    ] as const;
    for (const role of ['owner', 'admin', 'member'] as const) {
      for (const [name, type] of refusedTypes) {
        const path = `${acme.id}/${task}/${crypto.randomUUID()}/${name}`;
        const bucket = clients[role].storage.from('attachments');
        const direct = await bucket.upload(path, new Blob(['<script>alert(1)</script>'], { type }));
        expect(direct.error, `${role} ${type}`).toMatchObject({ statusCode: '415' });
        const signed = await bucket.createSignedUploadUrl(path);
        expect(signed.error).toBeNull();
        const viaUrl = await bucket.uploadToSignedUrl(path, signed.data!.token, new Blob(['x'], { type }), {
          contentType: type,
        });
        expect(viaUrl.error, `${role} ${type} signed`).toMatchObject({ statusCode: '415' });
        const [stored] = await db`select count(*)::int as n from storage.objects where name = ${path}`;
        expect(stored!.n).toBe(0);
      }
    }
    // The allowed types still go through, e.g. a PDF by signed URL, as the panel sends it.
    const path = `${acme.id}/${task}/${crypto.randomUUID()}/brief.pdf`;
    const bucket = clients.member.storage.from('attachments');
    const signed = await bucket.createSignedUploadUrl(path);
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const sent = await bucket.uploadToSignedUrl(path, signed.data!.token, pdf, {
      contentType: 'application/pdf',
    });
    expect(sent.error).toBeNull();
  });
});

describe('private board channels', () => {
  /** Joins `board:<id>` as a private channel and resolves with the final status. */
  async function join(client: SupabaseClient, boardId: string): Promise<string> {
    const channel = client.channel(`board:${boardId}`, {
      config: { private: true, presence: { key: 'me' } },
    });
    channels.push(channel);
    return new Promise((resolve) =>
      channel.subscribe((status) => {
        if (status !== 'CLOSED') resolve(status);
      }),
    );
  }

  test("the board's members join its private channel; an outsider is refused", async () => {
    await clients.viewer.realtime.setAuth();
    await clients.outsider.realtime.setAuth();
    expect(await join(clients.viewer, acme.board)).toBe('SUBSCRIBED');
    expect(await join(clients.outsider, acme.board)).toBe('CHANNEL_ERROR');
  });

  test('the policies decide per board and per extension, as the user', async () => {
    const probe = (user: typeof cast.member, topic: string, extension: string) =>
      asUser(user, async (tx) => {
        await tx`select set_config('realtime.topic', ${topic}, true)`;
        return tx`insert into realtime.messages (topic, extension) values (${topic}, ${extension}) returning id`;
      });
    expect(await probe(cast.viewer, `board:${acme.board}`, 'presence')).toHaveLength(1);
    expect(await probe(cast.member, `board:${acme.board}`, 'broadcast')).toHaveLength(1);
    // Drags are broadcasts: a viewer, who may not move cards, may not send them (decision 070).
    await expect(probe(cast.viewer, `board:${acme.board}`, 'broadcast')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(probe(cast.outsider, `board:${acme.board}`, 'presence')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(probe(cast.member, `board:${globex.board}`, 'broadcast')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(probe(cast.member, 'workspace:anything', 'broadcast')).rejects.toMatchObject({
      code: '42501',
    });
  });
});
