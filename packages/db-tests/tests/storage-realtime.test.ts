/**
 * Storage policies on storage.objects (SPEC §3 buckets), the realtime publication, and the profile
 * made with each auth user. Storage rows are written as storage-api does: as the caller.
 */
import { ATTACHMENT_MIME_TYPES } from '@lanes/shared/attachment-types';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  asUser,
  createTasks,
  createUser,
  createWorkspace,
  db,
  type User,
  type Workspace,
} from './support/db.ts';

let ws: Workspace & { owner: User };
let admin: User;
let member: User;
let viewer: User;
let outsider: User;
let task: string;

beforeAll(async () => {
  admin = await createUser('admin');
  member = await createUser('member');
  viewer = await createUser('viewer');
  outsider = await createUser('outsider');
  ws = await createWorkspace({ admin: admin, member: member, viewer: viewer });
  [task] = (await createTasks(ws, ws.todo, 1)) as [string];
});

/**
 * Inserts as `user` the way storage-api's createObject does, without RETURNING (which would also need a
 * read policy: an attachment is readable only once its row exists, decision 076); resolves with the count.
 */
const upload = (user: User, bucket: string, name: string) =>
  asUser(
    user,
    async (tx) =>
      (
        await tx`insert into storage.objects (bucket_id, name, owner_id) values (${bucket}, ${name}, ${user.id})`
      ).count,
  );

/** Deletes as `user`, with the flag storage-api sets for its own delete queries. */
const remove = (user: User, bucket: string, name: string) =>
  asUser(user, async (tx) => {
    await tx`select set_config('storage.allow_delete_query', 'true', true)`;
    return tx`delete from storage.objects where bucket_id = ${bucket} and name = ${name} returning id`;
  });

describe('buckets', () => {
  test('avatars is public with 2 MB of PNG, JPEG or WebP; attachments is private with 10 MB of the allowed types', async () => {
    const rows =
      await db`select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id`;
    expect(rows).toEqual([
      {
        id: 'attachments',
        public: false,
        file_size_limit: '10485760',
        // One list, in packages/shared (decision 122); the migration repeats it for the bucket.
        allowed_mime_types: ATTACHMENT_MIME_TYPES,
      },
      {
        id: 'avatars',
        public: true,
        file_size_limit: '2097152',
        allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp'],
      },
    ]);
  });
});

describe('avatars', () => {
  test('a user writes only under their own folder; everyone reads', async () => {
    expect(await upload(member, 'avatars', `${member.id}/face.png`)).toBe(1);
    await expect(upload(member, 'avatars', `${admin.id}/face.png`)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(upload(member, 'avatars', 'face.png')).rejects.toMatchObject({ code: '42501' });
    await db`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', ${`${admin.id}/a.png`}, ${admin.id})`;
    const seen = await asUser(
      null,
      (tx) =>
        tx`select name from storage.objects where bucket_id = 'avatars' and name = ${`${admin.id}/a.png`}`,
    );
    expect(seen).toHaveLength(1);
    expect(await remove(member, 'avatars', `${admin.id}/a.png`)).toHaveLength(0);
    expect(await remove(admin, 'avatars', `${admin.id}/a.png`)).toHaveLength(1);
  });
});

describe('attachments', () => {
  const path = () => `${ws.id}/${task}/${crypto.randomUUID()}/report.pdf`;

  test('owner, admin and member upload into a task of their workspace; viewer and outsider cannot', async () => {
    for (const user of [ws.owner, admin, member]) expect(await upload(user, 'attachments', path())).toBe(1);
    for (const user of [viewer, outsider]) {
      await expect(upload(user, 'attachments', path())).rejects.toMatchObject({ code: '42501' });
    }
  });

  test('the path must name a task of that workspace, in the <workspace>/<task>/<uuid>/<file> shape', async () => {
    const other = await createWorkspace({ member: member });
    await expect(
      upload(member, 'attachments', `${other.id}/${task}/${crypto.randomUUID()}/x.pdf`),
    ).rejects.toMatchObject({
      code: '42501',
    });
    await expect(upload(member, 'attachments', `${ws.id}/${task}/x.pdf`)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(upload(member, 'attachments', `not-a-uuid/${task}/u/x.pdf`)).rejects.toMatchObject({
      code: '42501',
    });
  });

  /** A file with its attachments row: files are read (and so removed) through the row (decision 076). */
  async function attached(name: string, owner: User) {
    await db`insert into storage.objects (bucket_id, name, owner_id) values ('attachments', ${name}, ${owner.id})`;
    await db`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
             values (${task}, ${name}, 'report.pdf', 'application/pdf', 1, ${owner.id})`;
  }

  test('members read; the uploader or an admin deletes', async () => {
    const name = path();
    await attached(name, member);
    for (const user of [ws.owner, admin, member, viewer]) {
      expect(
        await asUser(user, (tx) => tx`select id from storage.objects where name = ${name}`),
      ).toHaveLength(1);
    }
    expect(
      await asUser(outsider, (tx) => tx`select id from storage.objects where name = ${name}`),
    ).toHaveLength(0);
    expect(await remove(viewer, 'attachments', name)).toHaveLength(0);
    expect(await remove(outsider, 'attachments', name)).toHaveLength(0);
    expect(await remove(member, 'attachments', name)).toHaveLength(1);
    expect(await remove(admin, 'attachments', name)).toHaveLength(1);
    const someoneElses = path();
    await attached(someoneElses, admin);
    expect(await remove(member, 'attachments', someoneElses)).toHaveLength(0);
  });
});

describe('realtime', () => {
  test('the live tables are in the supabase_realtime publication', async () => {
    const rows = await db`select tablename from pg_publication_tables
                          where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`;
    expect(rows.map((r) => r.tablename)).toEqual([
      'attachments',
      'boards',
      'checklist_items',
      'columns',
      'comments',
      'labels',
      'task_labels',
      'tasks',
      // Not workspace_members: its changes go over a private channel (decision 068).
    ]);
  });
});

describe('profiles', () => {
  test('are created with the auth user, from the display name in the metadata or the email', async () => {
    const named = await createUser('Named Person');
    const [profile] = await db`select display_name from public.profiles where id = ${named.id}`;
    expect(profile).toEqual({ display_name: 'Named Person' });
    const id = crypto.randomUUID();
    await db`insert into auth.users (id, email, raw_user_meta_data) values (${id}, 'plain.jane@example.com', ${db.json({ display_name: ' \t\n ' })})`;
    const [fallback] = await db`select display_name from public.profiles where id = ${id}`;
    expect(fallback).toEqual({ display_name: 'plain.jane' });
    const padded = crypto.randomUUID();
    await db`insert into auth.users (id, email, raw_user_meta_data) values (${padded}, 'p@example.com', ${db.json({ display_name: `\t Pat ${'x'.repeat(70)}` })})`;
    const [cut] = await db`select display_name from public.profiles where id = ${padded}`;
    expect(cut!.display_name).toBe(`Pat ${'x'.repeat(54)}`);
  });
});
